import { bestPrice, type PricedOffer } from '@pricehunt/catalog-pricing';
import { readGmcTsv } from '@pricehunt/catalog-feeds';
import { describeOnEngine, itOnEngine, rows, run, testEngine, value, values } from '../../testing/db';
import { sqliteCatalogOf } from '../../testing/sqlite-catalog';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { importSyntheticCatalog, productForOffer } from '@pricehunt/catalog-core';
import type { SqliteCatalogServices } from '@pricehunt/storage';
import { feedOffer as offer } from '@pricehunt/storage/testing';
import { present } from '@pricehunt/contracts';

const HEADER = ['id', 'title', 'link', 'price', 'brand', 'gtin', 'mpn', 'availability', 'product_type', 'shipping'].join('\t');
const row = (cells: string[]) => cells.join('\t');

// Every behaviour holds row by row (small feeds) and on the bulk path (large feeds: in-memory decisions, a writer thread).
// Read through SQLite's own store and FTS5 index; what an import does on either engine is in ingestion.contract.spec.ts.
(testEngine() === 'sqlite' ? describe.each : describe.skip.each)([
  ['row by row', false],
  ['bulk path', true],
])('catalog ingestion, %s', (_path, bulk) => {
  let t: TestApp;
  let catalog: SqliteCatalogServices;
  const count = (table: string) => value<number>(t.app, `SELECT count(*) AS n FROM ${table}`);
  // SQLite's full-text index (FTS5): the cases that read it run on SQLite only.
  const ftsIds = (word: string) => values<number>(t.app, 'SELECT rowid FROM offers_fts WHERE offers_fts MATCH ? ORDER BY rowid', [`"${word}"`]);

  beforeEach(async () => {
    t = await buildTestApp();
    catalog = sqliteCatalogOf(t.app);
  });
  afterEach(async () => t.close());

  it('keeps the good rows of a feed, skips the bad ones and reports line, field and reason', async () => {
    const tsv = [
      HEADER,
      row(['A1', 'Sony WH-1000XM4 Wireless Headphones Black', 'https://www.bestbuy.com/site/sony-wh1000xm4/6408356.p', '348.00 USD', 'Sony', '', 'WH1000XM4/B', 'in stock', 'Electronics > Audio > Headphones', 'US:::0 USD']),
      row(['A2', 'Broken price row', 'https://www.bestbuy.com/site/x/1111111.p', 'free', 'Acme', '', '', 'in stock', '', '']),
      row(['A3', 'Bose QuietComfort 45 Headphones', 'not a url', '279.00 USD', 'Bose', '', 'QC45', 'in stock', '', '']),
      row(['A4', 'Apple AirPods Pro 2nd generation', 'https://www.bestbuy.com/site/apple-airpods-pro/4900964.p', '199.99 USD', 'Apple', '', 'MQD83AM/A', 'in stock', 'Electronics > Audio > Headphones', '']),
    ].join('\n');

    const summary = await catalog.ingestion.importRows(readGmcTsv(tsv, { retailer: 'bestbuy' }), { format: 'gmc', source: 'test.tsv' });

    expect(summary).toMatchObject({ status: 'succeeded', rows: 4, inserted: 2, skipped: 2 });
    expect(summary.errors.map((error) => [error.line, error.field])).toEqual([
      [3, 'price'],
      [4, 'link'],
    ]);
    expect(summary.errors.every((error) => error.reason.length > 0)).toBe(true);
    expect(await count('offers')).toBe(2);
    expect(await count('price_points')).toBe(2);
    const run = catalog.repository.getImportRun(summary.runId);
    expect(run).toMatchObject({ status: 'succeeded', totalRows: 4, inserted: 2, skipped: 2, format: 'gmc', source: 'test.tsv' });
    expect((run?.report as { errors: unknown[] }).errors).toHaveLength(2);
    const stored = await t.app.storage.catalog.findOfferByExternalId('bestbuy', 'A1');
    expect(stored).toMatchObject({ retailerId: 'bestbuy', priceCents: 34_800, shippingCents: 0, brand: 'Sony', category: 'Headphones' });
  });

  it("keeps another brand's listing out of a product however alike their words, alone and at its price", async () => {
    const corner = offer({ externalId: 'CK-1', url: 'https://www.cornerkitchen.example/p/ck-1', title: 'Corner Kitchen Stand Mixer 5 qt', brand: 'Corner Kitchen', priceCents: 24_900 });
    await catalog.ingestion.importOffers([corner], { format: 'gmc', source: 'corner.tsv', bulk });
    const hearth = offer({ externalId: '500000001', url: 'https://www.walmart.com/ip/hearth-stand-mixer/500000001', title: 'Hearth Stand Mixer 5 qt HSM-500', brand: 'Hearth', mpn: 'HSM-500', priceCents: 24_900 });
    await catalog.ingestion.importOffers([hearth], { format: 'gmc', source: 'hearth.tsv', bulk });
    const products = await values<number | null>(t.app, 'SELECT product_id FROM offers ORDER BY id');
    expect(products).toHaveLength(2);
    expect(products.every((id) => id !== null)).toBe(true);
    expect(new Set(products).size).toBe(2);
  });

  itOnEngine('sqlite', 'leaves the full-text index counting the words of what it wrote, for the rows and searches after it', async () => {
    const first = offer({ externalId: 'W1', url: 'https://shop-one.example/p/w1', title: 'Zorblex Kettle Steel', mpn: 'ZK-100' });
    await catalog.ingestion.importOffers([first], { format: 'gmc', source: 'one.tsv', bulk });
    expect(catalog.index.documentFrequency('zorblex')).toBe(1);
    const more = [2, 3].map((n) => offer({ externalId: `W${n}`, url: `https://shop-one.example/p/w${n}`, title: `Zorblex Toaster ${n}`, mpn: `ZT-${n}00` }));
    await catalog.ingestion.importOffers(more, { format: 'gmc', source: 'two.tsv', bulk });
    expect(catalog.index.documentFrequency('zorblex')).toBe(3);
    expect(catalog.index.documentCount()).toBe(3);
  });

  it('writes nothing of a batch the database rejects, keeps earlier batches and marks the run failed', async () => {
    // A trigger of the schema (not TEMP): every connection, the bulk writer's too, runs it.
    if (t.engine === 'sqlite') {
      await run(t.app, "CREATE TRIGGER refuse_offer BEFORE INSERT ON offers WHEN new.title LIKE '%refused%' BEGIN SELECT RAISE(ABORT, 'storage refused the row'); END");
    } else {
      await run(
        t.app,
        "CREATE FUNCTION refuse_offer() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF new.title LIKE '%refused%' THEN RAISE EXCEPTION 'storage refused the row'; END IF; RETURN new; END $$",
      );
      await run(t.app, 'CREATE TRIGGER refuse_offer BEFORE INSERT ON offers FOR EACH ROW EXECUTE FUNCTION refuse_offer()');
    }
    const samsung = offer({ externalId: 'B3', url: 'https://shop-one.example/p/b3', title: 'Samsung T7 SSD 1TB', mpn: 'MU-PC1T0T' });
    const refused = offer({ externalId: 'B4', url: 'https://shop-one.example/p/b4', title: 'This one is refused by storage', mpn: 'XX-1' });
    // A bulk batch is one transaction, so the row before the refused one goes with it; the row path's units of work end
    // after ROW_TRANSACTION_MS, where a row before it may have committed on a slow machine, so there it opens the batch.
    const offers = [
      offer({ externalId: 'B1', url: 'https://shop-one.example/p/b1', title: 'Logitech MX Master 3S Mouse', mpn: '910-006557' }),
      offer({ externalId: 'B2', url: 'https://shop-one.example/p/b2', title: 'Keychron K2 Keyboard', mpn: 'K2-A1' }),
      ...(bulk ? [samsung, refused] : [refused, samsung]),
    ];

    const summary = await catalog.ingestion.importOffers(offers, { format: 'gmc', bulk, source: 'batches', batchSize: 2 });

    expect(summary.status).toBe('failed');
    expect(summary.failure).toContain('storage refused the row');
    expect(summary.inserted).toBe(2);
    expect(await values(t.app, 'SELECT external_id FROM offers ORDER BY external_id')).toEqual(['B1', 'B2']);
    expect(await count('products')).toBe(2);
    expect(await count('price_points')).toBe(2);
    if (t.engine === 'sqlite') expect(await ftsIds('samsung')).toEqual([]);
    expect(catalog.repository.getImportRun(summary.runId)).toMatchObject({ status: 'failed', inserted: 2 });
  });

  itOnEngine('sqlite', 'keeps the full-text index in step on insert, update and delete', async () => {
    await catalog.ingestion.importOffers(
      [offer({ externalId: 'C1', url: 'https://shop-two.example/p/c1', title: 'Nikon Z6 II Mirrorless Camera', brand: 'Nikon', mpn: 'Z6II' })],
      { format: 'gmc', bulk, source: 'first' },
    );
    const id = present(await t.app.storage.catalog.findOfferByExternalId('shop-two.example', 'C1')).id;
    expect(await ftsIds('nikon')).toEqual([id]);
    expect(await ftsIds('mirrorless')).toEqual([id]);

    await catalog.ingestion.importOffers(
      [offer({ externalId: 'C1', url: 'https://shop-two.example/p/c1', title: 'Nikon Z6 II Full Frame Camera Body', brand: 'Nikon', mpn: 'Z6II' })],
      { format: 'gmc', bulk, source: 'second' },
    );
    expect(await ftsIds('mirrorless')).toEqual([]);
    expect(await ftsIds('body')).toEqual([id]);

    // A price-only change leaves the indexed text as it is.
    await catalog.ingestion.importOffers(
      [offer({ externalId: 'C1', url: 'https://shop-two.example/p/c1', title: 'Nikon Z6 II Full Frame Camera Body', brand: 'Nikon', mpn: 'Z6II', priceCents: 9_000 })],
      { format: 'gmc', bulk, source: 'third' },
    );
    expect(await ftsIds('body')).toEqual([id]);
    await run(t.app, "INSERT INTO offers_fts(offers_fts, rank) VALUES('integrity-check', 1)");

    catalog.repository.deleteOffer(id);
    expect(await ftsIds('nikon')).toEqual([]);
    expect(await ftsIds('body')).toEqual([]);
  });

  it('records a price point when the price changes and only then, and keeps the best price of the product', async () => {
    const base = { externalId: 'D1', url: 'https://shop-three.example/p/d1', title: 'Garmin Forerunner 255 GPS Watch', brand: 'Garmin', mpn: '010-02641-00' };
    const first = await catalog.ingestion.importOffers([offer({ ...base, priceCents: 34_999 })], { format: 'gmc', bulk, source: 'one' });
    expect(first.inserted).toBe(1);
    const again = await catalog.ingestion.importOffers([offer({ ...base, priceCents: 34_999 })], { format: 'gmc', bulk, source: 'two' });
    expect(again).toMatchObject({ unchanged: 1, inserted: 0, updated: 0 });
    const cheaper = await catalog.ingestion.importOffers([offer({ ...base, priceCents: 29_999, shippingCents: 500 })], { format: 'gmc', bulk, source: 'three' });
    expect(cheaper.updated).toBe(1);

    const stored = present(await t.app.storage.catalog.findOfferByExternalId('shop-three.example', 'D1'));
    expect(catalog.repository.pricePointsOfOffer(stored.id).map((point) => [point.priceCents, point.shippingCents])).toEqual([
      [34_999, null],
      [29_999, 500],
    ]);
    expect(await t.app.storage.catalog.getProduct(present(stored.productId))).toMatchObject({ offerCount: 1, bestPriceCents: 30_499 });
  });

  it('takes the best price from offers one can buy, and has none while none is in stock', async () => {
    const watch = { title: 'Garmin Forerunner 965 GPS Watch', brand: 'Garmin', mpn: '010-02809-00' };
    const cheapOut = offer({ ...watch, externalId: 'S1', url: 'https://shop-four.example/p/s1', priceCents: 49_999, availability: 'out_of_stock' });
    const dearIn = offer({ ...watch, externalId: 'S2', url: 'https://shop-five.example/p/s2', priceCents: 54_999, availability: 'in_stock' });
    await catalog.ingestion.importOffers([cheapOut, dearIn], { format: 'gmc', bulk, source: 'stock' });
    const productId = present(present(await t.app.storage.catalog.findOfferByExternalId('shop-four.example', 'S1')).productId);
    expect(present(await t.app.storage.catalog.findOfferByExternalId('shop-five.example', 'S2')).productId).toBe(productId);
    expect(await t.app.storage.catalog.getProduct(productId)).toMatchObject({ offerCount: 2, bestPriceCents: 54_999 });

    // The cheap offer comes back in stock; then the dear one sells out too.
    await catalog.ingestion.importOffers([{ ...cheapOut, availability: 'in_stock' }], { format: 'gmc', bulk, source: 'restock' });
    expect(await t.app.storage.catalog.getProduct(productId)).toMatchObject({ bestPriceCents: 49_999 });
    await catalog.ingestion.importOffers([cheapOut, { ...dearIn, availability: 'out_of_stock' }], { format: 'gmc', bulk, source: 'sold out' });
    expect(await t.app.storage.catalog.getProduct(productId)).toMatchObject({ offerCount: 2, bestPriceCents: null, bestOfferId: null });
  });

  it('puts offers of the same item into one product and different items apart', async () => {
    const summary = await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'E1', url: 'https://www.amazon.com/dp/B08N5WRWNW', title: 'Apple MacBook Air 13" M1 8GB 256GB Space Gray', brand: 'Apple', gtin: '0194252056639', priceCents: 89_900 }),
        offer({ externalId: 'E2', url: 'https://www.walmart.com/ip/apple-macbook-air/609040889', title: 'Apple MacBook Air M1 256GB SSD - Space Gray', brand: 'Apple', gtin: '0194252056639', priceCents: 84_900 }),
        offer({ externalId: 'E3', url: 'https://www.walmart.com/ip/dyson-v8/123456789', title: 'Dyson V8 Absolute Cordless Vacuum', brand: 'Dyson', mpn: 'V8-ABS', priceCents: 39_900 }),
        offer({ externalId: 'E4', url: 'https://www.bestbuy.com/site/dyson-v8-absolute/6451332.p', title: 'Dyson V8 Absolute Cordless Stick Vacuum Nickel', brand: 'Dyson', mpn: 'V8-ABS', priceCents: 41_900 }),
      ],
      { format: 'gmc', bulk, source: 'mixed' },
    );
    expect(summary.inserted).toBe(4);
    const product = async (retailer: string, id: string) => present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId;
    expect(await product('amazon', 'E1')).toBe(await product('walmart', 'E2'));
    expect(await product('walmart', 'E3')).toBe(await product('bestbuy', 'E4'));
    expect(await product('amazon', 'E1')).not.toBe(await product('walmart', 'E3'));
    expect(await t.app.storage.catalog.getProduct(present(await product('amazon', 'E1')))).toMatchObject({ offerCount: 2, bestPriceCents: 84_900 });
    expect(catalog.repository.offerHostExists('walmart.com')).toBe(true);
    expect(catalog.repository.offerHostExists('www.bestbuy.com')).toBe(true);
    expect(catalog.repository.offerHostExists('evil.example')).toBe(false);
  });

  it('never lets an offer that states little chain different products into one', async () => {
    await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'V1', url: 'https://www.walmart.com/ip/v15/200000011', title: 'Dyson V15 Detect Cordless Vacuum, Black', brand: 'Dyson', gtin: '0027242919419' }),
        // No GTIN, no part number: it joins the first product on its words alone.
        offer({ externalId: 'V2', url: 'https://www.target.com/p/v15/-/A-20000012', title: 'Dyson V15 Detect Cordless Vacuum - Black', brand: 'Dyson' }),
        // Another GTIN: another product, however alike its words are to the second offer's.
        offer({ externalId: 'V3', url: 'https://www.bestbuy.com/site/v15/2000013.p', title: 'Dyson V15 Detect Cordless Vacuum Black', brand: 'Dyson', gtin: '0194252056639' }),
        // Another colour than the members state: another product too.
        offer({ externalId: 'V4', url: 'https://www.costco.com/v15.product.200000014.html', title: 'Dyson V15 Detect Cordless Vacuum Nickel/Yellow', brand: 'Dyson' }),
      ],
      { format: 'gmc', bulk, source: 'variants' },
    );
    const product = async (retailer: string, id: string) => present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId;
    expect(await product('target', 'V2')).toBe(await product('walmart', 'V1'));
    expect(await product('bestbuy', 'V3')).not.toBe(await product('walmart', 'V1'));
    expect(await product('costco', 'V4')).not.toBe(await product('walmart', 'V1'));
    expect(await product('costco', 'V4')).not.toBe(await product('bestbuy', 'V3'));
  });

  it('puts an offer that states little into the twin its retailer does not sell yet', async () => {
    await catalog.ingestion.importOffers(
      [
        // Two products of one name, told apart only by their part numbers; Costco sells the first.
        offer({ externalId: 'Q1', url: 'https://www.bestbuy.com/site/q45/2000031.p', title: 'Anker - Soundcore Space Q45 A31652 Wireless Headphones - Black', brand: 'Anker' }),
        offer({ externalId: 'Q2', url: 'https://www.walmart.com/ip/q45/200000032', title: 'Anker Soundcore Space Q45 A31652 Wireless Headphones, Black', brand: 'Anker' }),
        offer({ externalId: 'Q3', url: 'https://www.costco.com/q45.product.200000033.html', title: 'Anker Soundcore Space Q45 A31652 Wireless Headphones - Black', brand: 'Anker' }),
        offer({ externalId: 'Q4', url: 'https://www.bestbuy.com/site/q45/2000034.p', title: 'Anker - Soundcore Space Q45 A31877 Wireless Headphones - Black', brand: 'Anker' }),
        offer({ externalId: 'Q5', url: 'https://www.walmart.com/ip/q45/200000035', title: 'Anker Soundcore Space Q45 A31877 Wireless Headphones, Black', brand: 'Anker' }),
        // Costco's second listing names neither part number nor colour: it fits both alike.
        offer({ externalId: 'Q6', url: 'https://www.costco.com/q45.product.200000036.html', title: 'Anker Soundcore Space Q45 Wireless Headphones with Carrying Case', brand: 'Anker' }),
      ],
      { format: 'gmc', bulk, source: 'twins' },
    );
    const product = async (retailer: string, id: string) => present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId;
    expect(await product('bestbuy', 'Q4')).not.toBe(await product('bestbuy', 'Q1'));
    expect(await product('costco', 'Q3')).toBe(await product('bestbuy', 'Q1'));
    expect(await product('costco', 'Q6')).toBe(await product('bestbuy', 'Q4'));
  });

  it('joins the products that an offer with only a GTIN and one with only the part number began, once another states both', async () => {
    const title = (retailer: string) => `JBL Flip 6 Portable Bluetooth Speaker${retailer === 'walmart' ? ', ' : ' - '}Blue`;
    await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'J1', url: 'https://www.bestbuy.com/site/flip6/2000041.p', title: title('bestbuy'), brand: 'JBL', gtin: '2123456789010' }),
        offer({ externalId: 'J2', url: 'https://www.walmart.com/ip/flip6/200000042', title: title('walmart'), brand: 'JBL', mpn: 'JBLFLIP6BLUAM' }),
        offer({ externalId: 'J3', url: 'https://www.target.com/p/flip6/-/A-20000043', title: title('target'), brand: 'JBL', gtin: '2123456789010', mpn: 'JBLFLIP6BLUAM' }),
        // Another colour's part number: another product.
        offer({ externalId: 'J4', url: 'https://www.target.com/p/flip6/-/A-20000044', title: 'JBL Flip 6 Portable Bluetooth Speaker - Red', brand: 'JBL', mpn: 'JBLFLIP6REDAM' }),
      ],
      { format: 'gmc', bulk, source: 'split-identifiers' },
    );
    const product = async (retailer: string, id: string) => present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId;
    expect(await product('walmart', 'J2')).toBe(await product('bestbuy', 'J1'));
    expect(await product('target', 'J3')).toBe(await product('bestbuy', 'J1'));
    expect(await product('target', 'J4')).not.toBe(await product('bestbuy', 'J1'));
    expect(await count('products')).toBe(2);
    expect(present(await t.app.storage.catalog.getProduct(present(await product('bestbuy', 'J1')))).offerCount).toBe(3);
  });

  it('joins an offer that states no model number into its product, whichever came first, but not across four-digit model numbers', async () => {
    await catalog.ingestion.importOffers(
      [
        // No GTIN and no part number, before the offers that state them.
        offer({ externalId: 'N1', url: 'https://www.costco.com/nikon-z5.product.100000101.html', title: 'Nikon Z 5 with 24-105mm Lens Mirrorless Camera', brand: 'Nikon' }),
        offer({ externalId: 'N2', url: 'https://www.bestbuy.com/site/z5/2000102.p', title: 'Nikon - Z 5 27091 with 24-105mm Lens Mirrorless Camera - Silver', brand: 'Nikon', gtin: '2090000000368' }),
        offer({ externalId: 'N3', url: 'https://www.walmart.com/ip/z5/200000103', title: 'Nikon Z 5 27091 Mirrorless Camera, with 24-105mm Lens, Silver', brand: 'Nikon', gtin: '2090000000368', mpn: '27091-SL3' }),
        // And after them.
        offer({ externalId: 'N4', url: 'https://www.amazon.com/nikon-z5/dp/B000000104', title: 'Nikon Z 5 Mirrorless Camera, 24.2MP, with 24-105mm Lens, Silver', brand: 'Nikon' }),
        // A GTIN no other offer states, and offers with the part number only.
        offer({ externalId: 'P1', url: 'https://www.ebay.com/itm/200000301', title: 'iPhone 16 128GB Pink', brand: 'Apple', gtin: '2020000000358' }),
        offer({ externalId: 'P2', url: 'https://www.target.com/p/iphone/-/A-20000302', title: 'Apple iPhone 16 128GB - Pink', brand: 'Apple', mpn: 'MY9V8LL/A' }),
        offer({ externalId: 'P3', url: 'https://www.apple.com/shop/buy-iphone/iphone-16/MY9V8LL/A', title: 'iPhone 16 128GB - Pink', brand: 'Apple', mpn: 'MY9V8LL/A' }),
        // Another four-digit model number than the product states: another model, however alike the other words.
        offer({ externalId: 'D1', url: 'https://www.bestbuy.com/site/xps/2000401.p', title: 'Dell - XPS 13 9406 16GB RAM 512GB SSD Laptop - Sky Blue', brand: 'Dell', mpn: '9406-SB2' }),
        offer({ externalId: 'D2', url: 'https://www.walmart.com/ip/xps/200000402', title: 'Dell XPS 13 9406 Laptop, 16GB RAM 512GB SSD, Sky Blue', brand: 'Dell', mpn: '9406-SB2' }),
        offer({ externalId: 'D3', url: 'https://www.ebay.com/itm/200000403', title: 'Dell XPS 13 9335 16GB RAM 512GB SSD Laptop Sky Blue', brand: 'Dell' }),
      ],
      { format: 'gmc', bulk, source: 'lone-offers' },
    );
    const product = async (retailer: string, id: string) => present(present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId);
    expect(await product('costco', 'N1')).toBe(await product('bestbuy', 'N2'));
    expect(await product('amazon', 'N4')).toBe(await product('bestbuy', 'N2'));
    expect(present(await t.app.storage.catalog.getProduct(await product('bestbuy', 'N2'))).offerCount).toBe(4);
    expect(await product('ebay', 'P1')).toBe(await product('target', 'P2'));
    expect(await product('ebay', 'D3')).not.toBe(await product('bestbuy', 'D1'));
    expect(await count('products')).toBe(4);
  });

  it('keeps an offer out of a product whose members state another part number of the same family', async () => {
    await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'B1', url: 'https://www.target.com/p/brio/-/A-20000021', title: 'Logitech Brio 500 960-009636 Webcam - Graphite', brand: 'Logitech' }),
        offer({ externalId: 'B2', url: 'https://www.walmart.com/ip/brio/200000022', title: 'Logitech Brio 500 Webcam, Graphite', brand: 'Logitech', mpn: '960-009636-GA' }),
        offer({ externalId: 'B3', url: 'https://www.ebay.com/itm/200000023', title: 'Brand New Logitech Brio 500 960-008842 Webcam Graphite', brand: 'Logitech' }),
        offer({ externalId: 'B4', url: 'https://www.bestbuy.com/site/brio/2000024.p', title: 'Logitech - Brio 500 960-009636 Webcam - Graphite', brand: 'Logitech' }),
      ],
      { format: 'gmc', bulk, source: 'parts' },
    );
    const product = async (retailer: string, id: string) => present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId;
    expect(await product('walmart', 'B2')).toBe(await product('target', 'B1'));
    expect(await product('bestbuy', 'B4')).toBe(await product('target', 'B1'));
    expect(await product('ebay', 'B3')).not.toBe(await product('target', 'B1'));
  });

  it('names a product by the most typical title of its offers, brand once, and keeps it up to date', async () => {
    const watch = (id: string, title: string) =>
      offer({ externalId: id, url: `https://www.newegg.com/p/${id}`, title, brand: 'Apple', mpn: 'MRMD3LL/A', retailer: 'newegg' });
    await catalog.ingestion.importOffers([watch('W1', 'APPLE Apple Watch Series 9 GPS 45mm Midnight Fitness Tracker')], { format: 'gmc', bulk, source: 'first' });
    const productId = present(present(await t.app.storage.catalog.findOfferByExternalId('newegg', 'W1')).productId);
    expect(present(await t.app.storage.catalog.getProduct(productId)).title).toBe('Apple Watch Series 9 GPS 45mm Midnight Fitness Tracker');

    await catalog.ingestion.importOffers(
      [
        watch('W2', 'Apple Watch Series 9 GPS 45mm, Heart Rate Monitor, Water Resistant, Midnight'),
        watch('W3', 'Apple - 45mm Apple Watch Series 9 GPS - Midnight'),
        watch('W4', 'NEW Apple Watch Series 9 GPS 45mm - Midnight Free Shipping'),
      ],
      { format: 'gmc', bulk, source: 'more' },
    );
    expect(present(await t.app.storage.catalog.findOfferByExternalId('newegg', 'W4')).productId).toBe(productId);
    expect(present(await t.app.storage.catalog.getProduct(productId)).title).toBe('Apple Watch Series 9 GPS 45mm (Midnight)');
  });

  it('rejects a row whose link already belongs to another offer', async () => {
    const summary = await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'F1', url: 'https://shop-four.example/p/same', title: 'First product' }),
        offer({ externalId: 'F2', url: 'https://shop-four.example/p/same?utm_source=feed', title: 'Second product' }),
      ],
      { format: 'gmc', bulk, source: 'dupes' },
    );
    expect(summary).toMatchObject({ inserted: 1, skipped: 1 });
    expect(summary.errors[0]).toMatchObject({ line: 2, field: 'link' });
  });
});

