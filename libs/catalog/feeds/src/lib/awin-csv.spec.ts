import { awinDestination, parseAwinCsv, readAwinCsv } from './awin-csv';
import type { FeedRow } from './offer';
import { FeedFormatError } from './stream';

// Create-a-Feed's default columns, then optional ones a publisher ticks (Awin's column descriptions).
const COLUMNS = [
  'aw_deep_link', 'product_name', 'aw_product_id', 'merchant_product_id', 'merchant_image_url', 'description', 'merchant_category',
  'search_price', 'merchant_name', 'merchant_id', 'category_name', 'category_id', 'aw_image_url', 'currency', 'store_price',
  'delivery_cost', 'merchant_deep_link', 'language', 'last_updated', 'display_price', 'data_feed_id', 'brand_name', 'condition',
  'model_number', 'rrp_price', 'in_stock', 'stock_status', 'ean', 'upc', 'mpn', 'product_GTIN', 'Fashion:size',
];

/** Awin's tracking link to a merchant page, as `aw_deep_link` holds it. */
const tracking = (page: string) => `https://www.awin1.com/cread.php?awinmid=6123&awinaffid=123456&clickref=&ued=${encodeURIComponent(page)}`;

const base: Record<string, string> = {
  aw_product_id: '34871234567',
  merchant_product_id: 'WH1000XM5B',
  product_name: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones, Black',
  description: 'Industry-leading noise cancellation with eight microphones and the Integrated Processor V1.',
  merchant_category: 'Headphones',
  category_name: 'Headphones',
  category_id: '597',
  merchant_name: 'Example Electricals UK',
  merchant_id: '6123',
  merchant_image_url: 'https://www.example-electricals.co.uk/images/wh1000xm5b.jpg',
  aw_image_url: 'https://images2.productserve.com/?w=200&h=200&url=https%3A%2F%2Fwww.example-electricals.co.uk%2Fimages%2Fwh1000xm5b.jpg',
  merchant_deep_link: 'https://www.example-electricals.co.uk/sony-wh-1000xm5-black/p/WH1000XM5B',
  search_price: '279.00',
  store_price: '279.00',
  display_price: 'GBP279.00',
  currency: 'GBP',
  delivery_cost: '0.00',
  language: 'en',
  last_updated: '2026-11-20 04:12:33',
  data_feed_id: '81234',
  brand_name: 'Sony',
  condition: 'new',
  model_number: 'WH-1000XM5',
  rrp_price: '379.99',
  in_stock: '1',
  stock_status: 'in stock',
  ean: '4548736132610',
  mpn: 'WH1000XM5B.CE7',
};
base['aw_deep_link'] = tracking(base['merchant_deep_link'] as string);

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvRow = (values: Record<string, string>, columns = COLUMNS, delimiter = ',') =>
  columns.map((c) => (delimiter === ',' ? quote(values[c] ?? '') : (values[c] ?? ''))).join(delimiter);
const feed = (rows: Array<Record<string, string>>) => [COLUMNS.join(','), ...rows.map((r) => csvRow(r))].join('\n');

async function rowsOf(text: string | string[]): Promise<FeedRow[]> {
  const rows: FeedRow[] = [];
  for await (const row of readAwinCsv(text, { retailer: 'example-electricals' })) rows.push(row);
  return rows;
}

