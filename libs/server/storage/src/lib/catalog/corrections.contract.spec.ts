import { type AdminRepository, createPgAdminRepository, createPgCatalogRepository, createSqliteAdminRepository, createSqliteCatalogRepository } from '../../index';
import type { NewAuditEntry } from '@pricehunt/contracts';
import { at, seedOffers, seedProducts, seedRetailersAndBusiness, type SeedOffer } from '../../testing';
import { ENGINES, openPortEngine, outcome, type EngineConnection, type EngineName, type PortEngine } from '../../testing';
import type { CatalogRepository } from '@pricehunt/catalog-core';

/**
 * The catalog port's units of work for admins' corrections (detach an offer, approve a held price, merge two
 * products) and for store trust: each one transaction with its audit entry, its checks made inside it.
 */

const port = (connection: EngineConnection): CatalogRepository =>
  connection.engine === 'sqlite' ? createSqliteCatalogRepository(connection.handle) : createPgCatalogRepository(connection.handle);

const NOW = at(30);

const OFFERS: SeedOffer[] = [
  { id: 11, retailer: 'amazon', product: 1, title: 'Sony WH-1000XM5 Headphones Black', brand: 'Sony', model: 'WH-1000XM5', modelKey: 'WH1000XM5', price: 27_999, category: 'Headphones' },
  { id: 12, retailer: 'bestbuy', product: 1, title: 'Sony WH-1000XM5 Case', brand: 'Sony', modelKey: 'WH1000XM5CASE', price: 25_999, category: 'Headphones' },
  { id: 13, retailer: 'shop', product: 1, title: 'Sony WH-1000XM5 (shop)', brand: 'Sony', modelKey: 'WH1000XM5', price: 31_000, business: 'b1', category: 'Headphones' },
  { id: 14, retailer: 'walmart', product: 2, title: 'Sony WH1000XM5 wireless', brand: 'Sony', price: 29_000, category: 'Headphones' },
  { id: 15, retailer: 'amazon', product: 3, title: 'Sony KD-55X80K TV', brand: 'Sony', price: 59_999, category: 'TVs' },
  { id: 16, retailer: 'bestbuy', product: 3, title: 'Sony KD-55X80K', brand: 'Sony', price: 61_999, category: 'TVs' },
  { id: 17, retailer: 'walmart', product: 3, title: 'Sony KD55X80K television', brand: 'Sony', price: 9_999, held: 'price', category: 'TVs' },
  { id: 18, retailer: 'amazon', product: 4, title: 'Lone offer', price: 1_000 },
];

async function seed(run: PortEngine['query']) {
  await seedRetailersAndBusiness(run);
  await seedProducts(run, [
    { id: 1, title: 'Sony WH-1000XM5', brand: 'Sony', offers: 3, best: 25_999 },
    { id: 2, title: 'Sony WH1000XM5 wireless', brand: 'Sony', offers: 1, best: 29_000 },
    { id: 3, title: 'Sony KD-55X80K', brand: 'Sony', offers: 2, best: 59_999 },
    { id: 4, title: 'Lone offer', offers: 1, best: 1_000 },
  ]);
  await seedOffers(run, OFFERS);
  await run('INSERT INTO product_redirects (from_id, to_id, created_at) VALUES (9, 2, ?)', [at(0)]);
  await run(`INSERT INTO shoppers (id, email, password_hash, created_at, updated_at) VALUES ('s1', 's1@example.com', 'x', ?, ?), ('s2', 's2@example.com', 'x', ?, ?)`, [
    at(0),
    at(0),
    at(0),
    at(0),
  ]);
  await run(`INSERT INTO shopper_favorites (shopper_id, product_id, title, saved_at, alert_below_cents) VALUES
    ('s1', 2, 'Sony WH1000XM5 wireless', ?, 25000), ('s2', 2, 'Sony WH1000XM5 wireless', ?, NULL), ('s2', 1, 'Sony WH-1000XM5', ?, 20000)`, [at(1), at(1), at(2)]);
  // Watches of product 2 (s1's, and s2's, who watches product 1 too) and s1's watch of a link of product 2's offer.
  const watch = (id: string, shopper: string, target: string, product: number, url: string | null) =>
    run(`INSERT INTO watches (id, shopper_id, owner, email, status, stop_token, target, product_id, url, title, created_at, updated_at)
      VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?, 'Sony WH-1000XM5', 1, 1)`, [id, shopper, `shopper:${shopper}`, `${shopper}@example.com`, `stop-${id}`, target, product, url]);
  await watch('w1', 's1', 'product:2', 2, null);
  await watch('w2', 's2', 'product:2', 2, null);
  await watch('w3', 's2', 'product:1', 1, null);
  await watch('w4', 's1', 'url:https://www.walmart.com/ip/x/14', 2, 'https://www.walmart.com/ip/x/14');
}