describeOnEngine('sqlite', 'catalog ingestion, bulk path (SQLite store, FTS5 index and writer thread)', () => {
  let t: TestApp;
  let catalog: SqliteCatalogServices;
  const count = (table: string) => value<number>(t.app, `SELECT count(*) AS n FROM ${table}`);

  beforeEach(async () => {
    t = await buildTestApp();
    catalog = sqliteCatalogOf(t.app);
  });
  afterEach(async () => t.close());

  it('keeps products, price history and the full-text index consistent with the offers', async () => {
    const summary = await importSyntheticCatalog(catalog.ingestion, { offers: 3000, seed: 5, batchSize: 700 });
    expect(summary).toMatchObject({ status: 'succeeded', inserted: 3000, skipped: 0 });
    expect(await count('offers')).toBe(3000);
    expect(await count('price_points')).toBe(3000);
    expect(await value(t.app, 'SELECT count(*) FROM offers WHERE product_id IS NULL')).toBe(0);
    expect(await count('products')).toBe(summary.productsCreated);
    // Every product's figures are those `catalog-pricing` gives its offers: their count, the best price and its offer.
    const offers = await rows<PricedOffer & { productId: number }>(
      t.app,
      `SELECT id, product_id AS "productId", title, price_cents AS "priceCents", shipping_cents AS "shippingCents", currency, availability, condition
       FROM offers WHERE held IS NULL ORDER BY id`,
    );
    const stored = await rows<{ id: number; n: number; best: number | null; offer: number | null }>(
      t.app,
      'SELECT id, offer_count AS n, best_price_cents AS best, best_offer_id AS offer FROM products ORDER BY id',
    );
    const wrong = stored.filter((product) => {
      const own = offers.filter((offer) => offer.productId === product.id);
      const best = bestPrice(own);
      return product.n !== own.length || product.best !== (best?.cents ?? null) || product.offer !== (best?.offerId ?? null);
    });
    expect(wrong).toEqual([]);
    if (t.engine === 'sqlite') {
      // SQLite's full-text index (FTS5) holds every offer, intact.
      expect(await count('offers_fts')).toBe(3000);
      await run(t.app, "INSERT INTO offers_fts(offers_fts, rank) VALUES('integrity-check', 1)");
    }
    // Every product is named as naming it afresh from its stored offers would name it.
    const titles = () => rows(t.app, 'SELECT id, title FROM products ORDER BY id');
    const named = await titles();
    const ids = await values<number>(t.app, 'SELECT id FROM products ORDER BY id');
    catalog.repository.transaction(() => catalog.repository.retitleProducts(ids));
    expect(await titles()).toEqual(named);

    // The same feed again changes nothing; ids reserved for the second run are never handed out twice.
    const again = await importSyntheticCatalog(catalog.ingestion, { offers: 3000, seed: 5, batchSize: 700 });
    expect(again).toMatchObject({ status: 'succeeded', inserted: 0, unchanged: 3000, productsCreated: 0 });
    expect(await count('offers')).toBe(3000);
    const before = catalog.repository.maxOfferId();
    const id = catalog.repository.insertOffer({
      retailerId: 'amazon', externalId: 'LATE1', canonicalUrl: 'https://amazon.com/dp/LATE1LATE1', url: 'https://amazon.com/dp/LATE1LATE1',
      host: 'amazon.com', title: 'Late offer', brand: null, model: null, modelKey: null, gtin: null, priceCents: 100, currency: 'USD',
      shippingCents: null, availability: 'in_stock', condition: 'new', imageUrl: null, category: null, businessId: null, productId: null,
    });
    expect(id).toBeGreaterThan(before);
  });

  it('joins offers to the products the catalog already has, by GTIN and by model number', async () => {
    await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'G1', url: 'https://www.amazon.com/dp/B08N5WRWNW', title: 'Apple MacBook Air 13" M1 8GB 256GB Space Gray', brand: 'Apple', gtin: '0194252056639' }),
        offer({ externalId: 'G2', url: 'https://www.bestbuy.com/site/dyson-v8/6451332.p', title: 'Dyson V8 Absolute Cordless Vacuum', brand: 'Dyson', mpn: 'V8-ABS' }),
      ],
      { format: 'gmc', source: 'existing' },
    );
    const summary = await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'H1', url: 'https://www.walmart.com/ip/apple-macbook-air/609040889', title: 'Apple MacBook Air M1 256GB - Space Gray', brand: 'Apple', gtin: '0194252056639' }),
        offer({ externalId: 'H2', url: 'https://www.walmart.com/ip/dyson-v8-absolute/123456789', title: 'Dyson V8 Absolute Stick Vacuum Nickel', brand: 'Dyson', mpn: 'V8-ABS' }),
      ],
      { format: 'gmc', source: 'bulk', bulk: true },
    );
    expect(summary).toMatchObject({ inserted: 2, productsCreated: 0 });
    const product = async (retailer: string, id: string) => present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId;
    expect(await product('walmart', 'H1')).toBe(await product('amazon', 'G1'));
    expect(await product('walmart', 'H2')).toBe(await product('bestbuy', 'G2'));
    expect(await t.app.storage.catalog.getProduct(present(await product('amazon', 'G1')))).toMatchObject({ offerCount: 2 });
  });

  it('takes the same offer twice in one batch as an insert and then an update', async () => {
    const base = { externalId: 'J1', url: 'https://shop-five.example/p/j1', title: 'Anker PowerCore 10000 Portable Charger', brand: 'Anker', mpn: 'A1263' };
    const summary = await catalog.ingestion.importOffers([offer({ ...base, priceCents: 2_999 }), offer({ ...base, priceCents: 2_499 })], {
      format: 'gmc',
      source: 'twice',
      bulk: true,
    });
    expect(summary).toMatchObject({ status: 'succeeded', inserted: 1, updated: 1, skipped: 0 });
    const stored = present(await t.app.storage.catalog.findOfferByExternalId('shop-five.example', 'J1'));
    expect(stored.priceCents).toBe(2_499);
    expect(catalog.repository.pricePointsOfOffer(stored.id).map((point) => point.priceCents)).toEqual([2_999, 2_499]);
    expect(await t.app.storage.catalog.getProduct(present(stored.productId))).toMatchObject({ offerCount: 1, bestPriceCents: 2_499 });
  });

  it('leaves an offer without identifiers on its own when its words fit two products alike, or state a code its product lacks', async () => {
    await catalog.ingestion.importOffers(
      [
        // Two XPS 13 of one size in two colours; a title without model code or colour fits both. The Graphite one's
        // titles leave its model number to the part number.
        offer({ externalId: 'X1', url: 'https://www.bestbuy.com/site/xps/2000201.p', title: 'Dell - XPS 13 16GB RAM 1TB SSD Laptop - Graphite', brand: 'Dell', mpn: '9445-GA3' }),
        offer({ externalId: 'X2', url: 'https://www.walmart.com/ip/xps/200000202', title: 'Dell XPS 13 Laptop, 16GB RAM 1TB SSD, Graphite', brand: 'Dell', mpn: '9445-GA3' }),
        offer({ externalId: 'X3', url: 'https://www.bestbuy.com/site/xps/2000203.p', title: 'Dell - XPS 13 9446 16GB RAM 1TB SSD Laptop - Platinum', brand: 'Dell', mpn: '9446-PL3' }),
        offer({ externalId: 'X4', url: 'https://www.walmart.com/ip/xps/200000204', title: 'Dell XPS 13 9446 Laptop, 16GB RAM 1TB SSD, Platinum', brand: 'Dell', mpn: '9446-PL3' }),
        offer({ externalId: 'X5', url: 'https://www.costco.com/xps.product.100000205.html', title: 'Dell XPS 13 16GB RAM 1TB SSD Laptop', brand: 'Dell' }),
        // With the colour it tells them apart.
        offer({ externalId: 'X6', url: 'https://www.costco.com/xps.product.100000206.html', title: 'Dell XPS 13 16GB RAM 1TB SSD Laptop - Platinum', brand: 'Dell' }),
        // A model number the product states nowhere (its part number is another): another model, however alike the words.
        offer({ externalId: 'X7', url: 'https://www.ebay.com/itm/200000207', title: 'Dell XPS 13 9303 16GB RAM 1TB SSD Laptop Graphite', brand: 'Dell' }),
      ],
      { format: 'gmc', bulk: true, source: 'lone-twins' },
    );
    const product = async (retailer: string, id: string) => present(present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId);
    expect(catalog.repository.offersOfProduct(await product('costco', 'X5'))).toHaveLength(1);
    expect(await product('costco', 'X6')).toBe(await product('bestbuy', 'X3'));
    expect(catalog.repository.offersOfProduct(await product('ebay', 'X7'))).toHaveLength(1);
    expect(await count('products')).toBe(4);
    // The lone offers left, found among given products as in the whole catalog.
    const lone = [
      { productId: await product('costco', 'X5'), offerId: (await t.app.storage.catalog.findOfferByExternalId('costco', 'X5'))?.id },
      { productId: await product('ebay', 'X7'), offerId: (await t.app.storage.catalog.findOfferByExternalId('ebay', 'X7'))?.id },
    ].sort((a, b) => a.productId - b.productId);
    expect(catalog.repository.loneOffersWithoutModelNumber()).toEqual(lone);
    expect(catalog.repository.loneOffersWithoutModelNumber([await product('bestbuy', 'X1'), await product('ebay', 'X7'), await product('costco', 'X5')])).toEqual(lone);
    expect(catalog.repository.loneOffersWithoutModelNumber([await product('bestbuy', 'X1')])).toEqual([]);
  });
});

