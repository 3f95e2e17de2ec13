/**
 * Who the shopper site's server is talking to, as the API must hear it. Every request this server passes on to the API
 * (its `/api` and `/t.js` proxy, and the calls it makes while rendering a page) carries `X-Forwarded-For` built from
 * the socket the request came in on:
 *
 * - from a browser (any peer not listed in TRUST_PROXY): the peer's address alone. Whatever `X-Forwarded-For` the
 *   browser sent is dropped, so nobody picks the address the API's sign-in and rate limits count.
 * - from a trusted proxy in front of this server (nginx, a load balancer: TRUST_PROXY lists its addresses): the
 *   incoming header with the proxy's address appended, as a proxy does. The API (whose TRUST_PROXY lists this
 *   server and that proxy) then walks the chain from the right and stops at the first address it does not trust.
 *
 * TRUST_PROXY takes the API's form: addresses and CIDR ranges, comma-separated (`127.0.0.1`, `10.0.0.0/8`, `fd00::/8`),
 * or `loopback`; unset, empty or `false` trusts no peer.
 */
import net from 'node:net';
import http from 'node:http';

export type TrustedPeer = (address: string) => boolean;

const RANGE_NAMES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

/** `::ffff:127.0.0.1` (an IPv4 peer of a dual-stack socket) is 127.0.0.1. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? (mapped[1] as string) : address;
}

/** The peers whose X-Forwarded-For this server extends, from a TRUST_PROXY setting; throws on an entry it cannot read. */
export function trustedPeers(setting: string | undefined): TrustedPeer {
  const value = (setting ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return () => false;
  if (value === 'true' || value === '1') throw new Error('TRUST_PROXY must list the addresses of the proxies in front of this server, not "true"');
  const list = new net.BlockList();
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const named = RANGE_NAMES[entry];
    if (named) {
      for (const [network, prefix, type] of named) list.addSubnet(network, prefix, type);
      continue;
    }
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (!family || rest.length || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) throw new Error(`TRUST_PROXY has an entry that is not an address or CIDR range: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = net.isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The X-Forwarded-For to send on for `req`: its peer's address, after the incoming header only when the peer is trusted. */
export function forwardedFor(req: http.IncomingMessage, trusted: TrustedPeer): string {
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  const incoming = [req.headers['x-forwarded-for']].flat().filter((value): value is string => typeof value === 'string' && value.trim() !== '').join(', ');
  return trusted(peer) && incoming ? `${incoming}, ${peer}` : peer;
}

/** The client's own forwarding claims: replaced (X-Forwarded-For) or dropped, unless a trusted proxy sent them. */
const FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip']);

/** The headers to send on to the API for `req`: as they came, but forwarding claims only from a trusted peer. */
export function upstreamHeaders(req: http.IncomingMessage, trusted: TrustedPeer, defaultHost: string): http.OutgoingHttpHeaders {
  const fromProxy = trusted(plainAddress(req.socket.remoteAddress ?? ''));
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && (fromProxy || !FORWARDING.has(name))) headers[name] = value;
  }
  headers.host = req.headers.host ?? defaultHost;
  headers['x-forwarded-for'] = forwardedFor(req, trusted);
  return headers;
}

/** Passes a request on to the API at `apiUrl` (method, headers, body) and its answer back (see `upstreamHeaders`). */
export function createApiProxy(apiUrl: URL, trusted: TrustedPeer) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const headers = upstreamHeaders(req, trusted, apiUrl.host);
    const upstream = http.request({ host: apiUrl.hostname, port: apiUrl.port || 80, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, statusCode: 502, error: 'The API did not answer' }));
    });
    req.pipe(upstream);
  };
}
