import { type ConditionPrice, type NewOffer, type OfferKeyRow, type OfferRef, type OfferRow, type OfferWithRetailer, type RetailerRow, shorterModelKeys, type SourcedOffer } from '@pricehunt/catalog-core';
import type { SearchCondition } from '@pricehunt/contracts';
import type Database from 'better-sqlite3';
import { BULK_SQL } from '../sqlite/bulk-sql';
import { idList, prepareAll } from '../sqlite/prepare';
import { type ConditionPriceRow, conditionPrices, lowestPricesInSql, OFFER_COLUMNS, OFFER_REF, OFFER_WITH_RETAILER, SAME_SQL, SQLITE_SQL, storeHold, TOTAL } from '../shared-sql';

const nowIso = () => new Date().toISOString();

/** The statements the catalog store reads offers and retailers with. */
const LOOKUPS = {
  retailerById: 'SELECT id, name, domains, affiliate_param AS affiliateParam FROM retailers WHERE id = ?',
  retailers: 'SELECT id, name, domains, affiliate_param AS affiliateParam FROM retailers ORDER BY name',
  priceHeldOffers: SAME_SQL.priceHeldOffers('?'),
  countPriceHeldOffers: SAME_SQL.countPriceHeldOffers,
  offerById: `SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.id = ?`,
  offerByCanonicalUrl: `SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.canonical_url = ?`,
  offerByExternalId: `SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.retailer_id = ? AND o.external_id = ?`,
  // Canonical URLs in [@from, @to): those that begin with @from, through the URL's unique index (binary order).
  feedOffersUnderUrl: `SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.canonical_url >= @from AND o.canonical_url < @to AND o.origin = 'feed' ORDER BY o.id LIMIT @limit`,
  offerIdsByGtin: `${OFFER_REF} WHERE gtin = ? AND product_id IS NOT NULL LIMIT ?`,
  productsByModelKey: 'SELECT DISTINCT product_id AS productId, brand FROM offers WHERE model_key = ? AND product_id IS NOT NULL LIMIT 20',
  // Model keys are upper-case letters and digits, so [key, key || '~') holds every key that starts with `key`.
  modelKeysFrom:
    "SELECT DISTINCT product_id AS productId, model_key AS modelKey FROM offers WHERE model_key >= @key AND model_key < @key || '~' AND product_id IS NOT NULL ORDER BY model_key LIMIT @limit",
  offerIdsByExactModelKey: `${OFFER_REF} WHERE model_key = ? AND product_id IS NOT NULL LIMIT ?`,
  offerIdsByModelKey: `${OFFER_REF} WHERE model_key >= @key AND model_key < @key || '~' AND product_id IS NOT NULL LIMIT @limit`,
  offerKeys: `SELECT id, retailer_id AS retailerId, external_id AS externalId, canonical_url AS canonicalUrl, product_id AS productId,
      updated_at AS updatedAt, gtin, model_key AS modelKey, brand FROM offers`,
  maxOfferId: 'SELECT coalesce(max(id), 0) AS n FROM offers',
  offersOfRetailer: `SELECT id, external_id AS externalId, product_id AS productId, missing_runs AS missingRuns, title, brand, model,
      category, price_cents AS priceCents, shipping_cents AS shippingCents, currency, canonical_url AS canonicalUrl, url, gtin, availability, condition,
      image_url AS imageUrl, business_id AS businessId, model_key AS modelKey, origin FROM offers WHERE retailer_id = ? ORDER BY id`,
  offerOrigin: 'SELECT origin FROM offers WHERE id = ?',
  offerRefsOfProduct: `${OFFER_REF} WHERE product_id = ? ORDER BY id LIMIT ?`,
  // Per product through its offers (a handful each), never through all the retailer's offers.
  productsWithOfferAt: 'SELECT value AS productId FROM json_each(?) WHERE EXISTS (SELECT 1 FROM offers WHERE product_id = value AND retailer_id = ?)',
  offersAtAmong: 'SELECT value AS id FROM json_each(?) WHERE EXISTS (SELECT 1 FROM offers WHERE id = value AND retailer_id = ?)',
  lowestUsedPrices: lowestPricesInSql('used', 'SELECT value FROM json_each(?)'),
  lowestRefurbishedPrices: lowestPricesInSql('refurbished', 'SELECT value FROM json_each(?)'),
  offersOfProduct: `${OFFER_WITH_RETAILER} WHERE o.product_id = ? AND o.held IS NULL ORDER BY ${TOTAL('o')}, o.id`,
  allOffersOfProduct: `${OFFER_WITH_RETAILER} WHERE o.product_id = ? ORDER BY ${TOTAL('o')}, o.id`,
  offerWithRetailer: `${OFFER_WITH_RETAILER} WHERE o.id = ?`,
  pricePointsOfOffer:
    'SELECT price_cents AS priceCents, shipping_cents AS shippingCents, currency, recorded_at AS recordedAt FROM price_points WHERE offer_id = ? ORDER BY id',
  hostExists: "SELECT 1 FROM offers WHERE host = ? AND origin = 'feed' LIMIT 1",
  countOffers: 'SELECT count(*) AS n FROM offers',
  showcaseOffer: SAME_SQL.showcaseOffer('?'),
};