describe('productForOffer', () => {
  const listedAt = (...ids: number[]) => () => new Set(ids);
  it('takes the best product, or one close behind it that the retailer does not sell yet', () => {
    const ranked = [
      { productId: 1, score: 0.7 },
      { productId: 2, score: 0.66 },
      { productId: 3, score: 0.4 },
    ];
    expect(productForOffer(ranked, 0.38, listedAt())).toBe(1);
    expect(productForOffer(ranked, 0.38, listedAt(1))).toBe(2);
    // Nothing close enough, or every close one sold there already: the best.
    expect(productForOffer(ranked, 0.38, listedAt(1, 2))).toBe(1);
    expect(productForOffer([{ productId: 1, score: 0.9 }, { productId: 2, score: 0.5 }], 0.38, listedAt(1))).toBe(1);
    // Below the threshold nothing is taken, however it ranks.
    expect(productForOffer([{ productId: 1, score: 0.3 }], 0.38, listedAt())).toBeNull();
    expect(productForOffer([], 0.38, listedAt())).toBeNull();
  });

  it('takes first, of the products close behind the best, those that state a platform or colour the offer states', () => {
    const ranked = [
      { productId: 1, score: 0.83 },
      { productId: 2, score: 0.78, sharesVariant: true },
      { productId: 3, score: 0.4, sharesVariant: true },
    ];
    expect(productForOffer(ranked, 0.38, listedAt())).toBe(2);
    // Then the one the retailer does not sell yet, among them.
    expect(productForOffer([...ranked.slice(0, 2), { productId: 4, score: 0.75, sharesVariant: true }], 0.38, listedAt(2))).toBe(4);
    // Not one far behind the best.
    expect(productForOffer([{ productId: 1, score: 0.9 }, { productId: 3, score: 0.4, sharesVariant: true }], 0.38, listedAt())).toBe(1);
  });
});

