import { hostMatchesDomain, normalizeHost, stripWww } from './host';

describe('normalizeHost', () => {
  it('lower-cases and trims', () => {
    expect(normalizeHost('  WWW.Amazon.COM ')).toBe('www.amazon.com');
  });

  it('removes a port and a trailing dot', () => {
    expect(normalizeHost('amazon.com:8443')).toBe('amazon.com');
    expect(normalizeHost('amazon.com.')).toBe('amazon.com');
  });

  it('reads the host of a full http(s) URL', () => {
    expect(normalizeHost('https://Smile.Amazon.com/dp/B000000000?x=1')).toBe('smile.amazon.com');
  });

  it('converts international names to punycode', () => {
    expect(normalizeHost('bücher.de')).toBe('xn--bcher-kva.de');
  });

  it.each(['', '   ', 'amazon.com/dp/x', 'user@amazon.com', 'ama zon.com', 'a?b', 'a#b', 'ftp://amazon.com'])(
    'answers null for %j',
    (input) => {
      expect(normalizeHost(input)).toBeNull();
    },
  );

  it('answers what URL parsing answers for hosts that look canonical, numeric or punycode', () => {
    const viaUrl = (host: string) => (URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : null);
    for (const host of ['amazon.com', 'smile.amazon.co.uk', 'a-b.c-d.example', '0x7f.1', '127.0.0.1', '1.2.3.0x10', 'shop.123', 'xn--bcher-kva.example', 'localhost']) {
      expect(normalizeHost(host)).toBe(viaUrl(host));
    }
    expect(normalizeHost('0x7f.0.0.1')).toBe('127.0.0.1');
    expect(normalizeHost('shop.123')).toBeNull();
  });

  it('answers null for non-strings', () => {
    expect(normalizeHost(undefined as unknown as string)).toBeNull();
  });
});

describe('stripWww', () => {
  it('removes one leading www. only', () => {
    expect(stripWww('www.amazon.com')).toBe('amazon.com');
    expect(stripWww('www.www.amazon.com')).toBe('www.amazon.com');
    expect(stripWww('wwwamazon.com')).toBe('wwwamazon.com');
    expect(stripWww('shop.www.com')).toBe('shop.www.com');
  });
});

describe('hostMatchesDomain', () => {
  it('matches the domain itself', () => {
    expect(hostMatchesDomain('amazon.com', 'amazon.com')).toBe(true);
  });

  it('matches true subdomains at any depth', () => {
    expect(hostMatchesDomain('smile.amazon.com', 'amazon.com')).toBe(true);
    expect(hostMatchesDomain('a.b.amazon.com', 'amazon.com')).toBe(true);
  });

  it('never matches look-alikes', () => {
    expect(hostMatchesDomain('notamazon.com', 'amazon.com')).toBe(false);
    expect(hostMatchesDomain('amazon.com.evil.com', 'amazon.com')).toBe(false);
    expect(hostMatchesDomain('amazon.co', 'amazon.com')).toBe(false);
    expect(hostMatchesDomain('amazon.com.au', 'amazon.com')).toBe(false);
  });

  it('never matches empty input', () => {
    expect(hostMatchesDomain('', 'amazon.com')).toBe(false);
    expect(hostMatchesDomain('amazon.com', '')).toBe(false);
  });
});
