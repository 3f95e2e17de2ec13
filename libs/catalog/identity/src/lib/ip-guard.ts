/**
 * Which addresses a server-side fetch may reach: public unicast only. Everything local, private,
 * shared, reserved, multicast or embedding such an address (IPv4-mapped, 6to4, NAT64) is refused.
 */
import net from 'node:net';

export type AddressVerdict =
  | { allowed: true }
  | { allowed: false; reason: string };

type Range = [base: number, bits: number, reason: string];

const ip4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const BLOCKED_V4: Range[] = [
  [ip4(0, 0, 0, 0), 8, 'this-network address (0.0.0.0/8)'],
  [ip4(10, 0, 0, 0), 8, 'private address (10.0.0.0/8)'],
  [ip4(100, 64, 0, 0), 10, 'shared CGNAT address (100.64.0.0/10)'],
  [ip4(127, 0, 0, 0), 8, 'loopback address (127.0.0.0/8)'],
  [ip4(169, 254, 0, 0), 16, 'link-local address (169.254.0.0/16)'],
  [ip4(172, 16, 0, 0), 12, 'private address (172.16.0.0/12)'],
  [ip4(192, 0, 0, 0), 24, 'IETF protocol address (192.0.0.0/24)'],
  [ip4(192, 0, 2, 0), 24, 'documentation address (192.0.2.0/24)'],
  [ip4(192, 88, 99, 0), 24, '6to4 relay address (192.88.99.0/24)'],
  [ip4(192, 168, 0, 0), 16, 'private address (192.168.0.0/16)'],
  [ip4(198, 18, 0, 0), 15, 'benchmarking address (198.18.0.0/15)'],
  [ip4(198, 51, 100, 0), 24, 'documentation address (198.51.100.0/24)'],
  [ip4(203, 0, 113, 0), 24, 'documentation address (203.0.113.0/24)'],
  [ip4(224, 0, 0, 0), 4, 'multicast address (224.0.0.0/4)'],
  [ip4(240, 0, 0, 0), 4, 'reserved or broadcast address (240.0.0.0/4)'],
];

function inRange(value: number, base: number, bits: number): boolean {
  if (bits === 0) return true;
  const mask = (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === (base & mask) >>> 0;
}

/**
 * IPv4 in every form inet_aton accepts: dotted with 1–4 parts, each decimal, octal (leading 0)
 * or hex (0x): "127.1", "0x7f.1", "017700000001", "2130706433". Returns the 32-bit value or null.
 */
export function parseIpv4Loose(host: string): number | null {
  const parts = host.split('.');
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length < 1 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p, 8);
    else if (/^(?:0|[1-9]\d*)$/.test(p)) n = Number(p);
    else return null;
    if (!Number.isFinite(n)) return null;
    nums.push(n);
  }
  const last = nums.pop() as number;
  if (nums.some((n) => n > 255)) return null;
  if (last >= 2 ** (8 * (4 - nums.length))) return null;
  let value = 0;
  nums.forEach((n, i) => (value += n * 2 ** (8 * (3 - i))));
  return (value + last) >>> 0;
}

export function ipv4ToString(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** Eight 16-bit groups of an IPv6 address (embedded dotted IPv4 allowed, zone ignored), or null. */
export function parseIpv6(input: string): number[] | null {
  let s = input.replace(/^\[|\]$/g, '').toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!net.isIPv6(s)) return null;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const v = parseIpv4Loose(dotted[2] as string);
    if (v === null) return null;
    s = `${dotted[1]}${(v >>> 16).toString(16)}:${(v & 0xffff).toString(16)}`;
  }
  const parse = (x: string) => (x === '' ? [] : x.split(':').map((h) => parseInt(h, 16)));
  const halves = s.split('::');
  let groups: number[];
  if (halves.length === 1) groups = parse(s);
  else if (halves.length === 2) {
    const left = parse(halves[0] as string);
    const right = parse(halves[1] as string);
    const zeros = 8 - left.length - right.length;
    if (zeros < 1) return null;
    groups = [...left, ...new Array<number>(zeros).fill(0), ...right];
  } else return null;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

