import { parseGmcTsv, readGmcTsv } from './gmc-tsv';
import type { FeedProgress } from './offer';
import { FeedFormatError } from './stream';

const header = ['g:id', 'g:title', 'g:description', 'g:link', 'g:image_link', 'g:price', 'g:sale_price', 'g:availability', 'g:brand', 'g:gtin', 'g:mpn', 'g:condition', 'g:product_type', 'g:shipping'];
const row = (values: Partial<Record<string, string>>) => header.map((h) => values[h.slice(2)] ?? '').join('\t');
const base = {
  id: 'SKU-1',
  title: 'Sony WH-1000XM5 Wireless Headphones',
  link: 'https://shop.example.com/p/sku-1',
  price: '349.99 USD',
  availability: 'in stock',
  brand: 'Sony',
  gtin: '4006381333931',
  mpn: 'WH1000XM5/B',
};

describe('Google Merchant Center TSV', () => {
  it('reads additional_image_link: links separated by commas, a bad one left out with a warning, the main one not repeated', async () => {
    const text = [
      ['id', 'title', 'link', 'price', 'image_link', 'additional_image_link'].join('\t'),
      ['A', 'Kettle', 'https://shop.example.com/a', '20 USD', 'https://cdn.example.com/a.jpg', 'https://cdn.example.com/a-2.jpg, https://img.example.net/w_200,h_200/a-3.jpg,https://cdn.example.com/a.jpg,http://[bad]/a-4.jpg'].join('\t'),
      ['B', 'Toaster', 'https://shop.example.com/b', '30 USD', '', 'https://cdn.example.com/b-1.jpg,https://cdn.example.com/b-2.jpg'].join('\t'),
      ['C', 'Mixer', 'https://shop.example.com/c', '40 USD', 'https://cdn.example.com/c.jpg', ''].join('\t'),
    ].join('\n');
    const rows = [];
    for await (const row of readGmcTsv(text)) rows.push(row);
    expect(rows.map((row) => [row.offer?.imageUrl, row.offer?.additionalImageUrls])).toEqual([
      ['https://cdn.example.com/a.jpg', ['https://cdn.example.com/a-2.jpg', 'https://img.example.net/w_200,h_200/a-3.jpg']],
      // No main image: the first further one is.
      ['https://cdn.example.com/b-1.jpg', ['https://cdn.example.com/b-2.jpg']],
      ['https://cdn.example.com/c.jpg', undefined],
    ]);
    expect(rows[0]?.warnings).toEqual([{ line: 2, field: 'additional_image_link', reason: '"http://[bad]/a-4.jpg" left out: must be an absolute http(s) URL' }]);
  });

  it('reads good rows and skips bad ones with the column name and line', async () => {
    const text = [
      header.join('\t'),
      row({ ...base, sale_price: '299.99 USD', shipping: 'US:CA:Overnight:16.00 USD,US::Standard:0 USD', product_type: 'Electronics > Audio > Headphones', image_link: 'https://cdn.example.com/1.jpg', description: 'Noise cancelling.' }),
      row({ ...base, id: 'SKU-2', price: 'twelve' }),
      row({ ...base, id: 'SKU-3', gtin: '4006381333932' }),
      row({ ...base, id: 'SKU-4', link: 'javascript:alert(1)', availability: 'out of stock' }),
      row({ ...base, id: 'SKU-5', price: '1,299.00 USD', availability: 'out_of_stock', condition: 'refurbished', shipping: 'CA::Standard:5 USD' }),
      row({ ...base, id: 'SKU-1', title: 'Duplicate' }),
    ].join('\n');
    const result = await parseGmcTsv(text, { retailer: 'example' });
    expect(result.total).toBe(6);
    // SKU-3's GTIN has a wrong check digit: the offer stays, without it.
    expect(result.offers).toEqual([
      {
        externalId: 'SKU-1',
        retailer: 'example',
        title: 'Sony WH-1000XM5 Wireless Headphones',
        description: 'Noise cancelling.',
        url: 'https://shop.example.com/p/sku-1',
        imageUrl: 'https://cdn.example.com/1.jpg',
        priceCents: 34999,
        currency: 'USD',
        salePriceCents: 29999,
        shippingCents: 0,
        availability: 'in_stock',
        condition: 'new',
        brand: 'Sony',
        gtin: '4006381333931',
        mpn: 'WH1000XM5/B',
        category: 'Electronics > Audio > Headphones',
      },
      expect.objectContaining({ externalId: 'SKU-3', mpn: 'WH1000XM5/B' }),
      expect.objectContaining({ externalId: 'SKU-5', priceCents: 129900, availability: 'out_of_stock', condition: 'refurbished' }),
    ]);
    expect(result.offers[1]).not.toHaveProperty('gtin');
    expect(result.offers[2]?.shippingCents).toBeUndefined();
    expect(result.errors).toEqual([
      { line: 3, field: 'g:price', reason: '"twelve" is not a price (expected e.g. "15.00 USD")' },
      { line: 5, field: 'g:link', reason: 'must be an absolute http(s) URL' },
      { line: 7, field: 'g:id', reason: 'duplicates the id on line 2' },
    ]);
  });

  it('tolerates unprefixed and spaced headers, quotes, CRLF, a BOM and empty trailing columns', async () => {
    const text =
      '\uFEFFid\tTitle\tLink\tPrice\tImage Link\tunknown column\r\n' +
      'A1\t"Samsung 65"" QLED, 4K"\thttps://s.example.com/a1\t"1,299.99 USD"\t\t\t\t\r\n' +
      '\r\n' +
      'A2\tLG OLED\thttps://s.example.com/a2\t15,00 EUR\r\n';
    const result = await parseGmcTsv(text);
    expect(result.errors).toEqual([]);
    expect(result.offers.map((o) => [o.externalId, o.title, o.priceCents, o.currency])).toEqual([
      ['A1', 'Samsung 65" QLED, 4K', 129999, 'USD'],
      ['A2', 'LG OLED', 1500, 'EUR'],
    ]);
    expect(result.total).toBe(2);
  });

  it('reports rows with extra values and unterminated quotes', async () => {
    const text = 'id\ttitle\tlink\tprice\nA\tT\thttps://x.example/a\t1 USD\textra\nB\t"open\thttps://x.example/b\t1 USD\n';
    const result = await parseGmcTsv(text);
    expect(result.offers).toEqual([]);
    expect(result.errors).toEqual([
      { line: 2, field: 'row', reason: 'has 5 columns but the header has 4' },
      { line: 3, field: 'row', reason: 'has a quoted field that is never closed' },
    ]);
  });

  it('keeps the rows of a feed whose gtin column holds no GTINs, with a warning each', async () => {
    const text = 'id\ttitle\tlink\tprice\tgtin\nA\tLamp\thttps://x.example/a\t10 USD\t12345\nB\tShade\thttps://x.example/b\t5 USD\t\n';
    const rows = [];
    for await (const row of readGmcTsv(text)) rows.push(row);
    expect(rows.map((r) => r.offer?.externalId)).toEqual(['A', 'B']);
    expect(rows[0]?.warnings).toEqual([{ line: 2, field: 'gtin', reason: '"12345" left out: must be 8, 12, 13 or 14 digits with a valid check digit' }]);
    expect(rows[1]?.warnings).toBeUndefined();
  });

  it('leaves out a malformed shipping value with a warning, keeping the offer', async () => {
    const text = 'id\ttitle\tlink\tprice\tshipping\nA\tT\thttps://x.example/a\t1 USD\tUS:5 USD\n';
    const rows = [];
    for await (const r of readGmcTsv(text)) rows.push(r);
    expect(rows[0]?.errors).toBeUndefined();
    expect(rows[0]?.offer?.shippingCents).toBeUndefined();
    expect(rows[0]?.warnings).toEqual([{ line: 2, field: 'shipping', reason: '"US:5 USD" left out: is not country:region:service:price' }]);
  });

  it('throws a format error naming the missing columns', async () => {
    await expect(parseGmcTsv('id\ttitle\nA\tB\n')).rejects.toThrow(new FeedFormatError('The header row lacks the required columns link, price', 'header'));
    await expect(parseGmcTsv('')).rejects.toThrow(FeedFormatError);
  });

  it('streams rows from chunks and reports progress', async () => {
    const lines = [header.join('\t')];
    for (let i = 0; i < 25; i++) lines.push(row({ ...base, id: `ID-${i}`, price: i % 5 === 0 ? 'bad' : `${i}.50 USD` }));
    const text = lines.join('\n');
    const chunks = text.match(/[\s\S]{1,37}/g) ?? [];
    const progress: FeedProgress[] = [];
    const lineNumbers: number[] = [];
    for await (const r of readGmcTsv(chunks, { progressEvery: 10, onProgress: (p) => progress.push(p) })) lineNumbers.push(r.line);
    expect(lineNumbers).toEqual(Array.from({ length: 25 }, (_, i) => i + 2));
    expect(progress).toEqual([
      { rows: 10, offers: 8, errors: 2 },
      { rows: 20, offers: 16, errors: 4 },
      { rows: 25, offers: 20, errors: 5 },
    ]);
  });
});
