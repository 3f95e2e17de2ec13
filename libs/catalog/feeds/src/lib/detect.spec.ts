import { detectFeedFormat, parseFeed } from './detect';
import { FEED_FORMATS, TEXT_FEED_FORMATS, isFeedFormat, isTextFeedFormat, readFeedText, type TextFeedFormat } from './read-feed';
import { FeedFormatError } from './stream';

const AWIN_HEADER = 'aw_deep_link,product_name,aw_product_id,merchant_product_id,merchant_image_url,description,merchant_category,search_price,currency,merchant_deep_link';
const IMPACT_HEADER = 'CatalogItemId\tName\tDescription\tManufacturer\tUrl\tImageUrl\tCurrentPrice\tOriginalPrice\tCurrency\tStockAvailability\tGtin';

describe('feed format detection', () => {
  it('recognises every format from its first line', () => {
    expect(detectFeedFormat('\uFEFF<?xml version="1.0"?><rss>')).toBe('gmc-xml');
    expect(detectFeedFormat('  {"products": []}')).toBe('shopify');
    expect(detectFeedFormat('id\ttitle\tlink\tprice\r\nA\tB\tC\tD')).toBe('gmc-tsv');
    expect(detectFeedFormat(`${AWIN_HEADER}\n"https://www.awin1.com/cread.php?x=1",Kettle`)).toBe('awin-csv');
    expect(detectFeedFormat('"merchant_product_id"|"product_name"|"search_price"|"merchant_deep_link"\n')).toBe('awin-csv');
    expect(detectFeedFormat(`\uFEFF${IMPACT_HEADER}\r\n1\tKettle`)).toBe('impact-csv');
    expect(detectFeedFormat('Catalog Item Id,Name,Url,Current Price,Currency,Stock Availability\n')).toBe('impact-csv');
    expect(detectFeedFormat('id,title,link,price\n')).toBeUndefined();
  });

  it('parses by the detected format', async () => {
    const tsv = await parseFeed('id\ttitle\tlink\tprice\nA\tLamp\thttps://x.example/a\t10 USD\n');
    expect(tsv).toMatchObject({ format: 'gmc-tsv', total: 1, offers: [{ externalId: 'A', priceCents: 1000 }] });
    const json = await parseFeed(
      JSON.stringify({ products: [{ id: 1, title: 'Mug', handle: 'mug', variants: [{ id: 9, title: 'Default Title', price: '8.00', available: true }] }] }),
      { store: 'shop.example.com', currency: 'EUR' },
    );
    expect(json).toMatchObject({ format: 'shopify', offers: [{ externalId: '9', currency: 'EUR', url: 'https://shop.example.com/products/mug?variant=9' }] });
    const awin = await parseFeed(`${AWIN_HEADER}\n,Kettle,991,K-1,,,Kitchen,24.99,GBP,https://shop.example.co.uk/k-1\n`);
    expect(awin).toMatchObject({ format: 'awin-csv', total: 1, offers: [{ externalId: 'K-1', priceCents: 2499, currency: 'GBP' }] });
    const impact = await parseFeed(`${IMPACT_HEADER}\n7\tKettle\t\tAcme\thttps://shop.example.com/7\t\t24.99\t\tUSD\tInStock\t\n`);
    expect(impact).toMatchObject({ format: 'impact-csv', total: 1, offers: [{ externalId: '7', brand: 'Acme', availability: 'in_stock' }] });
  });

  it('refuses unknown files and Shopify files without a store', async () => {
    await expect(parseFeed('id,title\n1,x\n')).rejects.toThrow(FeedFormatError);
    await expect(parseFeed('{"products":[]}')).rejects.toThrow('A Shopify products file needs the store it belongs to');
  });
});

describe('readFeedText', () => {
  const samples: Record<TextFeedFormat, string> = {
    'gmc-tsv': 'id\ttitle\tlink\tprice\nA\tLamp\thttps://x.example/a\t10 USD\n',
    'gmc-xml': '<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A</g:id><title>Lamp</title><link>https://x.example/a</link><g:price>10 USD</g:price></item></channel></rss>',
    'awin-csv': 'merchant_product_id,product_name,search_price,currency,merchant_deep_link\nA,Lamp,10.00,USD,https://x.example/a\n',
    'impact-csv': 'CatalogItemId,Name,Url,CurrentPrice,Currency\nA,Lamp,https://x.example/a,10.00,USD\n',
  };

  it.each(TEXT_FEED_FORMATS)('streams a %s feed through its reader', async (format) => {
    const progress: number[] = [];
    const rows = [];
    for await (const row of readFeedText(format, samples[format], { retailer: 'shop', onProgress: (p) => progress.push(p.rows) })) rows.push(row);
    expect(rows).toEqual([{ line: expect.any(Number), offer: expect.objectContaining({ externalId: 'A', retailer: 'shop', title: 'Lamp', priceCents: 1000, currency: 'USD' }) }]);
    expect(progress).toEqual([1]);
  });

  it('refuses a format that is not a text format at once', () => {
    expect(() => readFeedText('shopify' as TextFeedFormat, '')).toThrow(new FeedFormatError('"shopify" is not a text feed format: expected one of gmc-tsv, gmc-xml, awin-csv, impact-csv', 'format'));
  });

  it('names the formats', () => {
    expect(FEED_FORMATS).toEqual(['gmc-tsv', 'gmc-xml', 'shopify', 'awin-csv', 'impact-csv']);
    expect(FEED_FORMATS.filter(isTextFeedFormat)).toEqual([...TEXT_FEED_FORMATS]);
    expect([isFeedFormat('shopify'), isFeedFormat('cj-csv'), isFeedFormat(undefined)]).toEqual([true, false, false]);
  });
});
