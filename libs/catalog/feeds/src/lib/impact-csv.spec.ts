import { parseImpactCsv, readImpactCsv } from './impact-csv';
import type { FeedRow } from './offer';
import { FeedFormatError } from './stream';

// Attributes of impact.com's catalog item object, as a catalog export's header names them.
const COLUMNS = [
  'CatalogItemId', 'Name', 'Description', 'Manufacturer', 'Url', 'ImageUrl', 'CurrentPrice', 'OriginalPrice', 'DiscountPercentage',
  'Currency', 'StockAvailability', 'LaunchDate', 'ShippingRate', 'Gtin', 'GtinType', 'Mpn', 'Sku', 'Category', 'SubCategory', 'Condition',
  'Labels',
];

const base: Record<string, string> = {
  CatalogItemId: '5011293',
  Name: 'Dyson V15 Detect Absolute Cordless Vacuum',
  Description: 'Laser reveals microscopic dust. Piezo sensor counts and sizes particles.',
  Manufacturer: 'Dyson',
  Url: 'https://www.example-home.com/dyson-v15-detect-absolute/446986-01',
  ImageUrl: 'https://cdn.example-home.com/img/446986-01.jpg',
  CurrentPrice: '649.99',
  OriginalPrice: '749.99',
  DiscountPercentage: '13',
  Currency: 'USD',
  StockAvailability: 'InStock',
  LaunchDate: '2021-03-15T00:00:00-07:00',
  ShippingRate: '0',
  Gtin: '885609022031',
  GtinType: 'UPC',
  Mpn: '446986-01',
  Sku: 'DY-446986-01',
  Category: 'Home & Garden',
  SubCategory: 'Vacuums',
  Condition: 'New',
  Labels: 'cordless,vacuum',
};

const tsv = (rows: Array<Record<string, string>>, columns = COLUMNS) => [columns.join('\t'), ...rows.map((r) => columns.map((c) => r[c] ?? '').join('\t'))].join('\r\n');

async function rowsOf(text: string): Promise<FeedRow[]> {
  const rows: FeedRow[] = [];
  for await (const row of readImpactCsv(text, { retailer: 'example-home' })) rows.push(row);
  return rows;
}

