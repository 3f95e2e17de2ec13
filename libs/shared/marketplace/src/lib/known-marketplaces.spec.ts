import { isShopifyDomain, KNOWN_MARKETPLACE_DOMAINS, KNOWN_MARKETPLACES, knownMarketplaceDomain, knownMarketplaceFor } from './known-marketplaces';

describe('known marketplaces', () => {
  it('lists the ten marketplaces of the spec', () => {
    expect(KNOWN_MARKETPLACES.map((entry) => entry.name)).toEqual([
      'Shopify',
      'Amazon',
      'eBay',
      'Etsy',
      'Walmart',
      'Target',
      'Best Buy',
      'Newegg',
      'AliExpress',
      'Alibaba',
    ]);
    expect(KNOWN_MARKETPLACE_DOMAINS.slice(0, 3)).toEqual(['myshopify.com', 'shopify.com', 'amazon.com']);
    for (const entry of KNOWN_MARKETPLACES.slice(1)) {
      // The main .com domain comes first, so it is the one answered for it.
      expect(entry.domains[0]).toMatch(/^[a-z]+\.com$/);
    }
    expect(new Set(KNOWN_MARKETPLACE_DOMAINS).size).toBe(KNOWN_MARKETPLACE_DOMAINS.length);
  });
});

describe('knownMarketplaceDomain', () => {
  it('agrees with a scan of the list in order for listed domains, subdomains, look-alikes and other hosts', () => {
    const scan = (host: string) => {
      const bare = host.startsWith('www.') ? host.slice(4) : host;
      return KNOWN_MARKETPLACE_DOMAINS.find((domain) => bare === domain || bare.endsWith(`.${domain}`)) ?? null;
    };
    const hosts = KNOWN_MARKETPLACE_DOMAINS.flatMap((d) => [d, `www.${d}`, `shop.${d}`, `x${d}`, `${d}.evil.example`, d.split('.').slice(1).join('.')]);
    for (const host of [...hosts, 'example.com', 'localhost', 'com']) expect(knownMarketplaceDomain(host)).toBe(scan(host));
  });

  it.each([
    ['amazon.com', 'amazon.com'],
    ['www.amazon.com', 'amazon.com'],
    ['smile.amazon.com', 'amazon.com'],
    ['ebay.com', 'ebay.com'],
    ['www.etsy.com', 'etsy.com'],
    ['walmart.com', 'walmart.com'],
    ['www.target.com', 'target.com'],
    ['bestbuy.com', 'bestbuy.com'],
    ['www.newegg.com', 'newegg.com'],
    ['aliexpress.com', 'aliexpress.com'],
    ['www.aliexpress.com', 'aliexpress.com'],
    ['alibaba.com', 'alibaba.com'],
    ['shopify.com', 'shopify.com'],
    ['cool-store.myshopify.com', 'myshopify.com'],
    ['www.cool-store.myshopify.com', 'myshopify.com'],
    ['www.amazon.co.uk', 'amazon.co.uk'],
    ['www.ebay.de', 'ebay.de'],
    ['www.walmart.ca', 'walmart.ca'],
    ['www.bestbuy.ca', 'bestbuy.ca'],
  ])('%s → %s', (host, domain) => {
    expect(knownMarketplaceDomain(host)).toBe(domain);
  });

  it('accepts a full URL and upper case', () => {
    expect(knownMarketplaceDomain('https://WWW.Amazon.com/dp/B08N5WRWNW')).toBe('amazon.com');
  });

  it.each(['notamazon.com', 'amazon.com.evil.com', 'myebay.com', 'notshopify.com', 'example.com', 'costco.com', 'amzn.to', 'ebay.us', 'target.com.au', '', 'a b'])(
    '%j is no known marketplace',
    (host) => {
      expect(knownMarketplaceDomain(host)).toBeNull();
    },
  );

  it('removes only the leading www. (a www label elsewhere is kept)', () => {
    expect(knownMarketplaceDomain('www.amazon.com')).toBe('amazon.com');
    expect(knownMarketplaceDomain('amazon.www.com')).toBeNull();
  });
});

describe('knownMarketplaceFor', () => {
  it('answers the marketplace entry', () => {
    expect(knownMarketplaceFor('shop.myshopify.com')?.name).toBe('Shopify');
    expect(knownMarketplaceFor('www.bestbuy.com')?.name).toBe('Best Buy');
    expect(knownMarketplaceFor('example.com')).toBeNull();
  });
});

describe('isShopifyDomain', () => {
  it.each(['cool-store.myshopify.com', 'shopify.com', 'www.shopify.com', 'COOL.MYSHOPIFY.COM', ' https://cool.myshopify.com/ '])(
    '%j contains a Shopify marker',
    (domain) => {
      expect(isShopifyDomain(domain)).toBe(true);
    },
  );

  it('follows the spec containment rule, so look-alikes containing the marker count too', () => {
    expect(isShopifyDomain('notshopify.com')).toBe(true);
  });

  it.each(['example.com', 'shopify.co', 'shop-ify.com', 'amazon.com', '', null, undefined])('%j is not Shopify', (domain) => {
    expect(isShopifyDomain(domain)).toBe(false);
  });
});
