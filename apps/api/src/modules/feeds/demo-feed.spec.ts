import { importDemoCatalog } from '@pricehunt/catalog-core';
import { DEMO_FEED_RETAILER, demoFeedBase, demoFeedOffers, gmcTsvOf, readFeedText, type FeedRow } from '@pricehunt/catalog-feeds';
import { createSqliteCatalogServices } from '@pricehunt/storage';
import { openPortEngine, type PortEngine } from '@pricehunt/storage/testing';

// The demo feed (what `npm start`'s demo feed server serves for the worker to refresh) is the demo catalog's Best Buy
// offers as the seed left them, some on a flash price: read back through the Merchant Center reader and applied as a
// refresh, it changes exactly the flashed offers and nothing else.
describe('the demo feed', () => {
  let db: PortEngine;
  beforeEach(async () => {
    db = await openPortEngine('sqlite');
  });
  afterEach(async () => {
    await db.close();
  });

  it('reads back into the seeded offers: only the flashed prices change, none is added or gone', async () => {
    if (db.engine !== 'sqlite') throw new Error('SQLite expected');
    const catalog = createSqliteCatalogServices(db.handle.sqlite);
    const options = { seed: 42, days: 3 };
    await importDemoCatalog(catalog.ingestion, options);
    const base = demoFeedBase(options);
    expect(base.length).toBeGreaterThan(400);

    let before = 0;
    for (const tick of [1000, 1001]) {
      const feed = demoFeedOffers(base, tick);
      expect(feed.flashed).toBeGreaterThan(0);
      const rows: FeedRow[] = [];
      for await (const row of readFeedText('gmc-tsv', gmcTsvOf(feed.offers))) rows.push(row);
      const applied = await catalog.refresh(rows, { format: 'gmc', source: 'demo feed', retailer: DEMO_FEED_RETAILER });
      expect(applied).toMatchObject({ status: 'succeeded', rowsRead: base.length, added: 0, gone: 0, rejected: 0 });
      // This period's flash prices change, and the last period's go back to the seeded ones.
      if (before === 0) expect(applied.changed).toBe(feed.flashed);
      else expect(applied.changed).toBeLessThanOrEqual(feed.flashed + before);
      expect(applied.unchanged).toBe(base.length - applied.changed);
      before = feed.flashed;
    }
  });
});