type RetailerRecord = { id: string; name: string; domains: string; affiliateParam: string | null };
const toRetailer = (row: RetailerRecord): RetailerRow => ({ ...row, domains: JSON.parse(row.domains) as string[] });

/** The catalog store's reads of offers and retailers, on one connection. */
export function sqliteOfferLookups(sqlite: Database.Database) {
  const s = prepareAll(sqlite, LOOKUPS, ['priceHeldOffers', 'countPriceHeldOffers']);
  const one = <T>(row: unknown) => (row as T | undefined) ?? null;
  return {
    getRetailer: (id: string) => {
      const row = s.retailerById.get(id) as RetailerRecord | undefined;
      return row ? toRetailer(row) : null;
    },
    listRetailers: () => (s.retailers.all() as RetailerRecord[]).map(toRetailer),
    /** Offers held for a price review, newest first, and how many there are. */
    priceHeldOffers: (limit: number): { ids: number[]; total: number } => ({ ids: s.priceHeldOffers.all(limit) as number[], total: s.countPriceHeldOffers.get() as number }),
    getOffer: (id: number) => one<OfferRow>(s.offerById.get(id)),
    getOfferWithRetailer: (id: number) => one<OfferWithRetailer>(s.offerWithRetailer.get(id)),
    findOfferByCanonicalUrl: (canonicalUrl: string) => one<OfferRow>(s.offerByCanonicalUrl.get(canonicalUrl)),
    findOfferByExternalId: (retailerId: string, externalId: string) => one<OfferRow>(s.offerByExternalId.get(retailerId, externalId)),
    /** The feed's offers whose canonical URL begins with `prefix`, oldest first; at most `limit`. */
    feedOffersUnderUrl: (prefix: string, limit: number) => s.feedOffersUnderUrl.all({ from: prefix, to: `${prefix}\u{10ffff}`, limit }) as OfferRow[],
    /** Offers (with their product) that carry this GTIN. */
    offersWithGtin: (gtin: string, limit = 20) => s.offerIdsByGtin.all(gtin, limit) as OfferRef[],
    /**
     * Offers (with their product) whose normalised model number is `modelKey` or starts with it (`14AD3557` finds
     * `14AD3557GA3`), then those whose model number `modelKey` extends by a short suffix (`shorterModelKeys`).
     */
    offersWithModelKey: (modelKey: string, limit = 20) => {
      const found = s.offerIdsByModelKey.all({ key: modelKey, limit }) as OfferRef[];
      for (const key of shorterModelKeys(modelKey)) {
        if (found.length >= limit) break;
        found.push(...(s.offerIdsByExactModelKey.all(key, limit - found.length) as OfferRef[]));
      }
      return found;
    },
    /**
     * Products with an offer whose model key is `modelKey` or it followed by at most `suffix` more characters (a colour
     * or region code: `SMS129B` finds `SMS129BMN4`), in key order; at most `limit`.
     */
    productsByModelCode(modelKey: string, options: { suffix: number; limit: number }): number[] {
      const ids: number[] = [];
      for (const row of s.modelKeysFrom.all({ key: modelKey, limit: options.limit * 4 }) as Array<{ productId: number; modelKey: string }>) {
        if (row.modelKey.length - modelKey.length > options.suffix || ids.includes(row.productId)) continue;
        ids.push(row.productId);
        if (ids.length >= options.limit) break;
      }
      return ids;
    },
    /** Products (and the brands their offers state) that have an offer with this model key. */
    productsWithModelKey: (modelKey: string) => s.productsByModelKey.all(modelKey) as Array<{ productId: number; brand: string | null }>,
    /** The highest offer id so far (0 for an empty catalog). */
    maxOfferId: () => (s.maxOfferId.get() as { n: number }).n,
    /** Every offer's identifying keys, one row at a time (a bulk import loads them once into memory). */
    iterateOfferKeys: () => s.offerKeys.iterate() as IterableIterator<OfferKeyRow>,
    offersOfRetailer: (retailerId: string) => s.offersOfRetailer.all(retailerId) as SourcedOffer[],
    offerOrigin: (offerId: number) => (s.offerOrigin.get(offerId) as { origin: 'feed' | 'page' } | undefined)?.origin ?? null,
    pricePointsOfOffer: (offerId: number) =>
      s.pricePointsOfOffer.all(offerId) as Array<{ priceCents: number; shippingCents: number | null; currency: string; recordedAt: string }>,
    /** The offers of a product shoppers see (none held), cheapest total first. */
    offersOfProduct: (productId: number) => s.offersOfProduct.all(productId) as OfferWithRetailer[],
    /** Every offer of a product, held ones too (the admin console's view). */
    allOffersOfProduct: (productId: number) => s.allOffersOfProduct.all(productId) as OfferWithRetailer[],
    /** The first `limit` offers of a product, as references (oldest first). */
    offerRefsOfProduct: (productId: number, limit = 20) => s.offerRefsOfProduct.all(productId, limit) as OfferRef[],
    /** Those of the products that have an offer at the retailer. */
    productsWithOfferAt: (retailerId: string, productIds: readonly number[]): Set<number> =>
      new Set(productIds.length === 0 ? [] : (s.productsWithOfferAt.all(idList(productIds), retailerId) as Array<{ productId: number }>).map((row) => row.productId)),
    /** The lowest total of each product's offers shoppers see in the condition that are not out of stock. */
    lowestPricesIn: (condition: SearchCondition, productIds: readonly number[]): Map<number, ConditionPrice> =>
      conditionPrices(productIds.length === 0 ? [] : ((condition === 'used' ? s.lowestUsedPrices : s.lowestRefurbishedPrices).all(idList(productIds)) as ConditionPriceRow[])),
    /** The offers among `offerIds` that are the retailer's. */
    offersAtAmong: (retailerId: string, offerIds: readonly number[]): Set<number> =>
      new Set(offerIds.length === 0 ? [] : (s.offersAtAmong.all(idList(offerIds), retailerId) as Array<{ id: number }>).map((row) => row.id)),
    /** True when some catalog offer links to `host` (lower case, without `www.`): the redirect allow-list reads this. */
    offerHostExists(host: string): boolean {
      const normalised = host.trim().toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
      return normalised.length > 0 && s.hostExists.get(normalised) !== undefined;
    },
    countOffers: () => (s.countOffers.get() as { n: number }).n,
    /** A retailer's offer whose product other retailers sell cheaper: a good first search to show. */
    showcaseOfferUrl: (retailerId: string) => (s.showcaseOffer.get(retailerId) as { url: string } | undefined)?.url ?? null,
  };
}