describe('impact.com catalog export', () => {
  it('reads AdditionalImageUrls, separated by commas or pipes', async () => {
    const columns = [...COLUMNS, 'AdditionalImageUrls'];
    const rows = await rowsOf(
      tsv(
        [
          { ...base, AdditionalImageUrls: 'https://cdn.example-home.com/img/446986-02.jpg,https://cdn.example-home.com/img/446986-03.jpg' },
          { ...base, CatalogItemId: '2', AdditionalImageUrls: 'https://cdn.example-home.com/img/2-b.jpg | https://cdn.example-home.com/img/2-c.jpg' },
        ],
        columns,
      ),
    );
    expect(rows.map((row) => row.offer?.additionalImageUrls)).toEqual([
      ['https://cdn.example-home.com/img/446986-02.jpg', 'https://cdn.example-home.com/img/446986-03.jpg'],
      ['https://cdn.example-home.com/img/2-b.jpg', 'https://cdn.example-home.com/img/2-c.jpg'],
    ]);
  });

  it('reads an item into an offer (tab-separated)', async () => {
    const [row] = await rowsOf(tsv([base]));
    expect(row).toEqual({
      line: 2,
      offer: {
        externalId: '5011293',
        retailer: 'example-home',
        url: 'https://www.example-home.com/dyson-v15-detect-absolute/446986-01',
        title: 'Dyson V15 Detect Absolute Cordless Vacuum',
        description: 'Laser reveals microscopic dust. Piezo sensor counts and sizes particles.',
        brand: 'Dyson',
        mpn: '446986-01',
        sku: 'DY-446986-01',
        gtin: '885609022031',
        priceCents: 64999,
        currency: 'USD',
        compareAtPriceCents: 74999,
        shippingCents: 0,
        availability: 'in_stock',
        condition: 'new',
        imageUrl: 'https://cdn.example-home.com/img/446986-01.jpg',
        category: 'Home & Garden > Vacuums',
      },
    });
  });

  it('reads a comma-separated export with spaced column names and every stock state', async () => {
    const columns = ['Catalog Item Id', 'Name', 'Url', 'Current Price', 'Original Price', 'Currency', 'Stock Availability'];
    const states = ['InStock', 'OutofStock', 'BackOrder', 'PreOrder', 'LimitedAvailability', 'out of stock'];
    const lines = states.map((state, i) => [`I${i}`, `"Kettle, ${state}"`, `https://shop.example.com/i${i}`, '39.00', '', 'USD', state].join(','));
    const result = await parseImpactCsv([columns.join(','), ...lines].join('\n'));
    expect(result.errors).toEqual([]);
    expect(result.offers.map((o) => o.availability)).toEqual(['in_stock', 'out_of_stock', 'backorder', 'preorder', 'in_stock', 'out_of_stock']);
    expect(result.offers[0]).toMatchObject({ title: 'Kettle, InStock', priceCents: 3900, currency: 'USD' });
    expect(result.offers[0]).not.toHaveProperty('compareAtPriceCents');
  });

  it('follows an impact.com tracking link in Url to the store’s page', async () => {
    const page = 'https://www.walmart.com/ip/Dyson-V15-Detect/123456789';
    const [row] = await rowsOf(tsv([{ ...base, Url: `https://goto.walmart.com/c/1234567/565706/9383?u=${encodeURIComponent(page)}` }]));
    expect(row?.offer?.url).toBe(page);
  });

  it('rejects items without a name, link or price and keeps the offer when only an extra goes wrong', async () => {
    const rows = await rowsOf(
      tsv([
        { ...base, CatalogItemId: 'A', Name: '' },
        { ...base, CatalogItemId: 'B', Url: 'www.example-home.com/b' },
        { ...base, CatalogItemId: 'C', CurrentPrice: '', OriginalPrice: '' },
        { ...base, CatalogItemId: 'D', CurrentPrice: '', OriginalPrice: '99.00' },
        { ...base, CatalogItemId: 'E', Gtin: '885609022037', ShippingRate: 'calculated at checkout', StockAvailability: 'Discontinued soon' },
        { ...base, CatalogItemId: 'E' },
      ]),
    );
    expect(rows.map((r) => r.errors ?? r.offer?.externalId)).toEqual([
      [{ line: 2, field: 'Name', reason: 'is required' }],
      [{ line: 3, field: 'Url', reason: 'must be an absolute http(s) URL' }],
      [{ line: 4, field: 'CurrentPrice', reason: 'is required' }],
      'D',
      'E',
      [{ line: 7, field: 'CatalogItemId', reason: 'duplicates the id on line 6' }],
    ]);
    expect(rows[3]?.offer).toMatchObject({ priceCents: 9900 });
    expect(rows[3]?.offer).not.toHaveProperty('compareAtPriceCents');
    expect(rows[4]?.offer).toMatchObject({ availability: 'unknown' });
    expect(rows[4]?.offer).not.toHaveProperty('gtin');
    expect(rows[4]?.offer).not.toHaveProperty('shippingCents');
    expect(rows[4]?.warnings).toEqual([
      { line: 6, field: 'ShippingRate', reason: '"calculated at checkout" left out: "calculated at checkout" is not a price (expected e.g. "15.00 USD")' },
      { line: 6, field: 'StockAvailability', reason: '"Discontinued soon" is no stock state: availability unknown' },
      { line: 6, field: 'Gtin', reason: '"885609022037" left out: must be 8, 12, 13 or 14 digits with a valid check digit' },
    ]);
  });

  it('refuses a header without the catalog item’s columns', async () => {
    await expect(parseImpactCsv('Id\tTitle\tLink\tPrice\n1\tx\thttps://x.example\t1\n')).rejects.toThrow(
      new FeedFormatError('The header row of the impact.com catalog lacks the required columns CatalogItemId, Name, Url, CurrentPrice', 'header'),
    );
  });
});
