import type { FeedOffer } from '@pricehunt/catalog-feeds';
import { feedOffer } from '../../testing';
import { ENGINES, openPortEngine, type EngineConnection, type PortEngine } from '../../testing';
import { createPgCatalogRepository, createPgCatalogServices, createSqliteCatalogRepository, createSqliteCatalogServices } from '../../index';
import { createIngestionService, type CatalogRepository, type CatalogServices } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';

// An import decides on either engine with the same code (ingestion.ts over ingestion-store.ts): these cases run the
// whole import on each engine and read what it stored with the same SQL.

const services = (connection: EngineConnection): CatalogServices =>
  connection.engine === 'sqlite' ? createSqliteCatalogServices(connection.handle.sqlite) : createPgCatalogServices(connection.handle);

const port = (connection: EngineConnection): CatalogRepository =>
  connection.engine === 'sqlite' ? createSqliteCatalogRepository(connection.handle) : createPgCatalogRepository(connection.handle);

const offer = (overrides: Partial<FeedOffer> & Pick<FeedOffer, 'externalId' | 'title'>): FeedOffer =>
  feedOffer({ url: `https://shop-one.example/p/${overrides.externalId.toLowerCase()}`, ...overrides });

/** Each product's offers' external ids (sorted), the products in order of their first offer. */
async function clusters(db: PortEngine): Promise<string[][]> {
  const rows = await db.query<{ productId: number; externalId: string }>('SELECT product_id AS "productId", external_id AS "externalId" FROM offers ORDER BY id');
  const byProduct = new Map<number, string[]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row.externalId]);
  return [...byProduct.values()].map((ids) => ids.sort());
}

