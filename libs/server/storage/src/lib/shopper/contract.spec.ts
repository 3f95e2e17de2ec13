import type { Favorite } from '@pricehunt/contracts';
import { ENGINES, openPortEngine, type EngineConnection, type EngineName, type PortEngine } from '../../testing/port-engines';
import { createPgPriceAlertRepository, createPgShopperDataRepository, createSqlitePriceAlertRepository, createSqliteShopperDataRepository, type FavoriteRow, type HistoryRow, type PriceAlertRepository, type ShopperDataRepository } from '../../index';

interface Ports {
  shopper: ShopperDataRepository;
  alerts: PriceAlertRepository;
}
interface Subject extends Ports {
  db: PortEngine;
  /** The ports on another connection (pool) to the same database, as another API process has them. */
  another(): Promise<Ports>;
  /** Whether a price alert check excludes the checks of other instances (PostgreSQL's advisory lock). */
  exclusiveChecks: boolean;
}

const ports = (connection: EngineConnection): Ports =>
  connection.engine === 'sqlite'
    ? { shopper: createSqliteShopperDataRepository(connection.handle), alerts: createSqlitePriceAlertRepository(connection.handle) }
    : { shopper: createPgShopperDataRepository(connection.handle), alerts: createPgPriceAlertRepository(connection.handle) };

async function open(engine: EngineName): Promise<Subject> {
  const db = await openPortEngine(engine);
  return { db, ...ports(db), another: async () => ports(await db.connect()), exclusiveChecks: engine === 'postgres' };
}

/** Equal, and with the keys in the same order: the API answers these objects as JSON. */
function expectExactly(actual: unknown, expected: unknown) {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute, 0, 0)).toISOString();

let shopperCount = 0;