describe('re-clustering the catalog', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  const OFFERS = [
    offer({ externalId: 'R1', url: 'https://www.amazon.com/dp/B0RECLUS01', title: 'Sony WH-1000XM5 Wireless Headphones, Black', brand: 'Sony', mpn: 'WH1000XM5/B' }),
    offer({ externalId: 'R2', url: 'https://www.bestbuy.com/site/x/7000002.p', title: 'Sony - WH-1000XM5 Wireless Noise Canceling Headphones - Black', brand: 'Sony', mpn: 'WH1000XM5/B' }),
    offer({ externalId: 'R3', url: 'https://www.amazon.com/dp/B0RECLUS03', title: 'Dyson V15 Detect Cordless Vacuum', brand: 'Dyson', mpn: '394472-01' }),
    offer({ externalId: 'R4', url: 'https://www.walmart.com/ip/x/7000004', title: 'Dyson V15 Detect Cordless Stick Vacuum', brand: 'Dyson', mpn: '394472-01' }),
    offer({ externalId: 'R5', url: 'https://www.walmart.com/ip/x/7000005', title: 'Instant Pot Duo 7-in-1 Pressure Cooker, 6 Quart', brand: 'Instant Pot', mpn: '112-0170-01' }),
  ];
  /** A re-clustering whose process dies once its first batch of `batchSize` offers is committed. */
  const reclusterCutShort = async (batchSize: number) => {
    const died = new Error('killed');
    await expect(
      t.app.catalog.ingestion.recluster({
        batchSize,
        onProgress: () => {
          throw died;
        },
      }),
    ).rejects.toBe(died);
  };
  /** The second vacuum offer (R4) moved out of `vacuum` into a product of its own, as an older matcher might have left it. */
  const splitVacuum = async (vacuum: number) => {
    const now = new Date().toISOString();
    await run(t.app, 'INSERT INTO products (title, created_at, updated_at) VALUES (?, ?, ?)', ['Dyson V15 (split)', now, now]);
    const split = await value<number>(t.app, 'SELECT max(id) FROM products');
    await run(t.app, 'UPDATE offers SET product_id = ? WHERE external_id = ?', [split, 'R4']);
    for (const id of [vacuum, split]) await t.app.storage.catalog.refreshProduct(id, now);
    return split;
  };
  const productsOf = async () =>
    Object.fromEntries((await rows<{ id: string; productId: number }>(t.app, 'SELECT external_id AS id, product_id AS "productId" FROM offers ORDER BY id')).map((each) => [each.id, each.productId]));

  it('keeps the id of every product whose offers stay together, so what points at it still finds it', async () => {
    await t.app.catalog.ingestion.importOffers(OFFERS, { format: 'gmc', source: 'recluster' });
    const before = await productsOf();
    expect(new Set(Object.values(before)).size).toBe(3);

    const result = await t.app.catalog.ingestion.recluster();

    expect(result).toMatchObject({ offers: 5, productsCreated: 3, productsKept: 3 });
    expect(await productsOf()).toEqual(before);
    expect(await t.app.storage.catalog.getProduct(present(before.R1))).toMatchObject({ offerCount: 2, title: expect.stringMatching(/WH-1000XM5/) });
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${before.R3}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().offers).toHaveLength(2);
  });

  it('gives a product split apart its id for the part with its first offer, and the rest new ids', async () => {
    await t.app.catalog.ingestion.importOffers(OFFERS, { format: 'gmc', source: 'recluster' });
    const before = await productsOf();
    // A wrong match, as an older matcher might have made it: the pressure cooker in the headphones' product.
    await run(t.app, 'UPDATE offers SET product_id = ? WHERE external_id = ?', [before.R1, 'R5']);
    for (const id of [present(before.R1), present(before.R5)]) await t.app.storage.catalog.refreshProduct(id, new Date().toISOString());
    const highest = Math.max(...Object.values(before));

    const result = await t.app.catalog.ingestion.recluster();

    const after = await productsOf();
    expect(result).toMatchObject({ productsCreated: 3, productsKept: 2 });
    expect([after.R1, after.R2, after.R3, after.R4]).toEqual([before.R1, before.R1, before.R3, before.R3]);
    // Never an id another product had: links to the cooker's old product find nothing rather than something else.
    expect(after.R5).toBeGreaterThan(highest);
  });

  it('keeps two generations of a line, and a variant of one, apart on import and on re-clustering', async () => {
    const phones = [
      offer({ externalId: 'G1', url: 'https://www.amazon.com/dp/B0GENER001', title: 'Apple iPhone 15, 128GB, Pink', brand: 'Apple' }),
      offer({ externalId: 'G2', url: 'https://www.bestbuy.com/site/x/7100002.p', title: 'Apple - iPhone 15 128GB - Pink', brand: 'Apple' }),
      offer({ externalId: 'G3', url: 'https://www.walmart.com/ip/x/7100003', title: 'Apple iPhone 16, US Version, 128GB, Pink', brand: 'Apple' }),
      offer({ externalId: 'G4', url: 'https://www.target.com/p/x/-/A-7100004', title: 'Apple iPhone 16 128GB - Pink', brand: 'Apple' }),
      offer({ externalId: 'G5', url: 'https://www.newegg.com/p/N82E1007100005', title: 'APPLE iPhone 15 Plus 128GB Pink', brand: 'Apple' }),
      offer({ externalId: 'G6', url: 'https://www.apple.com/shop/buy-iphone/iphone-15/6.7-inch-display-128gb-pink', title: 'iPhone 15 Plus 128GB - Pink', brand: 'Apple' }),
    ];
    await t.app.catalog.ingestion.importOffers(phones, { format: 'gmc', source: 'generations' });
    const placed = await productsOf();
    expect(new Set(Object.values(placed)).size).toBe(3);
    expect([placed.G1 === placed.G2, placed.G3 === placed.G4, placed.G5 === placed.G6]).toEqual([true, true, true]);

    await t.app.catalog.ingestion.recluster();

    expect(await productsOf()).toEqual(placed);
  });

  it('keeps another model of a line apart, on import and on re-clustering: a generation in Roman numerals ("Alpha 7 III" and "IV") and a Fan Edition ("Galaxy S24 FE" and "S24")', async () => {
    // Two listings of each model at two shops each; each pair is one product, the two models two.
    const models = [
      { source: 'roman', brand: 'Sony', one: 'Sony Alpha 7 III Full-Frame Mirrorless Camera', other: 'Sony Alpha 7 IV Full-Frame Mirrorless Camera' },
      { source: 'fan-edition', brand: 'Samsung', one: 'Samsung Galaxy S24 FE 128GB Unlocked Smartphone', other: 'Samsung Galaxy S24 128GB Unlocked Smartphone' },
    ];
    const shops = [
      (n: number) => `https://www.amazon.com/dp/B0LINE${n}`,
      (n: number) => `https://www.bestbuy.com/site/x/${n}.p`,
      (n: number) => `https://www.walmart.com/ip/x/${n}`,
      (n: number) => `https://www.target.com/p/x/-/A-${n}`,
    ];
    for (const [at, { source, brand, one, other }] of models.entries()) {
      // One shop's way of writing a title, another's: "Sony Alpha 7 III …, Black" and "Sony - Alpha 7 III … - Black".
      const titles = [`${one}, Black`, `${brand} - ${one.slice(brand.length + 1)} - Black`, `${other}, Black`, `${brand} - ${other.slice(brand.length + 1)} - Black`];
      const offers = titles.map((title, shop) => offer({ externalId: `${source}-${shop}`, url: (shops[shop] as (n: number) => string)(7300 + at * 10 + shop), title, brand }));
      await t.app.catalog.ingestion.importOffers(offers, { format: 'gmc', source });
    }
    const placed = await productsOf();
    for (const { source } of models) {
      const [a, b, c, d] = [0, 1, 2, 3].map((shop) => placed[`${source}-${shop}`]);
      expect({ source, together: [a === b, c === d], apart: a !== c }).toEqual({ source, together: [true, true], apart: true });
    }

    await t.app.catalog.ingestion.recluster();

    expect(await productsOf()).toEqual(placed);
  });

  it('keeps two kinds of device apart on import and on re-clustering, and two finishes of one ("iPad Air" and "MacBook Air")', async () => {
    const devices = [
      offer({ externalId: 'D1', url: 'https://www.amazon.com/dp/B0DEVICE01', title: 'Apple MacBook Air 13-inch M2 Laptop, 8GB RAM 256GB SSD, Space Gray', brand: 'Apple' }),
      offer({ externalId: 'D2', url: 'https://www.bestbuy.com/site/x/7200002.p', title: 'MacBook Air 13-inch M2 8GB RAM 256GB SSD - Space Gray', brand: 'Apple' }),
      offer({ externalId: 'D3', url: 'https://www.walmart.com/ip/x/7200003', title: 'Apple iPad Air 13-inch M2 256GB Wi-Fi - Space Gray', brand: 'Apple' }),
      offer({ externalId: 'D4', url: 'https://www.target.com/p/x/-/A-7200004', title: 'iPad Air 13-inch M2 256GB - Space Gray', brand: 'Apple' }),
      offer({ externalId: 'D5', url: 'https://www.newegg.com/p/N82E1007200005', title: 'Apple Watch Ultra 2 GPS + Cellular 49mm Titanium Case, Black', brand: 'Apple' }),
      offer({ externalId: 'D6', url: 'https://www.ebay.com/itm/7200006', title: 'Apple Watch Ultra 2 GPS + Cellular 49mm Titanium Case - Natural', brand: 'Apple' }),
    ];
    await t.app.catalog.ingestion.importOffers(devices, { format: 'gmc', source: 'devices' });
    const placed = await productsOf();
    expect([placed.D1 === placed.D2, placed.D3 === placed.D4, placed.D1 === placed.D3, placed.D5 === placed.D6]).toEqual([true, true, false, false]);

    await t.app.catalog.ingestion.recluster();

    expect(await productsOf()).toEqual(placed);
  });

  it('is carried on by the next start of the API when its process died part-way: every offer back in its product', async () => {
    await t.app.catalog.ingestion.importOffers(OFFERS, { format: 'gmc', source: 'recluster' });
    const before = await productsOf();
    await reclusterCutShort(2);
    // Until it is carried on, the offers it had yet to place are in no product, and their product's page says to come back.
    expect(Object.values(await productsOf()).filter((id) => id === null)).toHaveLength(3);
    const waiting = await t.app.inject({ method: 'GET', url: `/api/products/${before.R5}` });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBe('5');
    expect(waiting.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: 'This product is being regrouped with its offers: try again in a few seconds' });

    const next = await buildTestApp({ DATABASE_URL: t.databaseUrl });
    try {
      await next.app.ready();
      for (let waited = 0; (await next.app.catalog.ingestion.reclusterProgress()) !== null; waited += 20) {
        if (waited > 30_000) throw new Error('the re-clustering was not carried on');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await productsOf()).toEqual(before);
      const res = await next.app.inject({ method: 'GET', url: `/api/products/${before.R5}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().offers).toHaveLength(1);
    } finally {
      await next.close();
    }
  });

  it('leads a retired product id to the product most of its offers went to', async () => {
    await t.app.catalog.ingestion.importOffers(OFFERS, { format: 'gmc', source: 'recluster' });
    const before = await productsOf();
    // Two products for one vacuum, as an older matcher might have left them.
    const split = await splitVacuum(present(before.R3));

    await t.app.catalog.ingestion.recluster();

    expect((await productsOf()).R4).toBe(before.R3);
    expect(await t.app.storage.catalog.getProduct(split)).toBeNull();
    expect(await t.app.storage.catalog.successorOf(split)).toBe(before.R3);
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${split}` });
    expect(res.json().product).toMatchObject({ id: before.R3, offerCount: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/products/999999' })).statusCode).toBe(404);
  });

  it('leads a retired id, while its re-clustering is under way, to the product its offers placed so far are in', async () => {
    await t.app.catalog.ingestion.importOffers(OFFERS, { format: 'gmc', source: 'recluster' });
    const before = await productsOf();
    const split = await splitVacuum(present(before.R3));
    // Cut short after R1 to R4 are placed again: R4 back with R3, the cooker (R5) not yet.
    await reclusterCutShort(4);

    expect(await t.app.storage.catalog.successorOf(split)).toBe(before.R3);
    const moved = await t.app.inject({ method: 'GET', url: `/api/products/${split}` });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().product).toMatchObject({ id: before.R3, offerCount: 2 });
    expect(await t.app.storage.catalog.successorOf(present(before.R5))).toBe('placing');
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${before.R5}` })).statusCode).toBe(503);
    // The console's product view follows the same way.
    expect((await t.app.adminProducts.detail(split)).product).toMatchObject({ id: before.R3, offerCount: 2 });
    await expect(t.app.adminProducts.detail(present(before.R5))).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: 5 });
    // An id no re-clustering took offers off leads nowhere.
    expect(await t.app.storage.catalog.successorOf(999999)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/products/999999' })).statusCode).toBe(404);
  });
});
