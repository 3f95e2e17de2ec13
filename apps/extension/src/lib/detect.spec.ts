import { knownRetailerOf, productPageOf, retailerMatchPatterns } from './detect';

describe('product page detection', () => {
  it('knows a retailer’s product page by its host and the product id in its address', () => {
    expect(productPageOf('https://www.amazon.com/Lumetra-K7/dp/B0K7LUMETR?ref=x#reviews')).toMatchObject({
      retailerId: 'amazon',
      productId: 'B0K7LUMETR',
      host: 'www.amazon.com',
      url: 'https://www.amazon.com/Lumetra-K7/dp/B0K7LUMETR?ref=x',
    });
    expect(productPageOf('https://www.walmart.com/ip/Some-Thing/123456')).toMatchObject({ retailerId: 'walmart', productId: '123456' });
    expect(productPageOf('https://www.bestbuy.com/site/sony-headphones/6505727.p?skuId=6505727')).toMatchObject({ retailerId: 'bestbuy' });
    expect(productPageOf('https://www.amazon.co.uk/dp/B0K7LUMETR')).toMatchObject({ retailerId: 'amazon' });
  });

  it('answers null for every other page: unknown hosts, look-alikes, a retailer’s pages that are no product, shorteners, other schemes', () => {
    for (const url of [
      'https://www.unknown-shop.test/products/widget-123',
      'https://amazon.com.evil.example/dp/B0K7LUMETR',
      'https://www.amazon.com/gp/help/customer',
      'https://www.amazon.com/',
      'https://amzn.to/3xYzAbC',
      'file:///home/me/dp/B0K7LUMETR',
      'chrome://settings',
      'not a url',
    ]) {
      expect(productPageOf(url)).toBeNull();
    }
  });

  it('the manifest’s patterns cover the known retailers’ hosts and nothing else', () => {
    const patterns = retailerMatchPatterns();
    expect(patterns).toContain('*://*.amazon.com/*');
    expect(patterns).toContain('*://*.walmart.com/*');
    expect(patterns).not.toContain('*://*.amzn.to/*');
    expect(patterns.every((pattern) => /^\*:\/\/\*\.[a-z.]+\/\*$/.test(pattern))).toBe(true);
    expect(knownRetailerOf('smile.amazon.com')?.id).toBe('amazon');
    expect(knownRetailerOf('a.co')).toBeNull();
    expect(knownRetailerOf('example.com')).toBeNull();
  });
});
