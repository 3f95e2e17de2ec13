import { detectFeedFormat, parseFeed } from './detect';
import { FeedFormatError } from './stream';

describe('feed format detection', () => {
  it('recognises the three formats', () => {
    expect(detectFeedFormat('\uFEFF<?xml version="1.0"?><rss>')).toBe('gmc-xml');
    expect(detectFeedFormat('  {"products": []}')).toBe('shopify-json');
    expect(detectFeedFormat('id\ttitle\tlink\tprice\r\nA\tB\tC\tD')).toBe('gmc-tsv');
    expect(detectFeedFormat('id,title,link,price\n')).toBeUndefined();
  });

  it('parses by the detected format', async () => {
    const tsv = await parseFeed('id\ttitle\tlink\tprice\nA\tLamp\thttps://x.example/a\t10 USD\n');
    expect(tsv).toMatchObject({ format: 'gmc-tsv', total: 1, offers: [{ externalId: 'A', priceCents: 1000 }] });
    const json = await parseFeed(
      JSON.stringify({ products: [{ id: 1, title: 'Mug', handle: 'mug', variants: [{ id: 9, title: 'Default Title', price: '8.00', available: true }] }] }),
      { store: 'shop.example.com', currency: 'EUR' },
    );
    expect(json).toMatchObject({ format: 'shopify-json', offers: [{ externalId: '9', currency: 'EUR', url: 'https://shop.example.com/products/mug?variant=9' }] });
  });

  it('refuses unknown files and Shopify files without a store', async () => {
    await expect(parseFeed('id,title\n1,x\n')).rejects.toThrow(FeedFormatError);
    await expect(parseFeed('{"products":[]}')).rejects.toThrow('A Shopify products file needs the store it belongs to');
  });
});