/** The statements the catalog store writes offers and retailers with. */
const WRITES = {
  insertRetailer: BULK_SQL.insertRetailer,
  renameRetailer: 'UPDATE retailers SET name = ? WHERE id = ? AND name IS NOT ?',
  insertOffer: `INSERT INTO offers (retailer_id, external_id, canonical_url, url, host, title, brand, model, model_key, gtin,
      price_cents, currency, shipping_cents, availability, condition, image_url, category, business_id, product_id, created_at, updated_at, held)
      VALUES (@retailerId, @externalId, @canonicalUrl, @url, @host, @title, @brand, @model, @modelKey, @gtin, @priceCents, @currency,
      @shippingCents, @availability, @condition, @imageUrl, @category, @businessId, @productId, @now, @now, ${storeHold(SQLITE_SQL, '@businessId', '@host')})`,
  indexOffer: 'INSERT INTO offers_fts (rowid, title, brand, model, category) SELECT id, title, brand, model, category FROM offers WHERE id = ?',
  updateOfferAll: BULK_SQL.updateOfferAll,
  updateOfferCommerce: BULK_SQL.updateOfferCommerce,
  setOfferProduct: 'UPDATE offers SET product_id = ? WHERE id = ?',
  deleteOffer: 'DELETE FROM offers WHERE id = ?',
  // Only the stock column is indexed text-free: the full-text trigger does not fire.
  markOffersMissing: `UPDATE offers SET availability = 'out_of_stock', missing_runs = missing_runs + 1, updated_at = @now
      WHERE ${SQLITE_SQL.inIds('id', '@ids')}`,
  clearOffersMissing: `UPDATE offers SET missing_runs = 0 WHERE ${SQLITE_SQL.inIds('id', '?')}`,
  deleteOffers: `DELETE FROM offers WHERE ${SQLITE_SQL.inIds('id', '?')}`,
  markPageOffer: "UPDATE offers SET origin = 'page' WHERE id = ?",
  markFeedOffers: `UPDATE offers SET origin = 'feed' WHERE ${SQLITE_SQL.inIds('id', '?')}`,
  insertPricePoint: BULK_SQL.insertPricePoint,
};