export interface GuardOptions {
  /** Allow 127.0.0.0/8 and ::1 (test fixtures only). */
  allowLoopback?: boolean;
}

export function checkIpv4(value: number, options: GuardOptions = {}): AddressVerdict {
  for (const [base, bits, reason] of BLOCKED_V4) {
    if (!inRange(value, base, bits)) continue;
    if (options.allowLoopback && bits === 8 && base === ip4(127, 0, 0, 0)) return { allowed: true };
    return { allowed: false, reason };
  }
  return { allowed: true };
}

export function checkIpv6(groups: readonly number[], options: GuardOptions = {}): AddressVerdict {
  const g = (i: number) => groups[i] as number;
  const embedded = (hi: number, lo: number) => ((g(hi) << 16) | g(lo)) >>> 0;
  const allZero = (from: number, to: number) => groups.slice(from, to).every((x) => x === 0);
  if (allZero(0, 8)) return { allowed: false, reason: 'unspecified address (::)' };
  if (allZero(0, 7) && g(7) === 1) {
    return options.allowLoopback ? { allowed: true } : { allowed: false, reason: 'loopback address (::1)' };
  }
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d carry an IPv4 destination.
  if (allZero(0, 5) && (g(5) === 0xffff || g(5) === 0)) {
    const v = checkIpv4(embedded(6, 7), options);
    return v.allowed ? { allowed: false, reason: 'IPv4-mapped IPv6 address' } : { allowed: false, reason: `IPv4-mapped ${v.reason}` };
  }
  if (g(0) === 0x64 && g(1) === 0xff9b) return { allowed: false, reason: 'NAT64 address (64:ff9b::/96)' };
  if (g(0) === 0x2002) return { allowed: false, reason: '6to4 address (2002::/16)' };
  if (g(0) === 0x2001 && g(1) === 0) return { allowed: false, reason: 'Teredo address (2001::/32)' };
  if (g(0) === 0x2001 && g(1) === 0xdb8) return { allowed: false, reason: 'documentation address (2001:db8::/32)' };
  if ((g(0) & 0xfe00) === 0xfc00) return { allowed: false, reason: 'unique local address (fc00::/7)' };
  if ((g(0) & 0xffc0) === 0xfe80) return { allowed: false, reason: 'link-local address (fe80::/10)' };
  if ((g(0) & 0xffc0) === 0xfec0) return { allowed: false, reason: 'site-local address (fec0::/10)' };
  if ((g(0) & 0xff00) === 0xff00) return { allowed: false, reason: 'multicast address (ff00::/8)' };
  if ((g(0) & 0xe000) !== 0x2000) return { allowed: false, reason: 'address outside global unicast (2000::/3)' };
  return { allowed: true };
}

/** Verdict for a literal address string (IPv4 in any inet_aton form, or IPv6 with or without brackets). */
export function checkAddress(address: string, options: GuardOptions = {}): AddressVerdict {
  const v6 = address.includes(':') ? parseIpv6(address) : null;
  if (v6) return checkIpv6(v6, options);
  const v4 = parseIpv4Loose(address);
  if (v4 !== null) return checkIpv4(v4, options);
  return { allowed: false, reason: `not an IP address: ${address}` };
}

/**
 * If a URL host is a numeric address in any notation, its canonical literal; otherwise null
 * (a name that needs DNS).
 */
export function literalAddress(hostname: string): { address: string; family: 4 | 6 } | null {
  const h = hostname.replace(/^\[|\]$/g, '');
  if (h.includes(':')) {
    const groups = parseIpv6(h);
    return groups ? { address: groups.map((x) => x.toString(16)).join(':'), family: 6 } : null;
  }
  const v4 = parseIpv4Loose(h);
  return v4 !== null ? { address: ipv4ToString(v4), family: 4 } : null;
}
