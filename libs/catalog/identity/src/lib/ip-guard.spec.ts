import { checkAddress, literalAddress, parseIpv4Loose, parseIpv6 } from './ip-guard';

describe('parseIpv4Loose', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['10.1', '10.0.0.1'],
    ['169.254.43518', '169.254.169.254'],
  ])('%s is %s', (input, expected) => {
    expect(literalAddress(input)).toEqual({ address: expected, family: 4 });
  });
  it('rejects names and out-of-range parts', () => {
    expect(parseIpv4Loose('example.com')).toBeNull();
    expect(parseIpv4Loose('256.1.1.1')).toBeNull();
    expect(parseIpv4Loose('1.2.3.4.5')).toBeNull();
    expect(parseIpv4Loose('4294967296')).toBeNull();
  });
});

describe('parseIpv6', () => {
  it('expands compressed forms and embedded IPv4', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('[::ffff:127.0.0.1]')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6('2606:4700::1111')).toEqual([0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111]);
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('not:an:address')).toBeNull();
  });
});

describe('checkAddress', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '255.255.255.255', '198.18.0.1',
    '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '::ffff:169.254.169.254', '::ffff:8.8.8.8', '::127.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::', '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(checkAddress(address).allowed).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e'])(
    'allows public %s',
    (address) => {
      expect(checkAddress(address)).toEqual({ allowed: true });
    },
  );

  it('lets only loopback through when loopback is allowed', () => {
    expect(checkAddress('127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('::1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('10.0.0.1', { allowLoopback: true }).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', { allowLoopback: true }).allowed).toBe(false);
  });

  it('explains a refusal', () => {
    expect(checkAddress('169.254.169.254')).toEqual({ allowed: false, reason: 'link-local address (169.254.0.0/16)' });
  });
});