describe('Awin product feed (CSV)', () => {
  it('reads a row into an offer at the merchant’s own page, not Awin’s tracking link', async () => {
    const [row] = await rowsOf(feed([base]));
    expect(row).toEqual({
      line: 2,
      offer: {
        externalId: 'WH1000XM5B',
        retailer: 'example-electricals',
        url: 'https://www.example-electricals.co.uk/sony-wh-1000xm5-black/p/WH1000XM5B',
        title: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones, Black',
        description: 'Industry-leading noise cancellation with eight microphones and the Integrated Processor V1.',
        brand: 'Sony',
        mpn: 'WH1000XM5B.CE7',
        gtin: '4548736132610',
        priceCents: 27900,
        currency: 'GBP',
        compareAtPriceCents: 37999,
        shippingCents: 0,
        availability: 'in_stock',
        condition: 'new',
        imageUrl: 'https://www.example-electricals.co.uk/images/wh1000xm5b.jpg',
        category: 'Headphones',
      },
    });
  });

  it('falls back column by column: Awin’s id, the tracked page, store and display prices, model number, Awin’s image', async () => {
    const page = 'https://www.example-electricals.co.uk/samsung-qe55q80c/p/QE55Q80C';
    const result = await parseAwinCsv(
      feed([
        {
          aw_product_id: '34870000001',
          product_name: 'Samsung QE55Q80C 55" QLED 4K HDR Smart TV',
          aw_deep_link: tracking(page),
          display_price: 'GBP899.00',
          model_number: 'QE55Q80CATXXU',
          aw_image_url: 'https://images2.productserve.com/?w=200&h=200&url=qe55q80c.jpg',
          category_name: 'Televisions',
        },
        { ...base, merchant_product_id: 'B2', search_price: '', store_price: '25.50', currency: 'gbp' },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.offers[0]).toEqual({
      externalId: '34870000001',
      url: page,
      title: 'Samsung QE55Q80C 55" QLED 4K HDR Smart TV',
      mpn: 'QE55Q80CATXXU',
      priceCents: 89900,
      currency: 'GBP',
      availability: 'unknown',
      condition: 'new',
      imageUrl: 'https://images2.productserve.com/?w=200&h=200&url=qe55q80c.jpg',
      category: 'Televisions',
    });
    expect(result.offers[1]).toMatchObject({ externalId: 'B2', priceCents: 2550, currency: 'GBP' });
  });

  it('reads the alternate images as further images', async () => {
    const columns = [...COLUMNS, 'alternate_image', 'alternate_image_two', 'alternate_image_three', 'alternate_image_four'];
    const row = { ...base, alternate_image: 'https://www.example-electricals.co.uk/images/wh1000xm5b-2.jpg', alternate_image_three: 'https://www.example-electricals.co.uk/images/wh1000xm5b-3.jpg' };
    const [read] = await rowsOf([columns.join(','), csvRow(row, columns)].join('\n'));
    expect(read?.offer?.imageUrl).toBe('https://www.example-electricals.co.uk/images/wh1000xm5b.jpg');
    expect(read?.offer?.additionalImageUrls).toEqual([
      'https://www.example-electricals.co.uk/images/wh1000xm5b-2.jpg',
      'https://www.example-electricals.co.uk/images/wh1000xm5b-3.jpg',
    ]);
  });

  it('rejects rows without a title, link or price, naming Awin’s columns', async () => {
    const result = await parseAwinCsv(
      feed([
        { ...base, merchant_product_id: 'NO-TITLE', product_name: '' },
        { ...base, merchant_product_id: 'NO-LINK', merchant_deep_link: '', aw_deep_link: 'https://www.awin1.com/cread.php?awinmid=6123&awinaffid=123456' },
        { ...base, merchant_product_id: 'NO-PRICE', search_price: '', store_price: '', display_price: '' },
        { ...base, merchant_product_id: 'BAD-PRICE', search_price: 'POA' },
        { ...base, merchant_product_id: 'BAD-CONDITION', condition: 'ex-display' },
        { ...base, merchant_product_id: 'WH1000XM5B' },
        { ...base },
      ]),
    );
    expect(result.total).toBe(7);
    expect(result.offers.map((o) => o.externalId)).toEqual(['WH1000XM5B']);
    expect(result.errors).toEqual([
      { line: 2, field: 'product_name', reason: 'is required' },
      { line: 3, field: 'merchant_deep_link', reason: 'is required' },
      { line: 4, field: 'search_price', reason: 'is required' },
      { line: 5, field: 'search_price', reason: '"POA" is not a price (expected e.g. "15.00 USD")' },
      { line: 6, field: 'condition', reason: '"ex-display" is not one of new, refurbished, used' },
      { line: 8, field: 'merchant_product_id', reason: 'duplicates the id on line 7' },
    ]);
  });

  it('keeps the offer when only an extra goes wrong: the bad GTIN, delivery cost or stock text is left out with a warning', async () => {
    const rows = await rowsOf(
      feed([
        { ...base, merchant_product_id: 'G1', ean: 'N/A', upc: '', product_GTIN: '' },
        { ...base, merchant_product_id: 'G2', ean: '4548736132611', product_GTIN: '036000291452' },
        { ...base, merchant_product_id: 'D1', delivery_cost: 'See website', stock_status: 'ask in store', in_stock: '' },
        { ...base, merchant_product_id: 'D2', delivery_cost: 'Free delivery', rrp_price: '199.00', condition: 'Used - Very Good' },
        { ...base, merchant_product_id: 'S1', stock_status: '', in_stock: '0' },
      ]),
    );
    expect(rows.map((r) => r.errors)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(rows[0]?.offer).not.toHaveProperty('gtin');
    expect(rows[0]?.warnings).toEqual([{ line: 2, field: 'ean', reason: '"N/A" left out: must contain digits only' }]);
    // The first valid GTIN among product_GTIN, ean, upc, isbn.
    expect(rows[1]?.offer?.gtin).toBe('036000291452');
    expect(rows[1]?.warnings).toBeUndefined();
    expect(rows[2]?.offer).toMatchObject({ availability: 'unknown' });
    expect(rows[2]?.offer).not.toHaveProperty('shippingCents');
    expect(rows[2]?.warnings).toEqual([
      { line: 4, field: 'delivery_cost', reason: '"See website" left out: "See website" is not a price (expected e.g. "15.00 USD")' },
      { line: 4, field: 'stock_status', reason: '"ask in store" is no stock state: availability unknown' },
    ]);
    // An RRP below the price is no compare-at price.
    expect(rows[3]?.offer).toMatchObject({ shippingCents: 0, condition: 'used' });
    expect(rows[3]?.offer).not.toHaveProperty('compareAtPriceCents');
    expect(rows[4]?.offer?.availability).toBe('out_of_stock');
  });

  it('reads the other delimiters Create-a-Feed offers, quoted fields across lines and a byte-order mark', async () => {
    const columns = ['merchant_product_id', 'product_name', 'description', 'search_price', 'currency', 'merchant_deep_link', 'stock_status'];
    const values: Record<string, string> = { ...base, description: 'Two lines:\nfolds flat | with case' };
    for (const delimiter of ['|', '\t', ';']) {
      const text = `\uFEFF${columns.join(delimiter)}\r\n${columns.map((c) => (c === 'description' ? `"${values[c]}"` : values[c])).join(delimiter)}\r\n`;
      const result = await parseAwinCsv(text);
      expect(result.errors).toEqual([]);
      expect(result.offers).toEqual([expect.objectContaining({ externalId: 'WH1000XM5B', description: 'Two lines:\nfolds flat | with case', priceCents: 27900 })]);
    }
  });

  it('gives the same rows however the text is chunked', async () => {
    const text = feed([base, { ...base, merchant_product_id: 'X2', search_price: '9,99', currency: 'EUR' }, { ...base, merchant_product_id: 'X3', product_name: '' }]);
    const whole = await rowsOf(text);
    expect(whole.map((r) => r.offer?.priceCents ?? r.errors)).toEqual([27900, 999, [{ line: 4, field: 'product_name', reason: 'is required' }]]);
    for (const size of [1, 7, 64]) expect(await rowsOf(text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [])).toEqual(whole);
  });

  it('takes the default currency when the feed has no currency column', async () => {
    const text = 'merchant_product_id,product_name,search_price,merchant_deep_link\nA,Kettle,19.99,https://shop.example.com/a\n';
    expect((await parseAwinCsv(text, { defaultCurrency: 'EUR' })).offers[0]).toMatchObject({ priceCents: 1999, currency: 'EUR' });
    expect((await parseAwinCsv(text)).errors).toEqual([{ line: 2, field: 'search_price', reason: '"19.99" has no currency (expected e.g. "15.00 USD")' }]);
  });

  it('refuses a file that is no Awin feed, naming the missing columns', async () => {
    await expect(parseAwinCsv('id,title,link,price\n1,x,https://x.example/1,1 USD\n')).rejects.toThrow(
      new FeedFormatError(
        'The header row of the Awin product feed lacks the required columns merchant_product_id (or aw_product_id), product_name, merchant_deep_link (or aw_deep_link), search_price (or store_price, display_price)',
        'header',
      ),
    );
    await expect(parseAwinCsv('')).rejects.toThrow('The Awin product feed is empty');
  });

  it('reports rows with more values than columns and unclosed quotes', async () => {
    const header = 'merchant_product_id,product_name,search_price,currency,merchant_deep_link';
    const result = await parseAwinCsv(`${header}\nA,Kettle,1,GBP,https://x.example/a,surplus\nB,"Toaster,1,GBP,https://x.example/b\n`);
    expect(result.errors).toEqual([
      { line: 2, field: 'row', reason: 'has 6 columns but the header has 5' },
      { line: 3, field: 'row', reason: 'has a quoted field that is never closed' },
    ]);
  });
});

describe('awinDestination', () => {
  it('reads the page from an Awin tracking link', () => {
    expect(awinDestination('https://www.awin1.com/cread.php?awinmid=6123&awinaffid=123456&ued=https%3A%2F%2Fshop.example.com%2Fp%2F1')).toBe('https://shop.example.com/p/1');
    expect(awinDestination('https://www.awin1.com/cread.php?awinmid=6123&awinaffid=123456')).toBeUndefined();
    expect(awinDestination('https://shop.example.com/p/1?ued=https://other.example')).toBeUndefined();
    expect(awinDestination('not a url')).toBeUndefined();
  });
});