/** A UPC-A of 11 digits and the check digit they call for. */
const upc = (body: string) => {
  const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

const count = async (db: PortEngine, table: string) => present((await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]).n;

const HEADPHONES = [
  offer({ externalId: 'A1', title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones, Black', brand: 'Sony', mpn: 'WH1000XM5/B', gtin: '027242923782', priceCents: 34_800 }),
  offer({ externalId: 'A2', title: 'Bose QuietComfort Ultra Headphones', brand: 'Bose', mpn: '880066-0100', priceCents: 37_900 }),
  offer({ externalId: 'A3', title: 'Apple AirPods Pro (2nd generation) with MagSafe Case USB-C', brand: 'Apple', mpn: 'MTJV3AM/A', priceCents: 24_900 }),
];
const ELSEWHERE = [
  offer({ externalId: 'B1', url: 'https://www.bestbuy.com/site/sony/b1.p', title: 'Sony WH1000XM5 Headphones Black', brand: 'Sony', gtin: '0027242923782', priceCents: 32_999 }),
  offer({ externalId: 'B2', url: 'https://www.bestbuy.com/site/bose/b2.p', title: 'Bose QuietComfort Ultra Wireless Noise Cancelling Headphones 880066-0100', brand: 'Bose', priceCents: 39_900 }),
  offer({ externalId: 'B3', url: 'https://www.bestbuy.com/site/apple/b3.p', title: 'Apple AirPods Pro 2 MTJV3AM/A', brand: 'Apple', mpn: 'MTJV3AM/A', priceCents: 23_999 }),
  offer({ externalId: 'B4', url: 'https://www.bestbuy.com/site/jbl/b4.p', title: 'JBL Tune 760NC Headphones', brand: 'JBL', mpn: 'JBLT760NCBLKAM', priceCents: 9_999 }),
];

const CASES = ENGINES.flatMap((engine) => [
  [engine, 'row by row', false],
  [engine, 'bulk path', true],
] as const);

describe.each(CASES)('an import on %s, %s', (engine, _path, bulk) => {
  let db: PortEngine;
  let catalog: CatalogServices;

  beforeEach(async () => {
    db = await openPortEngine(engine);
    catalog = services(db);
  });
  afterEach(async () => {
    await db.close();
  });

  it('takes a GTIN as strong evidence, not a verdict: offers that contradict it begin their own products', async () => {
    // A reused GTIN (the demo's glued Asus monitors, a laptop listed with a monitor's GTIN, headphones with a camera's).
    const gtin = upc('47110817634');
    await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'M1', title: 'Asus TUF Gaming VG348QL1A 34" Curved Gaming Monitor', brand: 'Asus', gtin, priceCents: 43_999 }),
        offer({ externalId: 'H1', title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones', brand: 'Sony', gtin: upc('02724292378'), priceCents: 39_800 }),
      ],
      { format: 'gmc', bulk, source: 'shop-one', retailer: { name: 'Shop One' } },
    );
    await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'M2', url: 'https://www.bestbuy.com/site/asus/m2.p', title: 'Asus TUF Gaming VG249BL1A 24-Inch Gaming Monitor', brand: 'Asus', gtin, priceCents: 13_999 }),
        offer({ externalId: 'M3', url: 'https://www.bestbuy.com/site/asus/m3.p', title: 'ASUS TUF VG348QL1A 34in Curved Monitor', brand: 'ASUS', gtin, priceCents: 41_999 }),
        offer({ externalId: 'L1', url: 'https://www.bestbuy.com/site/asus/l1.p', title: 'ASUS TUF Gaming A15 FA507NV Gaming Laptop 16GB RAM 512GB SSD', brand: 'ASUS', gtin, priceCents: 99_999 }),
        offer({ externalId: 'C1', url: 'https://www.bestbuy.com/site/sony/c1.p', title: 'Sony Alpha 7 IV ILCE-7M4 Mirrorless Camera Body', brand: 'Sony', gtin: upc('02724292378'), priceCents: 249_800 }),
      ],
      { format: 'gmc', bulk, source: 'bestbuy' },
    );
    expect(await clusters(db)).toEqual([['M1', 'M3'], ['H1'], ['M2'], ['L1'], ['C1']]);
  });

  it('places offers in products by GTIN, model number and words, and counts what it wrote with its run', async () => {
    const first = await catalog.ingestion.importOffers(HEADPHONES, { format: 'gmc', bulk, source: 'shop-one', retailer: { name: 'Shop One' } });
    const second = await catalog.ingestion.importOffers(ELSEWHERE, { format: 'gmc', bulk, source: 'bestbuy' });

    expect(first).toMatchObject({ status: 'succeeded', rows: 3, inserted: 3, productsCreated: 3, errorCount: 0 });
    expect(second).toMatchObject({ status: 'succeeded', rows: 4, inserted: 4, productsCreated: 1 });
    expect(await clusters(db)).toEqual([['A1', 'B1'], ['A2', 'B2'], ['A3', 'B3'], ['B4']]);
    const products = await db.query<{ offerCount: number; bestPriceCents: number }>(
      'SELECT offer_count AS "offerCount", best_price_cents AS "bestPriceCents" FROM products ORDER BY id',
    );
    expect(products).toEqual([
      { offerCount: 2, bestPriceCents: 32_999 },
      { offerCount: 2, bestPriceCents: 37_900 },
      { offerCount: 2, bestPriceCents: 23_999 },
      { offerCount: 1, bestPriceCents: 9_999 },
    ]);
    expect(await count(db, 'price_points')).toBe(7);
    const runs = await db.query('SELECT source, status, total_rows AS "totalRows", inserted, products_created AS "productsCreated" FROM import_runs ORDER BY source');
    expect(runs).toEqual([
      { source: 'bestbuy', status: 'succeeded', totalRows: 4, inserted: 4, productsCreated: 1 },
      { source: 'shop-one', status: 'succeeded', totalRows: 3, inserted: 3, productsCreated: 3 },
    ]);
    expect(await db.query('SELECT id, name FROM retailers ORDER BY id')).toEqual([
      { id: 'bestbuy', name: 'Best Buy' },
      { id: 'shop-one', name: 'Shop One' },
    ]);
  });

  it('fails a run that kept none of its rows, with the reasons its rows were refused', async () => {
    const elsewhere = (id: string) => offer({ externalId: id, url: `https://other-store.example/p/${id}`, title: `Store Gadget ${id}` });
    const summary = await catalog.ingestion.importRows(
      [
        { line: 2, offer: elsewhere('S1') },
        { line: 3, offer: elsewhere('S2') },
        { line: 4, errors: [{ line: 4, field: 'price', reason: 'is not a price' }] },
        { line: 5, offer: elsewhere('S3') },
      ],
      { format: 'gmc', bulk, source: 'all refused', retailer: { name: 'Shop One' }, linkDomain: 'shop-one.example' },
    );
    expect(summary).toMatchObject({ status: 'failed', rows: 4, inserted: 0, updated: 0, unchanged: 0, skipped: 4, errorCount: 4 });
    expect(summary.failure).toBe(
      'No row was imported. All 4 rows were rejected: link: must be on your store domain shop-one.example (it is on other-store.example) (3 row errors); ' +
        'price: is not a price (1 row error)',
    );
    const run = await port(db).getImportRun(summary.runId);
    expect(run).toMatchObject({ status: 'failed', totalRows: 4, skipped: 4 });
    expect((run?.report as { failure?: string }).failure).toBe(summary.failure);
    expect(await count(db, 'offers')).toBe(0);

    // One row kept is a run that succeeded, its refused rows in its report.
    const partly = await catalog.ingestion.importRows(
      [{ line: 2, offer: elsewhere('S4') }, { line: 3, offer: offer({ externalId: 'S5', title: 'Store Gadget S5' }) }],
      { format: 'gmc', bulk, source: 'one kept', retailer: { name: 'Shop One' }, linkDomain: 'shop-one.example' },
    );
    expect(partly).toMatchObject({ status: 'succeeded', inserted: 1, skipped: 1, errorCount: 1 });
    expect(partly.failure).toBeUndefined();
  });

  it('takes a feed again as unchanged, records a new price once, and refuses a row whose link another offer has', async () => {
    await catalog.ingestion.importOffers(HEADPHONES, { format: 'gmc', bulk, source: 'first', retailer: { name: 'Shop One' } });
    const again = await catalog.ingestion.importOffers(
      [
        present(HEADPHONES[0]),
        { ...present(HEADPHONES[1]), priceCents: 35_000 },
        { ...present(HEADPHONES[2]), title: 'Apple AirPods Pro 2 USB-C' },
        offer({ externalId: 'A9', url: present(HEADPHONES[0]).url, title: 'Another offer on the same page' }),
      ],
      { format: 'gmc', bulk, source: 'second', retailer: { name: 'Shop One' } },
    );

    expect(again).toMatchObject({ status: 'succeeded', rows: 4, inserted: 0, updated: 2, unchanged: 1, skipped: 1 });
    expect(again.errors).toEqual([{ line: 4, field: 'link', reason: 'is already the link of offer A1 of shop-one' }]);
    expect(await count(db, 'price_points')).toBe(4);
    const [bose] = await db.query<{ bestPriceCents: number }>(
      "SELECT p.best_price_cents AS \"bestPriceCents\" FROM products p JOIN offers o ON o.product_id = p.id WHERE o.external_id = 'A2'",
    );
    expect(bose).toEqual({ bestPriceCents: 35_000 });
  });

  it('writes nothing of a batch the database refuses, keeps the batches before it and marks the run failed', async () => {
    if (db.engine === 'sqlite') {
      db.handle.sqlite.exec("CREATE TRIGGER refuse_offer BEFORE INSERT ON offers WHEN new.title LIKE '%refused%' BEGIN SELECT RAISE(ABORT, 'storage refused the row'); END");
    } else {
      await db.handle.pool.query(`CREATE FUNCTION refuse_offer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF new.title LIKE '%refused%' THEN RAISE EXCEPTION 'storage refused the row'; END IF; RETURN new; END $$`);
      await db.handle.pool.query('CREATE TRIGGER refuse_offer BEFORE INSERT ON offers FOR EACH ROW EXECUTE FUNCTION refuse_offer()');
    }
    // A bulk batch is one transaction: the row before the refused one goes with it. The row path ends a unit of work
    // after ROW_TRANSACTION_MS, so there the row before it may have committed on a slow machine: the refused row opens
    // the batch, and nothing after it is written.
    const refused = offer({ externalId: 'A4', title: 'This one is refused by storage' });
    const secondBatch = bulk ? [present(HEADPHONES[2]), refused] : [refused, present(HEADPHONES[2])];
    const summary = await catalog.ingestion.importOffers(
      [present(HEADPHONES[0]), present(HEADPHONES[1]), ...secondBatch],
      { format: 'gmc', bulk, source: 'batches', batchSize: 2, retailer: { name: 'Shop One' } },
    );

    expect(summary).toMatchObject({ status: 'failed', inserted: 2 });
    expect(summary.failure).toContain('storage refused the row');
    expect((await db.query('SELECT external_id AS id FROM offers ORDER BY external_id')).map((row) => row.id)).toEqual(['A1', 'A2']);
    expect(await count(db, 'products')).toBe(2);
    expect(await count(db, 'price_points')).toBe(2);
    expect(await db.query('SELECT status, inserted FROM import_runs')).toEqual([{ status: 'failed', inserted: 2 }]);
  });

  it('keeps the labelled matches of a feed together', async () => {
    const summary = await catalog.ingestion.importOffers(
      [
        offer({ externalId: 'K1', title: 'Logitech MX Master 3S Performance Wireless Mouse', brand: 'Logitech' }),
        offer({ externalId: 'K2', url: 'https://shop-two.example/k2', title: 'MX Master 3S mouse graphite', brand: 'Logi' }),
        offer({ externalId: 'K3', title: 'Keychron K2 Wireless Mechanical Keyboard', brand: 'Keychron' }),
      ],
      { format: 'gmc', bulk, source: 'labelled', knownMatchKey: (row) => (row.externalId === 'K3' ? undefined : 'mouse') },
    );
    expect(summary).toMatchObject({ status: 'succeeded', inserted: 3 });
    expect(await clusters(db)).toEqual([['K1', 'K2'], ['K3']]);
  });

  it('makes one product of each item group the feed names, without matching, and matches the offers of none', async () => {
    const summary = await catalog.ingestion.importOffers(
      [
        // Twins in all but the colour no title states: the feed's groups tell them apart.
        offer({ externalId: 'G1', title: 'Apple iPhone 15 128GB', brand: 'Apple' }),
        offer({ externalId: 'G2', url: 'https://shop-two.example/g2', title: 'Apple iPhone 15 128GB', brand: 'Apple' }),
        offer({ externalId: 'G3', url: 'https://shop-three.example/g3', title: 'Apple iPhone 15 128GB Unlocked', brand: 'Apple' }),
        offer({ externalId: 'G4', url: 'https://shop-four.example/g4', title: 'iPhone 15 128GB Black', brand: 'Apple' }),
        // No group: matched as usual, into the group whose offer it fits.
        offer({ externalId: 'G5', url: 'https://shop-five.example/g5', title: 'Apple iPhone 15 128GB Black', brand: 'Apple' }),
      ],
      { format: 'gmc', bulk, source: 'groups', productGroupKey: (row) => ({ G1: 'black', G2: 'pink', G3: 'black', G4: 'black' })[row.externalId] },
    );
    expect(summary).toMatchObject({ status: 'succeeded', inserted: 5, productsCreated: 2 });
    expect(await clusters(db)).toEqual([['G1', 'G3', 'G4', 'G5'], ['G2']]);
    // Groups are the import's own: a later import's group of the same name begins a product of its own.
    await catalog.ingestion.importOffers([offer({ externalId: 'G6', url: 'https://shop-six.example/g6', title: 'Apple iPhone 15 Pink', brand: 'Apple' })], {
      format: 'gmc',
      bulk,
      source: 'groups again',
      productGroupKey: () => 'pink',
    });
    expect(await count(db, 'products')).toBe(3);
  });

  it('re-clusters the catalog as imports placed it, keeping the ids of products it leaves whole', async () => {
    await catalog.ingestion.importOffers([...HEADPHONES, ...ELSEWHERE], { format: 'gmc', bulk, source: 'all' });
    const before = await db.query<{ id: number }>('SELECT id FROM products ORDER BY id');
    const clustered = await clusters(db);

    const result = await catalog.ingestion.recluster();

    expect(result).toEqual({ offers: 7, productsCreated: 4, productsKept: 4, resumed: false, ended: true });
    expect(await clusters(db)).toEqual(clustered);
    expect(await db.query('SELECT id FROM products ORDER BY id')).toEqual(before);
  });

  it('carries on a re-clustering cut short where its last batch ended, to what one run whole makes, and ends it once', async () => {
    await catalog.ingestion.importOffers([...HEADPHONES, ...ELSEWHERE], { format: 'gmc', bulk, source: 'all' });
    const before = await db.query<{ id: number }>('SELECT id FROM products ORDER BY id');
    const clustered = await clusters(db);
    // B1 split off into a product of its own, as an older matcher might have left it: re-clustering retires that id.
    await db.query("INSERT INTO products (title, created_at, updated_at) VALUES ('Sony WH1000XM5 (split)', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')");
    const split = present((await db.query<{ id: number }>('SELECT max(id) AS id FROM products'))[0]).id;
    await db.query(`UPDATE offers SET product_id = ${split} WHERE external_id = 'B1'`);

    // The process dies once its first batch of two offers is committed.
    const died = new Error('killed');
    await expect(
      catalog.ingestion.recluster({
        batchSize: 2,
        onProgress: () => {
          throw died;
        },
      }),
    ).rejects.toBe(died);
    expect(await catalog.ingestion.reclusterProgress()).toEqual({ offers: 7, unplaced: 5, productsBefore: 5 });
    expect(await count(db, 'products')).toBe(2);

    // The next processes (two instances of the API starting together) carry it on from what the database says, not
    // from the first offer: they share its batches, each offer placed once, and one of them ends it.
    const other = services(await db.connect());
    const placed = [0, 0];
    const results = await Promise.all(
      [catalog, other].map((each, i) => each.ingestion.resumeRecluster({ batchSize: 1, onProgress: (done) => (placed[i] = done) })),
    );

    expect(present(placed[0]) + present(placed[1])).toBe(5);
    expect(results.map((result) => result?.ended).sort()).toEqual([false, true]);
    expect(results.find((result) => result?.ended)).toEqual({ offers: 7, productsCreated: 4, productsKept: 4, resumed: true, ended: true });
    expect(await clusters(db)).toEqual(clustered);
    expect(await db.query('SELECT id FROM products ORDER BY id')).toEqual(before);
    const sony = present((await db.query<{ id: number }>("SELECT product_id AS id FROM offers WHERE external_id = 'A1'"))[0]).id;
    expect(await db.query('SELECT from_id AS "from", to_id AS "to" FROM product_redirects')).toEqual([{ from: split, to: sony }]);
    expect(await catalog.ingestion.reclusterProgress()).toBeNull();
    expect(await count(db, 'recluster_offers')).toBe(0);
    expect(await catalog.ingestion.resumeRecluster()).toBeNull();
  });

  it('puts an offer the matcher fails on into a product of its own, says which, and places the others as usual', async () => {
    await catalog.ingestion.importOffers([...HEADPHONES, ...ELSEWHERE], { format: 'gmc', bulk, source: 'all' });
    const clustered = await clusters(db);
    const bose = present((await db.query<{ id: number }>("SELECT id FROM offers WHERE external_id = 'B2'"))[0]).id;
    const { matcher, store } = catalog;
    // A matcher that fails on one offer, every time it is asked (as a bug on one listing's words would).
    const failing: typeof matcher = {
      ...matcher,
      steps: {
        ...matcher.steps,
        *rank(item, options) {
          if (item.title.startsWith('Bose QuietComfort Ultra Wireless')) throw new Error('the matcher failed');
          return yield* matcher.steps.rank(item, options);
        },
      },
    };
    const told: Array<[number, string]> = [];
    const progress: number[] = [];

    const result = await createIngestionService({ store, matcher: failing }).recluster({
      batchSize: 3,
      onProgress: (done) => progress.push(done),
      onUnplaceable: (id, error) => told.push([id, (error as Error).message]),
    });

    expect(told).toEqual([[bose, 'the matcher failed']]);
    expect(result).toMatchObject({ offers: 7, productsCreated: 5, ended: true });
    const asSet = (products: string[][]) => products.map((ids) => ids.join(' ')).sort();
    expect(asSet(await clusters(db))).toEqual(asSet([...clustered.map((ids) => ids.filter((id) => id !== 'B2')), ['B2']]));
    expect(progress.at(-1)).toBe(7);
    expect(await catalog.ingestion.reclusterProgress()).toBeNull();
  });

  it('re-clusters in batches of the time given, and places at the end an offer left behind its last batch', async () => {
    await catalog.ingestion.importOffers([...HEADPHONES, ...ELSEWHERE], { format: 'gmc', bulk, source: 'all' });
    const clustered = await clusters(db);
    const firstOffer = present((await db.query<{ id: number }>('SELECT min(id) AS id FROM offers'))[0]).id;
    const progress: number[] = [];

    // No time at all: one offer a batch. After the second, the first is found without a product again, as when another
    // process at the same re-clustering placed it in a batch that then rolled back.
    const result = await catalog.ingestion.recluster({
      batchMs: 0,
      onProgress: (done) => {
        progress.push(done);
        if (done === 2) void db.query(`UPDATE offers SET product_id = NULL WHERE id = ${firstOffer}`);
      },
    });

    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(result).toMatchObject({ offers: 7, productsCreated: 4 });
    expect(await clusters(db)).toEqual(clustered);
  });

  // The bulk path decides on the catalog as it was when the import began: two at once do not see each other's products.
  (bulk ? it.skip : it)('runs the imports of two processes one batch at a time: each offer once, every row counted', async () => {
    const other = services(await db.connect());
    // Four offers of each of ten GTINs in each feed, titles without model numbers: only the GTIN joins them, so two
    // imports deciding at once on what the other has not committed would each begin the ten products.
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett'];
    const feed = (prefix: string) =>
      Array.from({ length: 40 }, (_, i) =>
        offer({
          externalId: `${prefix}${i}`,
          url: `https://shop-${prefix.toLowerCase()}.example/p/${i}`,
          title: `Acme ${names[i % 10]} Desk Lamp`,
          brand: 'Acme',
          gtin: upc(`0420000${1000 + (i % 10)}`),
        }),
      );
    const [a, b] = await Promise.all([
      catalog.ingestion.importOffers(feed('P'), { format: 'gmc', source: 'p', batchSize: 5 }),
      other.ingestion.importOffers(feed('Q'), { format: 'gmc', source: 'q', batchSize: 5 }),
    ]);

    expect(a).toMatchObject({ status: 'succeeded', inserted: 40 });
    expect(b).toMatchObject({ status: 'succeeded', inserted: 40 });
    expect(await count(db, 'offers')).toBe(80);
    // One product per GTIN, whichever import came first to it.
    expect((await clusters(db)).map((ids) => ids.length)).toEqual(Array.from({ length: 10 }, () => 8));
    expect(a.productsCreated + b.productsCreated).toBe(10);
  });
});

