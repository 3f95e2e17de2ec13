import type { ImportRunDelta, NewOffer, NewProduct } from '@pricehunt/catalog-core';
import { deleteEmptyProducts, holdPriceOutliers, SQLITE_SQL, storeHold } from '../shared-sql';

const nowIso = () => new Date().toISOString();

/** The `held` an updated offer takes: `store` as `storeHold` says, else what it was unless that was `store`. */
const heldAfterUpdate = `held = coalesce(${storeHold(SQLITE_SQL, '@businessId', '@host')}, CASE WHEN held = 'store' THEN NULL ELSE held END)`;

/**
 * Statements of the bulk import path, which runs them on its own writer connection (`BulkWriter`); the
 * repository prepares the same text for its own calls. Positional parameters are built by `bulkOfferParams` and
 * `bulkProductParams`.
 */
export const BULK_SQL = {
  /** Adds a retailer if its id is new (named parameters; `domains` as JSON). */
  insertRetailer: 'INSERT INTO retailers (id, name, domains, affiliate_param) VALUES (@id, @name, @domains, @affiliateParam) ON CONFLICT(id) DO NOTHING',
  insertOffer: `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, brand, model, model_key,
      gtin, price_cents, currency, shipping_cents, availability, condition, image_url, category, business_id, product_id, created_at, updated_at, held)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT ${storeHold(SQLITE_SQL, 'x.bid', 'x.host')} FROM (SELECT ? AS bid, ? AS host) AS x))`,
  insertProduct: `INSERT INTO products (id, title, brand, model, model_key, gtin, category, category_slug, image_url, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  /** Full-text entries of the offers with ids in [?, ?] (a batch's reserved range). */
  indexOfferRange:
    'INSERT INTO offers_fts (rowid, title, brand, model, category) SELECT id, title, brand, model, category FROM offers WHERE id BETWEEN ? AND ? ORDER BY id',
  /** First price points of the offers with ids in [?, ?]. */
  firstPricePoints: `INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at)
      SELECT id, price_cents, shipping_cents, currency, created_at FROM offers WHERE id BETWEEN ? AND ? ORDER BY id`,
  insertPricePoint: 'INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at) VALUES (?, ?, ?, ?, ?)',
  updateOfferAll: `UPDATE offers SET canonical_url = @canonicalUrl, url = @url, host = @host, title = @title, brand = @brand,
      model = @model, model_key = @modelKey, gtin = @gtin, price_cents = @priceCents, currency = @currency, shipping_cents = @shippingCents,
      availability = @availability, condition = @condition, image_url = @imageUrl, category = @category, business_id = @businessId,
      ${heldAfterUpdate}, updated_at = @now WHERE id = @id`,
  // Leaves the indexed text columns out of SET, so the full-text trigger does not fire for a price-only change.
  updateOfferCommerce: `UPDATE offers SET canonical_url = @canonicalUrl, url = @url, host = @host, model_key = @modelKey,
      gtin = @gtin, price_cents = @priceCents, currency = @currency, shipping_cents = @shippingCents, availability = @availability,
      condition = @condition, image_url = @imageUrl, business_id = @businessId, ${heldAfterUpdate}, updated_at = @now WHERE id = @id`,
  /**
   * Tells the price summaries of the products (ids as a JSON array) that their figures were refreshed: each is
   * computed again (`catalog-core` price-summaries.ts). Run with every refresh of products' figures.
   */
  bumpPriceSummaries: 'UPDATE product_price_summaries SET version = version + 1 WHERE product_id IN (SELECT value FROM json_each(@ids))',
  /** Holds for review, or releases, the offers of the products (ids as a JSON array) by their price (`holdPriceOutliers`). */
  holdPriceOutliers: holdPriceOutliers(SQLITE_SQL, '@ids'),
  /** A product's representative title, written only when it changes. */
  setProductTitle: 'UPDATE products SET title = ? WHERE id = ? AND title IS NOT ?',
  deleteEmptyProducts: deleteEmptyProducts(SQLITE_SQL, '?'),
  /**
   * Adds a committed batch to its run's counts and marks the run alive (named parameters: `ImportRunDelta`, `id`,
   * `now`). Run in the batch's own transaction, so the counts always say what is on disk.
   */
  advanceImportRun: `UPDATE import_runs SET total_rows = total_rows + @rows, inserted = inserted + @inserted, updated = updated + @updated,
      unchanged = unchanged + @unchanged, skipped = skipped + @skipped, products_created = max(0, products_created + @productsCreated),
      heartbeat_at = @now WHERE id = @id`,
} as const;

/** Named parameters of `BULK_SQL.advanceImportRun`: the run, what a batch adds to its counts, and the time (now). */
export function importRunAdvanceParams(id: string, delta: Partial<ImportRunDelta>, now = nowIso()) {
  return {
    id,
    now,
    rows: delta.rows ?? 0,
    inserted: delta.inserted ?? 0,
    updated: delta.updated ?? 0,
    unchanged: delta.unchanged ?? 0,
    skipped: delta.skipped ?? 0,
    productsCreated: delta.productsCreated ?? 0,
  };
}

/** Positional parameters of `BULK_SQL.insertOffer`. */
export function bulkOfferParams(id: number, retailerId: string, externalId: string, productId: number, o: Omit<NewOffer, 'retailerId' | 'externalId' | 'productId'>, now: string) {
  return [id, retailerId, externalId, o.canonicalUrl, o.url, o.host, o.title, o.brand, o.model, o.modelKey, o.gtin, o.priceCents, o.currency,
    o.shippingCents, o.availability, o.condition, o.imageUrl, o.category, o.businessId, productId, now, now, o.businessId, o.host];
}

/** Positional parameters of `BULK_SQL.insertProduct`. */
export function bulkProductParams(id: number, p: NewProduct, now: string) {
  return [id, p.title, p.brand, p.model, p.modelKey, p.gtin, p.category, p.categorySlug, p.imageUrl, now, now];
}