/** The catalog store's writes of offers, their prices and retailers, on one connection. */
export function sqliteOfferWrites(sqlite: Database.Database) {
  const s = prepareAll(sqlite, WRITES);
  return {
    /** Adds the retailer if its id is new; an existing retailer keeps its name and domains. */
    ensureRetailer(retailer: RetailerRow): void {
      s.insertRetailer.run({ ...retailer, domains: JSON.stringify(retailer.domains) });
    },
    /** Gives a retailer the name shoppers see its offers under (a merchant's shop renamed). */
    renameRetailer(id: string, name: string): void {
      s.renameRetailer.run(name, id, name);
    },
    /** Adds an offer, in the full-text index at once. */
    insertOffer(offer: NewOffer, now = nowIso()): number {
      const id = Number(s.insertOffer.run({ ...offer, now }).lastInsertRowid);
      s.indexOffer.run(id);
      return id;
    },
    /** Updates an offer; `textChanged` false keeps the full-text index untouched (price, stock and link changes). */
    updateOffer(id: number, offer: Omit<NewOffer, 'retailerId' | 'externalId' | 'productId'>, textChanged: boolean, now = nowIso()): void {
      const { title: _t, brand: _b, model: _m, category: _c, ...commerce } = offer;
      if (textChanged) s.updateOfferAll.run({ ...offer, id, now });
      else s.updateOfferCommerce.run({ ...commerce, id, now });
    },
    setOfferProduct(offerId: number, productId: number): void {
      s.setOfferProduct.run(productId, offerId);
    },
    deleteOffer(id: number): void {
      s.deleteOffer.run(id);
    },
    markOffersMissing(ids: readonly number[], now: string): void {
      if (ids.length > 0) s.markOffersMissing.run({ ids: idList(ids), now });
    },
    clearOffersMissing(ids: readonly number[]): void {
      if (ids.length > 0) s.clearOffersMissing.run(idList(ids));
    },
    deleteOffers(ids: readonly number[]): void {
      if (ids.length > 0) s.deleteOffers.run(idList(ids));
    },
    markPageOffer(offerId: number): void {
      s.markPageOffer.run(offerId);
    },
    markFeedOffers(ids: readonly number[]): void {
      if (ids.length > 0) s.markFeedOffers.run(idList(ids));
    },
    insertPricePoint(offerId: number, priceCents: number, shippingCents: number | null, currency: string, now = nowIso()): void {
      s.insertPricePoint.run(offerId, priceCents, shippingCents, currency, now);
    },
  };
}
