import { getRetailer, isRetailerId, RETAILER_IDS, RETAILER_LIST, RETAILERS, retailerDomainForHost, retailerForHost, retailerForUrl } from './retailers';

describe('retailer registry', () => {
  it('holds the nine affiliate retailers in order', () => {
    expect(RETAILER_IDS).toEqual(['amazon', 'ebay', 'walmart', 'target', 'bestbuy', 'apple', 'playstation', 'newegg', 'costco']);
    expect(RETAILER_LIST.map((retailer) => retailer.id)).toEqual([...RETAILER_IDS]);
  });

  it('uses the display names shoppers know', () => {
    expect(RETAILER_LIST.map((retailer) => retailer.name)).toEqual([
      'Amazon',
      'eBay',
      'Walmart',
      'Target',
      'Best Buy',
      'Apple',
      'PlayStation',
      'Newegg',
      'Costco',
    ]);
  });

  it('gives every retailer an id equal to its key, a primary domain it serves and no domain shared with another', () => {
    const seen = new Set<string>();
    for (const id of RETAILER_IDS) {
      const retailer = RETAILERS[id];
      expect(retailer.id).toBe(id);
      expect(retailerForHost(retailer.primaryDomain)?.id).toBe(id);
      for (const domain of retailer.domains) {
        expect(seen.has(domain)).toBe(false);
        seen.add(domain);
        expect(domain).toBe(domain.toLowerCase());
        expect(domain.startsWith('www.')).toBe(false);
      }
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(RETAILERS)).toBe(true);
  });
});

describe('isRetailerId / getRetailer', () => {
  it('knows the nine ids and nothing else', () => {
    expect(isRetailerId('bestbuy')).toBe(true);
    expect(isRetailerId('best buy')).toBe(false);
    expect(isRetailerId(undefined)).toBe(false);
    expect(getRetailer('costco')?.name).toBe('Costco');
    expect(getRetailer('etsy')).toBeNull();
  });
});

describe('retailerForHost', () => {
  it.each([
    ['amazon.com', 'amazon'],
    ['www.amazon.com', 'amazon'],
    ['smile.amazon.com', 'amazon'],
    ['amazon.co.uk', 'amazon'],
    ['www.amazon.de', 'amazon'],
    ['amazon.co.jp', 'amazon'],
    ['amazon.com.au', 'amazon'],
    ['amzn.to', 'amazon'],
    ['ebay.com', 'ebay'],
    ['www.ebay.co.uk', 'ebay'],
    ['m.ebay.de', 'ebay'],
    ['walmart.com', 'walmart'],
    ['www.walmart.ca', 'walmart'],
    ['goto.walmart.com', 'walmart'],
    ['www.target.com', 'target'],
    ['bestbuy.com', 'bestbuy'],
    ['www.bestbuy.ca', 'bestbuy'],
    ['www.apple.com', 'apple'],
    ['apps.apple.com', 'apple'],
    ['direct.playstation.com', 'playstation'],
    ['playstation.com', 'playstation'],
    ['store.playstation.com', 'playstation'],
    ['www.newegg.com', 'newegg'],
    ['newegg.ca', 'newegg'],
    ['www.costco.com', 'costco'],
    ['costco.ca', 'costco'],
  ])('%s is %s', (host, id) => {
    expect(retailerForHost(host)?.id).toBe(id);
  });

  it('ignores case, port and a trailing dot', () => {
    expect(retailerForHost('WWW.AMAZON.COM:443')?.id).toBe('amazon');
    expect(retailerForHost('bestbuy.com.')?.id).toBe('bestbuy');
  });

  it.each([
    'notamazon.com',
    'amazon.com.evil.com',
    'myamazon.com',
    'amazon-deals.com',
    'ebay.com.phish.net',
    'fakewalmart.com',
    'target.com.au',
    'bestbuy.co',
    'apple.co',
    'playstation.net',
    'example.com',
    '',
    'not a host',
  ])('%j is no retailer', (host) => {
    expect(retailerForHost(host)).toBeNull();
  });
});

describe('retailerDomainForHost agrees with a scan of the registry in order', () => {
  const scan = (host: string) => {
    const normalized = host.trim().toLowerCase();
    for (const retailer of RETAILER_LIST) {
      for (const domain of retailer.domains) {
        if (normalized === domain || normalized.endsWith(`.${domain}`)) return { retailer, domain };
      }
    }
    return null;
  };
  it('for every registry domain, its subdomains, look-alikes and unrelated hosts', () => {
    const hosts = RETAILER_LIST.flatMap((r) => r.domains.flatMap((d) => [d, `www.${d}`, `a.b.${d}`, `x${d}`, `${d}.evil.example`, d.split('.').slice(1).join('.')]));
    for (const host of [...hosts, 'example.com', 'localhost', 'com']) expect(retailerDomainForHost(host)).toEqual(scan(host));
  });
});

describe('retailerDomainForHost', () => {
  it('answers the registry domain the host falls under', () => {
    expect(retailerDomainForHost('smile.amazon.com')).toEqual({ retailer: RETAILERS.amazon, domain: 'amazon.com' });
    expect(retailerDomainForHost('www.amazon.co.uk')?.domain).toBe('amazon.co.uk');
    expect(retailerDomainForHost('evil.com')).toBeNull();
  });
});

describe('retailerForUrl', () => {
  it('reads the retailer of an http(s) URL', () => {
    expect(retailerForUrl('https://www.amazon.com/dp/B08N5WRWNW')?.id).toBe('amazon');
    expect(retailerForUrl(new URL('http://www.walmart.com/ip/123'))?.id).toBe('walmart');
  });

  it('answers null for other schemes, unparsable input and look-alikes', () => {
    expect(retailerForUrl('ftp://amazon.com/file')).toBeNull();
    expect(retailerForUrl('amazon.com/dp/B08N5WRWNW')).toBeNull();
    expect(retailerForUrl('https://amazon.com.evil.com/dp/B08N5WRWNW')).toBeNull();
    expect(retailerForUrl('https://evil.com/?u=https://amazon.com')).toBeNull();
  });

  it('uses the host, never the user info', () => {
    expect(retailerForUrl('https://amazon.com@evil.com/')).toBeNull();
    expect(retailerForUrl('https://evil.com@amazon.com/')?.id).toBe('amazon');
  });
});