describe.each(ENGINES)('shopper storage ports on %s', (engine) => {
  let s: Subject;
  let run: PortEngine['query'];

  beforeAll(async () => {
    s = await open(engine);
    run = s.db.query;
    await run(`INSERT INTO retailers (id, name) VALUES ('amazon', 'Amazon'), ('bestbuy', 'Best Buy'), ('walmart', 'Walmart')`);
    await run(`INSERT INTO products (id, title, offer_count, best_price_cents, currency) VALUES (1, 'LG OLED55C3PUA TV', 3, 120000, 'USD'), (2, 'Sony WH-1000XM5', 0, NULL, NULL), (3, 'Kindle', 1, 9999, 'EUR')`);
    const offer = (id: number, retailer: string, productId: number, price: number, shipping: number | null) =>
      run(
        `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, shipping_cents, product_id)
         VALUES (?, ?, ?, ?, ?, 'example.com', 'offer', ?, 'USD', ?, ?)`,
        [id, retailer, `X${id}`, `https://example.com/${id}`, `https://example.com/${id}`, price, shipping, productId],
      );
    // Best Buy's total equals Walmart's price (120,000), whose shipping is unknown; Amazon's shipping makes it dearer.
    await offer(11, 'amazon', 1, 119_000, 2_000);
    await offer(12, 'walmart', 1, 120_000, null);
    await offer(13, 'bestbuy', 1, 119_500, 500);
    await offer(14, 'amazon', 3, 9_999, null);
  });
  afterAll(async () => s.db.close());

  /** A new shopper of its own for each case. */
  async function newShopper(): Promise<string> {
    const id = `shopper-${++shopperCount}`;
    await run(`INSERT INTO shoppers (id, email, password_hash) VALUES (?, ?, 'hash')`, [id, `${id}@example.com`]);
    return id;
  }
  const history = (shopperId: string, requestId: string, minute: number, extra: Partial<HistoryRow> = {}): HistoryRow => ({
    shopperId,
    requestId,
    slug: `slug-${requestId}`,
    kind: 'query',
    input: `input ${requestId}`,
    title: null,
    imageUrl: null,
    productId: null,
    bestPriceCents: null,
    currency: null,
    offerCount: null,
    searchedAt: at(minute),
    ...extra,
  });
  const favorite = (shopperId: string, productId: number, minute: number, extra: Partial<FavoriteRow> = {}): FavoriteRow => ({
    shopperId,
    productId,
    title: `Favorite ${productId}`,
    brand: null,
    imageUrl: null,
    savedPriceCents: null,
    currency: null,
    savedAt: at(minute),
    ...extra,
  });
  const alertToken = (label: string) => `${s.db.engine}-token-${label}-${shopperCount}`;

  describe('search history', () => {
    it('answers an added entry as stored, refreshes it when added again, and lists newest first (request id breaking ties)', async () => {
      const shopperId = await newShopper();
      const entry = await s.shopper.addHistoryEntry(
        history(shopperId, 'r1', 1, { kind: 'url', title: 'LG TV', imageUrl: 'https://img/1.jpg', productId: 1, bestPriceCents: 120_000, currency: 'USD', offerCount: 3 }),
        10,
      );
      expectExactly(entry, {
        requestId: 'r1',
        slug: 'slug-r1',
        kind: 'url',
        input: 'input r1',
        title: 'LG TV',
        imageUrl: 'https://img/1.jpg',
        productId: 1,
        bestPriceCents: 120_000,
        currency: 'USD',
        offerCount: 3,
        searchedAt: '2026-11-23T10:01:00.000Z',
      });
      await s.shopper.addHistoryEntry(history(shopperId, 'r2', 2), 10);
      await s.shopper.addHistoryEntry(history(shopperId, 'r3', 2), 10);
      const refreshed = await s.shopper.addHistoryEntry(history(shopperId, 'r1', 3, { title: 'LG TV again' }), 10);
      expect(refreshed).toMatchObject({ title: 'LG TV again', searchedAt: at(3), productId: null });
      expect((await s.shopper.listHistory(shopperId, 10)).map((row) => row.requestId)).toEqual(['r1', 'r3', 'r2']);
      expect((await s.shopper.listHistory(shopperId, 2)).map((row) => row.requestId)).toEqual(['r1', 'r3']);
      expectExactly((await s.shopper.listHistory(shopperId, 1))[0], refreshed);
    });

    it('keeps the newest entries only, removes one, and clears them all, counting what it removed', async () => {
      const shopperId = await newShopper();
      for (const minute of [1, 2, 3, 4]) await s.shopper.addHistoryEntry(history(shopperId, `r${minute}`, minute), 3);
      expect((await s.shopper.listHistory(shopperId, 10)).map((row) => row.requestId)).toEqual(['r4', 'r3', 'r2']);
      // Older than every entry kept: trimmed at once, and answered as given.
      expectExactly(await s.shopper.addHistoryEntry(history(shopperId, 'r0', 0), 3), (({ shopperId: _s, ...entry }) => entry)(history(shopperId, 'r0', 0)));
      expect((await s.shopper.listHistory(shopperId, 10)).map((row) => row.requestId)).toEqual(['r4', 'r3', 'r2']);
      expect(await s.shopper.removeHistory(shopperId, 'r3')).toBe(1);
      expect(await s.shopper.removeHistory(shopperId, 'r3')).toBe(0);
      const other = await newShopper();
      await s.shopper.addHistoryEntry(history(other, 'r4', 1), 3);
      expect(await s.shopper.clearHistory(shopperId)).toBe(2);
      expect(await s.shopper.listHistory(shopperId, 10)).toEqual([]);
      expect(await s.shopper.listHistory(other, 10)).toHaveLength(1);
    });

    it('keeps the newest entries when several are added at once from two processes', async () => {
      const shopperId = await newShopper();
      const other = await s.another();
      await Promise.all(
        [1, 2, 3, 4, 5, 6].map((minute) => (minute % 2 ? s.shopper : other.shopper).addHistoryEntry(history(shopperId, `r${minute}`, minute), 3)),
      );
      expect((await s.shopper.listHistory(shopperId, 10)).map((row) => row.requestId)).toEqual(['r6', 'r5', 'r4']);
    });
  });

  describe('favorites', () => {
    it('saves a favorite with its product figures, answers the saved one unchanged, and refuses a new one when full', async () => {
      const shopperId = await newShopper();
      const added = await s.shopper.addFavorite(favorite(shopperId, 1, 1, { brand: 'LG', imageUrl: 'https://img/tv.jpg', savedPriceCents: 130_000, currency: 'USD' }), 2);
      const saved: Favorite = {
        productId: 1,
        title: 'Favorite 1',
        brand: 'LG',
        imageUrl: 'https://img/tv.jpg',
        savedPriceCents: 130_000,
        currency: 'USD',
        savedAt: '2026-11-23T10:01:00.000Z',
        currentPriceCents: 120_000,
        offerCount: 3,
        alert: null,
      };
      expectExactly(added, { favorite: saved, created: true });
      expectExactly(await s.shopper.addFavorite(favorite(shopperId, 1, 5, { savedPriceCents: 1 }), 2), { favorite: saved, created: false });
      // A product the catalog does not hold (or no longer): no figures.
      expectExactly(await s.shopper.addFavorite(favorite(shopperId, 999, 2), 2), {
        favorite: { ...saved, productId: 999, title: 'Favorite 999', brand: null, imageUrl: null, savedPriceCents: null, currency: null, savedAt: at(2), currentPriceCents: null, offerCount: null },
        created: true,
      });
      expect(await s.shopper.addFavorite(favorite(shopperId, 3, 3), 2)).toBeNull();
      // Full, but already saved: answered as saved.
      expect((await s.shopper.addFavorite(favorite(shopperId, 1, 6), 2))?.created).toBe(false);
      expect((await s.shopper.listFavorites(shopperId, 10)).map((row) => row.productId)).toEqual([999, 1]);
    });

    it('lists favorites newest first (product id breaking ties), removes one, and tells which products exist', async () => {
      const shopperId = await newShopper();
      await s.shopper.addFavorite(favorite(shopperId, 1, 1), 10);
      await s.shopper.addFavorite(favorite(shopperId, 3, 2), 10);
      await s.shopper.addFavorite(favorite(shopperId, 2, 2), 10);
      const listed = await s.shopper.listFavorites(shopperId, 10);
      expect(listed.map((row) => row.productId)).toEqual([3, 2, 1]);
      expectExactly(listed[1], {
        productId: 2,
        title: 'Favorite 2',
        brand: null,
        imageUrl: null,
        savedPriceCents: null,
        currency: null,
        savedAt: at(2),
        currentPriceCents: null,
        offerCount: 0,
        alert: null,
      });
      expect((await s.shopper.listFavorites(shopperId, 2)).map((row) => row.productId)).toEqual([3, 2]);
      expect(await s.shopper.removeFavorite(shopperId, 3)).toBe(1);
      expect(await s.shopper.removeFavorite(shopperId, 3)).toBe(0);
      expect([...(await s.shopper.existingProducts([1, 2, 3, 999]))].sort()).toEqual([1, 2, 3]);
      expect((await s.shopper.existingProducts([])).size).toBe(0);
    });

    it('saves one favorite of several added at once from two processes to a shopper one short of the limit', async () => {
      const other = await s.another();
      for (let round = 0; round < 3; round++) {
        const shopperId = await newShopper();
        await s.shopper.addFavorite(favorite(shopperId, 1, 1), 2);
        const answers = await Promise.all(
          [2, 3, 500, 501].map((productId, index) => (index % 2 ? other.shopper : s.shopper).addFavorite(favorite(shopperId, productId, 2), 2)),
        );
        expect(answers.filter((answer) => answer?.created)).toHaveLength(1);
        expect(answers.filter((answer) => answer === null)).toHaveLength(3);
        expect(await s.shopper.listFavorites(shopperId, 10)).toHaveLength(2);
      }
    });
  });

  describe('numbers as large as the contracts allow', () => {
    const BIG_ID = 2 ** 40;
    const BIG_CENTS = 1e11;

    it('stores and answers them in history, favorites and alerts, and finds no product by an id no product can have', async () => {
      const shopperId = await newShopper();
      const entry = await s.shopper.addHistoryEntry(history(shopperId, 'big', 1, { productId: BIG_ID, bestPriceCents: BIG_CENTS, offerCount: 100_000 }), 10);
      expect(entry).toMatchObject({ productId: BIG_ID, bestPriceCents: BIG_CENTS, offerCount: 100_000 });
      expect((await s.shopper.listHistory(shopperId, 1))[0]).toMatchObject({ productId: BIG_ID, bestPriceCents: BIG_CENTS });
      expect((await s.shopper.existingProducts([BIG_ID, 1])).has(BIG_ID)).toBe(false);
      expect((await s.shopper.addFavorite(favorite(shopperId, 1, 1, { savedPriceCents: BIG_CENTS }), 10))?.favorite.savedPriceCents).toBe(BIG_CENTS);
      const alerted = await s.shopper.setAlert(shopperId, 1, { belowCents: BIG_CENTS, setAt: at(2), stopToken: alertToken('big') });
      expect(alerted?.alert).toEqual({ belowCents: BIG_CENTS, setAt: at(2), reachedAt: at(2), reachedPriceCents: 120_000 });
      expect((await s.alerts.listAlerts()).find((row) => row.shopperId === shopperId)).toMatchObject({ productId: 1, belowCents: BIG_CENTS });
      expect(await s.shopper.setAlert(shopperId, BIG_ID, { belowCents: 1, setAt: at(3), stopToken: alertToken('big2') })).toBeNull();
      expect(await s.shopper.clearAlert(shopperId, BIG_ID)).toBeNull();
      expect(await s.shopper.removeFavorite(shopperId, BIG_ID)).toBe(0);
      expect(await s.alerts.bestPriceRetailer(BIG_ID)).toBeNull();
      await s.shopper.clearAlert(shopperId, 1);
    });
  });

  describe('price alerts of favorites', () => {
    it('sets an alert the best price has not reached, replaces it with one it has, and clears it', async () => {
      const shopperId = await newShopper();
      await s.shopper.addFavorite(favorite(shopperId, 1, 1), 10);
      const high = await s.shopper.setAlert(shopperId, 1, { belowCents: 100_000, setAt: at(2), stopToken: alertToken('a') });
      expectExactly(high?.alert, { belowCents: 100_000, setAt: '2026-11-23T10:02:00.000Z', reachedAt: null, reachedPriceCents: null });
      // At the best price: reached when set, at that price.
      const reached = await s.shopper.setAlert(shopperId, 1, { belowCents: 120_000, setAt: at(3), stopToken: alertToken('b') });
      expectExactly(reached, {
        productId: 1,
        title: 'Favorite 1',
        brand: null,
        imageUrl: null,
        savedPriceCents: null,
        currency: null,
        savedAt: at(1),
        currentPriceCents: 120_000,
        offerCount: 3,
        alert: { belowCents: 120_000, setAt: at(3), reachedAt: at(3), reachedPriceCents: 120_000 },
      });
      expectExactly((await s.shopper.listFavorites(shopperId, 10))[0], reached);
      const cleared = await s.shopper.clearAlert(shopperId, 1);
      expectExactly(cleared, { ...reached, alert: null });
      expect(await s.shopper.setAlert(shopperId, 2, { belowCents: 1, setAt: at(4), stopToken: alertToken('c') })).toBeNull();
      expect(await s.shopper.clearAlert(shopperId, 2)).toBeNull();
    });

    it('never counts an alert on a product without a price as reached', async () => {
      const shopperId = await newShopper();
      await s.shopper.addFavorite(favorite(shopperId, 2, 1), 10);
      await s.shopper.addFavorite(favorite(shopperId, 998, 1), 10);
      expect((await s.shopper.setAlert(shopperId, 2, { belowCents: 1e9, setAt: at(2), stopToken: alertToken('d') }))?.alert?.reachedAt).toBeNull();
      expect((await s.shopper.setAlert(shopperId, 998, { belowCents: 1e9, setAt: at(2), stopToken: alertToken('e') }))?.alert?.reachedAt).toBeNull();
    });

    it("stops an alert by its email's token once, answering the favorite's title", async () => {
      const shopperId = await newShopper();
      await s.shopper.addFavorite(favorite(shopperId, 3, 1, { title: 'My Kindle' }), 10);
      const token = alertToken('stop');
      await s.shopper.setAlert(shopperId, 3, { belowCents: 5_000, setAt: at(2), stopToken: token });
      expect(await s.shopper.stopAlertByToken(token)).toBe('My Kindle');
      expect((await s.shopper.listFavorites(shopperId, 1))[0]?.alert).toBeNull();
      expect(await s.shopper.stopAlertByToken(token)).toBeNull();
      expect(await s.shopper.stopAlertByToken('no-such-token')).toBeNull();
    });
  });

  describe('merging a browser’s lists', () => {
    it('adds history (a newer stored entry wins), keeps the newest, saves favorites below the limit, and answers the lists', async () => {
      const shopperId = await newShopper();
      await s.shopper.addHistoryEntry(history(shopperId, 'kept', 5, { title: 'stored' }), 10);
      await s.shopper.addHistoryEntry(history(shopperId, 'older', 1, { title: 'stored' }), 10);
      await s.shopper.addFavorite(favorite(shopperId, 1, 1, { savedPriceCents: 111 }), 10);
      const merged = await s.shopper.mergeLists(
        shopperId,
        {
          history: [
            history(shopperId, 'kept', 4, { title: 'from the browser' }),
            history(shopperId, 'older', 6, { title: 'from the browser' }),
            history(shopperId, 'new', 3),
            history(shopperId, 'oldest', 0),
          ],
          favorites: [favorite(shopperId, 1, 9, { savedPriceCents: 999 }), favorite(shopperId, 2, 7), favorite(shopperId, 3, 8)],
        },
        { history: 3, favorites: 2 },
      );
      expect(merged.entries.map((entry) => [entry.requestId, entry.title])).toEqual([
        ['older', 'from the browser'],
        ['kept', 'stored'],
        ['new', null],
      ]);
      expect(merged.favorites.map((row) => [row.productId, row.savedPriceCents, row.savedAt])).toEqual([
        [2, null, at(7)],
        [1, 111, at(1)],
      ]);
      expectExactly(merged.entries, await s.shopper.listHistory(shopperId, 3));
      expectExactly(merged.favorites, await s.shopper.listFavorites(shopperId, 2));
      expect(await s.shopper.listHistory(shopperId, 10)).toHaveLength(3);
    });

    it('never saves more than the limit when a merge and added favorites race from two processes', async () => {
      const other = await s.another();
      const shopperId = await newShopper();
      const answers = await Promise.all([
        s.shopper.mergeLists(shopperId, { history: [], favorites: [favorite(shopperId, 1, 1), favorite(shopperId, 2, 1), favorite(shopperId, 3, 1)] }, { history: 10, favorites: 3 }),
        other.shopper.addFavorite(favorite(shopperId, 600, 2), 3),
        other.shopper.addFavorite(favorite(shopperId, 601, 2), 3),
      ]);
      expect(answers[0].favorites.length).toBeLessThanOrEqual(3);
      expect(await s.shopper.listFavorites(shopperId, 10)).toHaveLength(3);
    });
  });

  describe('the price alert checker’s port', () => {
    it('lists favorites with an alert with their product’s figures and the shopper’s address, marks and re-arms them', async () => {
      await run('DELETE FROM shopper_favorites');
      const shopperId = await newShopper();
      await s.shopper.addFavorite(favorite(shopperId, 1, 1, { title: 'Mine', currency: 'GBP', savedPriceCents: 125_000 }), 10);
      await s.shopper.addFavorite(favorite(shopperId, 997, 1, { title: 'Gone', currency: 'GBP' }), 10);
      await s.shopper.addFavorite(favorite(shopperId, 2, 1), 10);
      await s.shopper.setAlert(shopperId, 1, { belowCents: 110_000, setAt: at(2), stopToken: alertToken('l1') });
      await s.shopper.setAlert(shopperId, 997, { belowCents: 500, setAt: at(3), stopToken: alertToken('l2') });
      const listed = (await s.alerts.listAlerts()).sort((a, b) => a.productId - b.productId);
      expectExactly(listed, [
        {
          shopperId,
          productId: 1,
          title: 'LG OLED55C3PUA TV',
          belowCents: 110_000,
          setAt: at(2),
          stopToken: alertToken('l1'),
          reachedAt: null,
          bestCents: 120_000,
          currency: 'USD',
          email: `${shopperId}@example.com`,
          savedCents: 125_000,
          checkedCents: null,
        },
        {
          shopperId,
          productId: 997,
          title: 'Gone',
          belowCents: 500,
          setAt: at(3),
          stopToken: alertToken('l2'),
          reachedAt: null,
          bestCents: null,
          currency: 'GBP',
          email: `${shopperId}@example.com`,
          savedCents: null,
          checkedCents: null,
        },
      ]);
      const key = { shopperId, productId: 1, setAt: at(2) };
      // Another alert than the one read (set at another time): left alone.
      expect(await s.alerts.markReached({ ...key, setAt: at(1) }, at(10), 100_000)).toBe(false);
      expect(await s.alerts.rearm(key)).toBe(false);
      expect(await s.alerts.markReached(key, at(10), 100_000)).toBe(true);
      expect(await s.alerts.markReached(key, at(11), 90_000)).toBe(false);
      expect((await s.alerts.listAlerts()).find((row) => row.productId === 1)?.reachedAt).toBe(at(10));
      expect((await s.shopper.listFavorites(shopperId, 10)).find((row) => row.productId === 1)?.alert).toEqual({
        belowCents: 110_000,
        setAt: at(2),
        reachedAt: at(10),
        reachedPriceCents: 100_000,
      });
      expect(await s.alerts.rearm({ ...key, setAt: at(3) })).toBe(false);
      expect(await s.alerts.rearm(key)).toBe(true);
      expect(await s.alerts.rearm(key)).toBe(false);
      expect((await s.alerts.listAlerts()).find((row) => row.productId === 1)?.reachedAt).toBeNull();

      // The price a check saw is kept for the next email, for that alert only; a new alert starts without one.
      expect(await s.alerts.notePrice({ ...key, setAt: at(1) }, 115_000)).toBe(false);
      expect(await s.alerts.notePrice(key, 115_000)).toBe(true);
      expect((await s.alerts.listAlerts()).find((row) => row.productId === 1)?.checkedCents).toBe(115_000);
      await s.shopper.setAlert(shopperId, 1, { belowCents: 100_000, setAt: at(4), stopToken: alertToken('l3') });
      expect((await s.alerts.listAlerts()).find((row) => row.productId === 1)).toMatchObject({ checkedCents: null, savedCents: 125_000 });
      expect(await s.alerts.notePrice({ ...key, setAt: at(4) }, 118_000)).toBe(true);
      await s.shopper.clearAlert(shopperId, 1);
      await s.shopper.setAlert(shopperId, 1, { belowCents: 100_000, setAt: at(5), stopToken: alertToken('l4') });
      expect((await s.alerts.listAlerts()).find((row) => row.productId === 1)?.checkedCents).toBeNull();
    });

    it("names the retailer of the offer the figures refresh chose as the best price, not a cheaper offer of another kind", async () => {
      // Walmart's 120,000 with shipping unknown is no best price beside Best Buy's known 120,000 total (catalog-pricing).
      await run('UPDATE products SET best_offer_id = 13 WHERE id = 1');
      await run('UPDATE products SET best_offer_id = 14 WHERE id = 3');
      expect(await s.alerts.bestPriceRetailer(1)).toBe('Best Buy');
      expect(await s.alerts.bestPriceRetailer(3)).toBe('Amazon');
      expect(await s.alerts.bestPriceRetailer(2)).toBeNull();
      // A cheaper back-order elsewhere is not the best price the alert tells of.
      await run("UPDATE offers SET availability = 'backorder', price_cents = 100000 WHERE id = 12");
      expect(await s.alerts.bestPriceRetailer(1)).toBe('Best Buy');
      // The best offer held for review since: no shop is named until the refresh chooses another.
      await run("UPDATE offers SET held = 'price' WHERE id = 13");
      expect(await s.alerts.bestPriceRetailer(1)).toBeNull();
      await run('UPDATE products SET best_offer_id = 11 WHERE id = 1');
      expect(await s.alerts.bestPriceRetailer(1)).toBe('Amazon');
      await run("UPDATE offers SET availability = 'unknown', held = NULL, price_cents = 120000 WHERE id = 12");
      await run("UPDATE offers SET held = NULL WHERE id = 13");
      await run('UPDATE products SET best_offer_id = NULL WHERE id IN (1, 3)');
    });

    it('gives the right to run a check to one instance at a time (PostgreSQL), or always (SQLite: one machine)', async () => {
      const other = await s.another();
      expect(await s.alerts.tryLock()).toBe(true);
      expect(await other.alerts.tryLock()).toBe(!s.exclusiveChecks);
      if (!s.exclusiveChecks) await other.alerts.unlock();
      await s.alerts.unlock();
      expect(await other.alerts.tryLock()).toBe(true);
      expect(await s.alerts.tryLock()).toBe(!s.exclusiveChecks);
      await other.alerts.unlock();
      if (!s.exclusiveChecks) await s.alerts.unlock();
      expect(await s.alerts.tryLock()).toBe(true);
      await s.alerts.unlock();
    });
  });
});
