import { demoPriceHistory, demoProducts, generateDemoCatalog } from '@pricehunt/catalog-feeds';
import { DEMO_HISTORY_DAYS, seedDemoCatalog } from '@pricehunt/catalog-core';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { rows, run } from '../testing/db';

/** The day the seeds below are made on: the history is the days before it. */
const TODAY = new Date('2026-11-23T10:00:00.000Z');
// Seeding is the same code on either engine and a seed's sameness is the generator's: SQLite seeds seven days of
// history twice, PostgreSQL six once (the demo's whole history costs minutes there and most of a minute here; `npm
// start` seeds it every time a database is new). Each day is one more pass of the same code; a week has a first day,
// days between and today, and under a full run's load each day costs many seconds.
const ON_POSTGRES = process.env.PRICEHUNT_TEST_ENGINE === 'postgres';
const DAYS = ON_POSTGRES ? 6 : Math.min(7, DEMO_HISTORY_DAYS);
const FIRST_DAY = new Date(TODAY.getTime() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

interface OfferRecord {
  retailer: string;
  externalId: string;
  product: number;
  priceCents: number;
  availability: string;
}

/** What a seeded catalog holds: its offers (with their product) and the days of each product's price points. */
async function catalogOf(t: TestApp) {
  const offers = await rows<{ retailer_id: string; external_id: string; product_id: number; price_cents: number; availability: string }>(
    t.app,
    'SELECT retailer_id, external_id, product_id, price_cents, availability FROM offers ORDER BY retailer_id, external_id',
  );
  const records: OfferRecord[] = offers.map((offer) => ({ retailer: offer.retailer_id, externalId: offer.external_id, product: Number(offer.product_id), priceCents: Number(offer.price_cents), availability: offer.availability }));
  const history = new Map<number, string[]>();
  for (const product of new Set(records.map((offer) => offer.product))) {
    history.set(product, (await t.app.storage.catalog.priceHistoryOfProduct(product, { since: '1970-01-01T00:00:00.000Z', limit: 100_000 })).map((point) => `${point.offerId}|${point.recordedAt}|${point.priceCents}`));
  }
  return { records, history };
}

describe('the demo catalog seed', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await buildTestApp();
    if (!ON_POSTGRES) second = await buildTestApp();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('imports every real product with its days of history, today’s prices last, the same on every seed', async () => {
    const result = await seedDemoCatalog(first.app.catalog, first.app.storage.catalog, { today: TODAY, days: DAYS });
    const offers = generateDemoCatalog({ seed: 42 });
    expect(result).toMatchObject({ skipped: false, offers: offers.length, products: demoProducts(42).length, synthetic: null, erMagellan: [] });
    expect(result.demo).toMatchObject({ offers: offers.length, days: DAYS, failed: null });
    expect(result.demoUrl).toMatch(/^https:\/\/www\.amazon\.com\/[a-z0-9-]+\/dp\/B0[0-9A-Z]{8}$/);

    const { records, history } = await catalogOf(first);
    // Each product is one real product's variant: its offers are that variant's.
    const truth = new Map(offers.map((offer) => [`${offer.retailer}|${offer.externalId}`, offer]));
    const variants = new Map<number, Set<string>>();
    for (const record of records) variants.set(record.product, (variants.get(record.product) ?? new Set()).add(truth.get(`${record.retailer}|${record.externalId}`)?.productKey ?? 'unknown'));
    expect([...variants.values()].filter((keys) => keys.size !== 1)).toEqual([]);

    // Every product has price points on at least a sixth of the days, the first on the first day, the last today.
    const days = [...history.values()].map((points) => new Set(points.map((point) => point.split('|')[1]?.slice(0, 10))));
    expect(Math.min(...days.map((set) => set.size))).toBeGreaterThanOrEqual(Math.floor(DAYS / 6));
    const all = new Set(days.flatMap((set) => [...set]));
    expect([...all].sort()[0]).toBe(FIRST_DAY);
    expect([...all].sort().at(-1)).toBe('2026-11-23');
    expect([...history.values()].reduce((sum, points) => sum + points.length, 0)).toBe(result.demo?.pricePoints);

    // Today's prices and stock are the last day's feed.
    const today = new Map<string, { priceCents: number; availability: string }>();
    for (const day of demoPriceHistory(offers, { days: DAYS, seed: 42 })) {
      for (const offer of day.offers) today.set(`${offer.retailer}|${offer.externalId}`, { priceCents: Math.min(offer.priceCents, offer.salePriceCents ?? offer.priceCents), availability: offer.availability });
    }
    expect(records.filter((record) => today.get(`${record.retailer}|${record.externalId}`)?.priceCents !== record.priceCents || today.get(`${record.retailer}|${record.externalId}`)?.availability !== record.availability)).toEqual([]);

    // Another seed on the same day gives the same catalog: offers, products, prices and their history.
    if (!ON_POSTGRES) {
      await seedDemoCatalog(second.app.catalog, second.app.storage.catalog, { today: TODAY, days: DAYS });
      const again = await catalogOf(second);
      expect(again.records).toEqual(records);
      expect(again.history).toEqual(history);
    }

    // A seeded catalog gets no offers, and its products are computed anew from them: as an earlier version's rules
    // named and described them, a product is named and described as this version's rules read its offers.
    const named = await rows<{ id: number; title: string; attributes: unknown }>(first.app, 'SELECT id, title, attributes FROM products ORDER BY id');
    const stale = named[0] as { id: number; title: string };
    await run(first.app, 'UPDATE products SET title = ?, attributes = ? WHERE id = ?', [`${stale.title} RAM SSD`, JSON.stringify({ storage: '8 GB' }), stale.id]);
    const skipped = await seedDemoCatalog(first.app.catalog, first.app.storage.catalog, { today: TODAY, days: DAYS });
    expect(skipped).toMatchObject({ skipped: true, demo: null, offers: offers.length, refreshed: named.length });
    expect(await rows(first.app, 'SELECT id, title, attributes FROM products ORDER BY id')).toEqual(named);
    // Two demo catalogs seeded: minutes on a slow two-core machine while the other suites run beside it.
  }, 600_000);
});