const actor = { actorId: 'admin-1', actorEmail: 'admin@example.com' };
/** An audit entry the audit log refuses (actor_email is required): the correction must roll back with it. */
const refusedAudit = (): NewAuditEntry => ({ ...actor, actorEmail: null as unknown as string, action: 'catalog.merge_products', targetType: 'catalog', targetId: null, targetLabel: null, before: null, after: null });

const parsed = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

describe.each(ENGINES)('catalog corrections on %s', (engine: EngineName) => {
  let db: PortEngine | null = null;
  let catalog: CatalogRepository;
  let run: PortEngine['query'];

  const audits = async () =>
    (
      await run<{ action: string; actorEmail: string; targetId: string | null; targetLabel: string | null; before: unknown; after: unknown; createdAt: unknown }>(
        'SELECT action, actor_email AS "actorEmail", target_id AS "targetId", target_label AS "targetLabel", before_json AS "before", after_json AS "after", created_at AS "createdAt" FROM audit_log ORDER BY action',
      )
    ).map((row) => ({ ...row, before: parsed(row.before), after: parsed(row.after), createdAt: row.createdAt instanceof Date ? row.createdAt.toISOString() : row.createdAt }));
  const productOfOffer = async (id: number) => (await run<{ productId: number | null }>('SELECT product_id AS "productId" FROM offers WHERE id = ?', [id]))[0]?.productId;
  const productIds = async () => (await run<{ id: number }>('SELECT id FROM products ORDER BY id')).map((row) => row.id);

  /** A freshly migrated and seeded database (SQLite's full-text triggers forbid deleting the seeded offers). */
  const fresh = async () => {
    await db?.close();
    const opened = await openPortEngine(engine);
    db = opened;
    run = opened.query;
    catalog = port(opened);
    await seed(run);
    return opened;
  };
  beforeEach(async () => void (await fresh()));
  const current = () => {
    if (!db) throw new Error('no database open');
    return db;
  };
  afterAll(async () => db?.close());

  describe('detachOffer', () => {
    it('moves the offer into a new product named after it, refreshes both, and writes the audit entry in the same transaction', async () => {
      const facts: unknown[] = [];
      const done = await catalog.detachOffer(
        1,
        12,
        (f) => {
          facts.push({ product: f.product.id, title: f.product.title, offers: f.offers, offer: f.offer.id, retailer: f.offer.retailerName, newProductId: f.newProductId });
          return { ...actor, action: 'catalog.detach_offer', targetType: 'catalog', targetId: '1', targetLabel: f.product.title, before: { product: 1, offers: f.offers }, after: { newProduct: f.newProductId } };
        },
        NOW,
      );
      expect(done).toEqual({ ok: true, newProductId: expect.any(Number) });
      if (!done.ok) return;
      // Above every product's id.
      expect(done.newProductId).toBeGreaterThan(4);
      expect(facts).toEqual([{ product: 1, title: 'Sony WH-1000XM5', offers: 3, offer: 12, retailer: 'Best Buy', newProductId: done.newProductId }]);
      expect(await productOfOffer(12)).toBe(done.newProductId);
      const [old, created] = [await catalog.getProduct(1), await catalog.getProduct(done.newProductId)];
      expect(old).toMatchObject({ offerCount: 2, bestPriceCents: 27_999, updatedAt: NOW });
      expect(created).toMatchObject({ title: 'Sony WH-1000XM5 Case', brand: 'Sony', modelKey: 'WH1000XM5CASE', category: 'Headphones', offerCount: 1, bestPriceCents: 25_999, createdAt: NOW });
      expect(await audits()).toEqual([
        { action: 'catalog.detach_offer', actorEmail: 'admin@example.com', targetId: '1', targetLabel: 'Sony WH-1000XM5', before: { product: 1, offers: 3 }, after: { newProduct: done.newProductId }, createdAt: NOW },
      ]);
      // The next product takes the next id.
      const again = await catalog.detachOffer(1, 13, () => ({ ...actor, action: 'catalog.detach_offer', targetType: 'catalog', targetId: '1', targetLabel: null, before: null, after: null }), NOW);
      expect(again).toEqual({ ok: true, newProductId: done.newProductId + 1 });
    });

    it('answers why it does not apply, and writes nothing', async () => {
      const audit = jest.fn(() => ({ ...actor, action: 'catalog.detach_offer' as const, targetType: 'catalog' as const, targetId: null, targetLabel: null, before: null, after: null }));
      expect(await catalog.detachOffer(99, 12, audit, NOW)).toEqual({ ok: false, refusal: 'product-not-found' });
      expect(await catalog.detachOffer(1, 14, audit, NOW)).toEqual({ ok: false, refusal: 'offer-not-in-product' });
      expect(await catalog.detachOffer(4, 18, audit, NOW)).toEqual({ ok: false, refusal: 'offer-alone' });
      expect(audit).not.toHaveBeenCalled();
      expect(await audits()).toEqual([]);
      expect(await productIds()).toEqual([1, 2, 3, 4]);
    });

    it('rolls the correction back when its audit entry cannot be written', async () => {
      expect(await outcome(catalog.detachOffer(1, 12, refusedAudit, NOW))).toBe('refused');
      expect(await productOfOffer(12)).toBe(1);
      expect(await productIds()).toEqual([1, 2, 3, 4]);
      expect(await catalog.getProduct(1)).toMatchObject({ offerCount: 3, updatedAt: at(1) });
      expect(await audits()).toEqual([]);
    });
  });

  describe('approveOfferPrice', () => {
    it('shows the held offer, accepts its total, refreshes its product and writes the audit entry', async () => {
      const done = await catalog.approveOfferPrice(
        17,
        ({ offer, productId }) => ({ ...actor, action: 'catalog.approve_price', targetType: 'catalog', targetId: String(productId), targetLabel: offer.title, before: { held: offer.held }, after: null }),
        NOW,
      );
      expect(done).toEqual({ ok: true, productId: 3 });
      expect(await run('SELECT held, price_approved_cents AS approved FROM offers WHERE id = 17')).toEqual([{ held: null, approved: 9_999 }]);
      expect(await catalog.getProduct(3)).toMatchObject({ offerCount: 3, bestPriceCents: 9_999, updatedAt: NOW });
      expect(await audits()).toEqual([
        { action: 'catalog.approve_price', actorEmail: 'admin@example.com', targetId: '3', targetLabel: 'Sony KD55X80K television', before: { held: 'price' }, after: null, createdAt: NOW },
      ]);
    });

    it('answers not found and no longer held, writing nothing', async () => {
      const audit = jest.fn(() => ({ ...actor, action: 'catalog.approve_price' as const, targetType: 'catalog' as const, targetId: null, targetLabel: null, before: null, after: null }));
      expect(await catalog.approveOfferPrice(999, audit, NOW)).toEqual({ ok: false, refusal: 'offer-not-found' });
      expect(await catalog.approveOfferPrice(15, audit, NOW)).toEqual({ ok: false, refusal: 'offer-not-held' });
      expect(audit).not.toHaveBeenCalled();
      expect(await catalog.approveOfferPrice(17, audit, NOW)).toMatchObject({ ok: true });
      expect(await catalog.approveOfferPrice(17, audit, NOW)).toEqual({ ok: false, refusal: 'offer-not-held' });
      expect(await audits()).toHaveLength(1);
    });

    it('rolls the approval back when its audit entry cannot be written', async () => {
      expect(await outcome(catalog.approveOfferPrice(17, refusedAudit, NOW))).toBe('refused');
      expect(await run('SELECT held, price_approved_cents AS approved FROM offers WHERE id = 17')).toEqual([{ held: 'price', approved: null }]);
      expect(await audits()).toEqual([]);
    });
  });

  describe('mergeProducts', () => {
    it('moves the offers, retires the product (redirects flat, favorites, alerts and watches follow) and writes the audit entry', async () => {
      const done = await catalog.mergeProducts(
        2,
        1,
        ({ product, target, moved }) => ({
          ...actor,
          action: 'catalog.merge_products',
          targetType: 'catalog',
          targetId: String(target.id),
          targetLabel: target.title,
          before: { product: product.id, offers: product.offerCount },
          after: { offers: target.offerCount + moved },
        }),
        NOW,
      );
      expect(done).toEqual({ ok: true, moved: 1 });
      expect(await productOfOffer(14)).toBe(1);
      expect(await productIds()).toEqual([1, 3, 4]);
      expect(await catalog.getProduct(1)).toMatchObject({ offerCount: 4, updatedAt: NOW });
      expect(await catalog.successorOf(2)).toBe(1);
      expect(await catalog.successorOf(9)).toBe(1);
      // s1's favorite (and alert) follows; s2 had saved both: the one under the successor stays.
      expect(await run('SELECT shopper_id AS "shopperId", product_id AS "productId", alert_below_cents AS alert FROM shopper_favorites ORDER BY shopper_id, product_id')).toEqual([
        { shopperId: 's1', productId: 1, alert: 25_000 },
        { shopperId: 's2', productId: 1, alert: 20_000 },
      ]);
      // Watches follow too: s1's product watch and link watch; s2 watched both, and keeps the successor's.
      expect(await run('SELECT id, target, product_id AS "productId" FROM watches ORDER BY id')).toEqual([
        { id: 'w1', target: 'product:1', productId: 1 },
        { id: 'w3', target: 'product:1', productId: 1 },
        { id: 'w4', target: 'url:https://www.walmart.com/ip/x/14', productId: 1 },
      ]);
      expect(await audits()).toEqual([
        { action: 'catalog.merge_products', actorEmail: 'admin@example.com', targetId: '1', targetLabel: 'Sony WH-1000XM5', before: { product: 2, offers: 1 }, after: { offers: 4 }, createdAt: NOW },
      ]);
    });

    it('answers which product is gone, writing nothing', async () => {
      const audit = jest.fn(() => ({ ...actor, action: 'catalog.merge_products' as const, targetType: 'catalog' as const, targetId: null, targetLabel: null, before: null, after: null }));
      expect(await catalog.mergeProducts(99, 1, audit, NOW)).toEqual({ ok: false, refusal: 'product-not-found' });
      expect(await catalog.mergeProducts(99, 98, audit, NOW)).toEqual({ ok: false, refusal: 'product-not-found' });
      expect(await catalog.mergeProducts(2, 99, audit, NOW)).toEqual({ ok: false, refusal: 'into-not-found' });
      expect(audit).not.toHaveBeenCalled();
      expect(await productIds()).toEqual([1, 2, 3, 4]);
      expect(await audits()).toEqual([]);
    });

    it('rolls the merge back when its audit entry cannot be written', async () => {
      expect(await outcome(catalog.mergeProducts(2, 1, refusedAudit, NOW))).toBe('refused');
      expect(await productOfOffer(14)).toBe(2);
      expect(await productIds()).toEqual([1, 2, 3, 4]);
      expect(await catalog.successorOf(2)).toBeNull();
      expect(await catalog.successorOf(9)).toBe(2);
      expect(await run('SELECT count(*) AS n FROM shopper_favorites WHERE product_id = 2')).toEqual([{ n: 2 }]);
      expect(await run('SELECT id FROM watches WHERE product_id = 2 ORDER BY id')).toEqual([{ id: 'w1' }, { id: 'w2' }, { id: 'w4' }]);
      expect(await audits()).toEqual([]);
    });
  });

  describe('refreshStoreTrust', () => {
    it("hides a suspended business's offers and shows them again once it is active, refreshing their products", async () => {
      await run("UPDATE businesses SET status = 'suspended' WHERE id = 'b1'");
      expect(await catalog.refreshStoreTrust('b1', NOW)).toBe(1);
      expect(await run('SELECT held FROM offers WHERE id = 13')).toEqual([{ held: 'store' }]);
      expect(await catalog.getProduct(1)).toMatchObject({ offerCount: 2, updatedAt: NOW });
      expect(await catalog.refreshStoreTrust('b1', NOW)).toBe(0);
      await run("UPDATE businesses SET status = 'active' WHERE id = 'b1'");
      expect(await catalog.refreshStoreTrust('b1', at(31))).toBe(1);
      expect(await run('SELECT held FROM offers WHERE id = 13')).toEqual([{ held: null }]);
      expect(await catalog.getProduct(1)).toMatchObject({ offerCount: 3, updatedAt: at(31) });
    });

    it('hides offers on a host the business has not proved', async () => {
      await run("DELETE FROM verified_domains WHERE business_id = 'b1'");
      expect(await catalog.refreshStoreTrust('b1', NOW)).toBe(1);
      expect(await run('SELECT held FROM offers WHERE id = 13')).toEqual([{ held: 'store' }]);
      expect(await catalog.refreshStoreTrust('nobody', NOW)).toBe(0);
    });
  });

  describe("an admin's suspension of a business (AdminRepository.changeBusiness with refreshStoreTrust)", () => {
    const admin = (): AdminRepository => {
      const opened = current();
      return opened.engine === 'sqlite' ? createSqliteAdminRepository(opened.handle) : createPgAdminRepository(opened.handle);
    };
    const suspend = (entry: NewAuditEntry) =>
      admin().changeBusiness({
        id: 'b1',
        expected: { status: 'active', isAdmin: false },
        change: { status: 'suspended' },
        endSessions: true,
        refreshStoreTrust: true,
        audit: entry,
        now: NOW,
      });

    it("hides the business's offers in the suspension's own transaction", async () => {
      const changed = await suspend({ ...actor, action: 'business.suspend', targetType: 'business', targetId: 'b1', targetLabel: null, before: null, after: { status: 'suspended' } });
      expect(changed?.business.status).toBe('suspended');
      expect(await run('SELECT held FROM offers WHERE id = 13')).toEqual([{ held: 'store' }]);
      expect(await catalog.getProduct(1)).toMatchObject({ offerCount: 2, updatedAt: NOW });
      expect(await audits()).toHaveLength(1);
    });

    it('rolls the suspension and the offers back together when its audit entry cannot be written', async () => {
      expect(await outcome(suspend(refusedAudit()))).toBe('refused');
      expect(await run("SELECT status FROM businesses WHERE id = 'b1'")).toEqual([{ status: 'active' }]);
      expect(await run('SELECT held FROM offers WHERE id = 13')).toEqual([{ held: null }]);
      expect(await catalog.getProduct(1)).toMatchObject({ offerCount: 3, updatedAt: at(1) });
    });
  });

  describe('two admins at once, from two connections', () => {
    const mergeAudit = () => ({ ...actor, action: 'catalog.merge_products' as const, targetType: 'catalog' as const, targetId: null, targetLabel: null, before: null, after: null });
    const detachAudit = () => ({ ...actor, action: 'catalog.detach_offer' as const, targetType: 'catalog' as const, targetId: null, targetLabel: null, before: null, after: null });

    it('merging A into B while merging B into A: one wins, the other finds its product gone', async () => {
      for (let round = 0; round < 3; round++) {
        const opened = round > 0 ? await fresh() : current();
        const other = port(await opened.connect());
        const results = await Promise.all([catalog.mergeProducts(2, 1, mergeAudit, NOW), other.mergeProducts(1, 2, mergeAudit, NOW)]);
        const won = results.filter((result) => result.ok);
        expect(won).toHaveLength(1);
        expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.refusal)).toEqual([expect.stringMatching(/^(product|into)-not-found$/)]);
        const survivor = results[0]?.ok ? 1 : 2;
        expect(await productIds()).toEqual([survivor, 3, 4]);
        expect((await run<{ productId: number }>('SELECT DISTINCT product_id AS "productId" FROM offers WHERE id IN (11, 12, 13, 14)')).map((row) => row.productId)).toEqual([survivor]);
        expect(await catalog.getProduct(survivor)).toMatchObject({ offerCount: 4 });
        expect(await audits()).toHaveLength(1);
      }
    });

    it('detaching the same offer twice: one new product, the other answers that the offer left', async () => {
      for (let round = 0; round < 3; round++) {
        const opened = round > 0 ? await fresh() : current();
        const other = port(await opened.connect());
        const results = await Promise.all([catalog.detachOffer(1, 12, detachAudit, NOW), other.detachOffer(1, 12, detachAudit, NOW)]);
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, refusal: 'offer-not-in-product' }]);
        expect(await productIds()).toHaveLength(5);
        expect(await catalog.getProduct(1)).toMatchObject({ offerCount: 2 });
        expect(await audits()).toHaveLength(1);
      }
    });

    it('approving one held price twice: one approval and one audit entry', async () => {
      const other = port(await current().connect());
      const approveAudit = () => ({ ...actor, action: 'catalog.approve_price' as const, targetType: 'catalog' as const, targetId: null, targetLabel: null, before: null, after: null });
      const results = await Promise.all([catalog.approveOfferPrice(17, approveAudit, NOW), other.approveOfferPrice(17, approveAudit, NOW)]);
      expect(results.filter((result) => result.ok)).toEqual([{ ok: true, productId: 3 }]);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, refusal: 'offer-not-held' }]);
      expect(await audits()).toHaveLength(1);
    });
  });
});