describe.each(ENGINES)('import runs and catalog upkeep through the catalog port on %s', (engine) => {
  let db: PortEngine;
  let catalog: CatalogServices;
  let repository: CatalogRepository;

  beforeEach(async () => {
    db = await openPortEngine(engine);
    catalog = services(db);
    repository = port(db);
  });
  afterEach(async () => {
    await db.close();
  });

  it('reads the runs an import wrote, newest first, with their counts, retailers and report', async () => {
    const first = await catalog.ingestion.importOffers(HEADPHONES, { format: 'gmc', source: 'shop-one', retailer: { name: 'Shop One' } });
    const second = await catalog.ingestion.importOffers([...ELSEWHERE, offer({ externalId: 'X', url: 'not a url', title: 'Broken' })], { format: 'gmc', source: 'bestbuy' });

    const run = await repository.getImportRun(second.runId);
    expect(Object.keys(present(run))).toEqual(['id', 'format', 'source', 'retailerId', 'businessId', 'status', 'startedAt', 'finishedAt', 'totalRows', 'inserted', 'updated', 'unchanged', 'skipped', 'productsCreated', 'retailerIds', 'report']);
    expect(run).toMatchObject({ id: second.runId, format: 'gmc', source: 'bestbuy', retailerId: null, businessId: null, status: 'succeeded', totalRows: 5, inserted: 4, skipped: 1, productsCreated: 1, retailerIds: ['bestbuy'] });
    expect(present(run).startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((present(run).report as { errors: Array<{ line: number; field: string }> }).errors).toEqual([expect.objectContaining({ line: 5, field: 'url' })]);
    expect((await repository.listImportRuns(10)).map((row) => row.id)).toEqual([second.runId, first.runId]);
    expect(await repository.getImportRun('no-such-run')).toBeNull();
    expect([await repository.countOffers(), await repository.countProducts()]).toEqual([7, 4]);
  });

  it('lists the runs of one status or of one retailer a page at a time, and counts them', async () => {
    const shopOne = await catalog.ingestion.importOffers(HEADPHONES, { format: 'gmc', source: 'shop-one', retailer: { name: 'Shop One' } });
    const fromLinks = await catalog.ingestion.importOffers(ELSEWHERE, { format: 'gmc', source: 'links' });
    const refused = await catalog.ingestion.importOffers([offer({ externalId: 'X', url: 'not a url', title: 'Broken' })], { format: 'gmc', source: 'broken' });
    const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

    expect((await repository.getImportRun(refused.runId))?.status).toBe('failed');
    expect(ids(await repository.listImportRuns(10, { status: 'failed' }))).toEqual([refused.runId]);
    expect(ids(await repository.listImportRuns(10, { status: 'succeeded' }))).toEqual([fromLinks.runId, shopOne.runId]);
    expect(await repository.listImportRuns(10, { status: 'interrupted' })).toEqual([]);
    // A run's fixed retailer, or one its rows' links named.
    const shopOneId = present(await repository.getImportRun(shopOne.runId)).retailerId;
    expect(ids(await repository.listImportRuns(10, { retailerId: present(shopOneId) }))).toEqual([shopOne.runId]);
    expect(ids(await repository.listImportRuns(10, { retailerId: 'bestbuy' }))).toEqual([fromLinks.runId]);
    expect(ids(await repository.listImportRuns(10, { retailerId: 'bestbuy', status: 'failed' }))).toEqual([]);
    // Pages: the newest first, from the offset-th.
    expect(ids(await repository.listImportRuns(2, { offset: 1 }))).toEqual([fromLinks.runId, shopOne.runId]);
    expect(ids(await repository.listImportRuns(2, { offset: 2 }))).toEqual([shopOne.runId]);
    expect([await repository.countImportRuns(), await repository.countImportRuns({ status: 'succeeded' }), await repository.countImportRuns({ retailerId: 'bestbuy' })]).toEqual([3, 2, 1]);
    expect(await repository.countImportRuns({ retailerId: 'no-such-shop' })).toBe(0);
  });

  it('marks a run left running interrupted once, whichever of two processes finds it first', async () => {
    await catalog.store.startImportRun({ id: 'left', format: 'gmc', source: 'feed.tsv', retailerId: null, businessId: null, owner: { pid: 1, host: 'gone' } });
    expect((await repository.runningImportRuns()).map((run) => [run.id, run.ownerPid, run.ownerHost])).toEqual([['left', 1, 'gone']]);

    const other = port(await db.connect());
    const marked = await Promise.all([repository.interruptImportRun('left', { reason: 'a' }), other.interruptImportRun('left', { reason: 'b' })]);

    expect(marked.filter(Boolean)).toHaveLength(1);
    expect(await repository.runningImportRuns()).toEqual([]);
    const run = await repository.getImportRun('left');
    expect(run).toMatchObject({ status: 'interrupted', finishedAt: present(run).startedAt });
    expect((present(run).report as { interrupted: { reason: string } }).interrupted.reason).toBe(marked[0] ? 'a' : 'b');
  });

  it('renames a retailer, refreshes a product from its offers, and shows an offer others sell cheaper', async () => {
    await catalog.ingestion.importOffers([...HEADPHONES, ...ELSEWHERE], { format: 'gmc', source: 'all' });
    await repository.renameRetailer('bestbuy', 'Best Buy US');
    expect(await db.query("SELECT name FROM retailers WHERE id = 'bestbuy'")).toEqual([{ name: 'Best Buy US' }]);

    const [sony] = await db.query<{ id: number; productId: number }>("SELECT id, product_id AS \"productId\" FROM offers WHERE external_id = 'B1'");
    await db.query('UPDATE offers SET price_cents = 19999 WHERE id = ?', [present(sony).id]);
    await repository.refreshProduct(present(sony).productId, '2026-11-23T10:00:00.000Z');
    expect((await repository.getProduct(present(sony).productId))).toMatchObject({ bestPriceCents: 19_999, offerCount: 2, updatedAt: '2026-11-23T10:00:00.000Z' });

    expect(await repository.showcaseOfferUrl('shop-one.example')).toBeNull();
    await catalog.ingestion.importOffers([offer({ externalId: 'C1', url: 'https://www.walmart.com/ip/sony/1', title: 'Sony WH-1000XM5 Headphones', gtin: '027242923782', priceCents: 25_000 })], { format: 'gmc', source: 'walmart' });
    expect(await repository.showcaseOfferUrl('shop-one.example')).toBe('https://shop-one.example/p/a1');
  });
});

describe.each([
  ['row by row', false],
  ['bulk path', true],
] as const)("an import on SQLite, %s, while another process holds the write lock", (_path, bulk) => {
  it('waits the lock out instead of failing: a unit refused as busy runs again whole', async () => {
    const db = await openPortEngine('sqlite');
    const other = await db.connect();
    try {
      const catalog = services(db);
      // A busy timeout far below the time the other connection holds the lock.
      db.handle.sqlite.pragma('busy_timeout = 20');
      other.handle.sqlite.exec('BEGIN IMMEDIATE');
      other.handle.sqlite.prepare("INSERT INTO retailers (id, name, domains) VALUES ('held', 'Held', '[]')").run();
      const imported = catalog.ingestion.importOffers(HEADPHONES, { format: 'gmc', bulk, source: 'shop-one', retailer: { name: 'Shop One' } });
      await new Promise((resolve) => setTimeout(resolve, 120));
      other.handle.sqlite.exec('COMMIT');
      expect(await imported).toMatchObject({ status: 'succeeded', inserted: 3, productsCreated: 3 });
      expect(await clusters(db)).toEqual([['A1'], ['A2'], ['A3']]);
    } finally {
      if (other.handle.sqlite.inTransaction) other.handle.sqlite.exec('ROLLBACK');
      await db.close();
    }
  });
});
