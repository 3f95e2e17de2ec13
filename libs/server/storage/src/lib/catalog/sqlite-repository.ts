import { type BrowseQuery, type BrowseSort, type CatalogRepository, type CategoryRow, type DealCategoryRow, type DealRow, type DuePriceSummary, type ImportRunDelta, type ImportRunOwner, type ImportRunRow, type NewOffer, type NewProduct, type OfferItem, type OfferKeyRow, type OfferRef, type OfferRow, type OfferWithRetailer, type PricePointRow, productOf, type ProductRow, type RetailerRow, type RunningImportRun, shorterModelKeys, type SourcedOffer, SUSPECT_PRODUCTS_FROM, type SuspectProductRow, type SuggestionCandidate } from '@pricehunt/catalog-core';
import type Database from 'better-sqlite3';
import { productName } from '@pricehunt/catalog-matching';
import { present, PRODUCT_ATTRIBUTES, type ProductAttribute } from '@pricehunt/contracts';
import { attributeParts, attributeValues, BROWSE_PARTS, browseWhere, offerConditions, storesOfProducts, type BrowseDialect, type BrowseParts } from './browse-filters';
import type { MerchantProduct, ProductsQuery } from '@pricehunt/contracts';
import type { DatabaseHandle } from '../db/client';
import { writeAuditEntry } from '../admin/audit-log';
import { writeProductFiguresSqlite } from './sqlite-product-figures';

const OFFER_COLUMNS = `id, retailer_id AS retailerId, external_id AS externalId, canonical_url AS canonicalUrl, url, host, title, brand, model,
  model_key AS modelKey, gtin, price_cents AS priceCents, currency, shipping_cents AS shippingCents, availability, condition,
  image_url AS imageUrl, category, business_id AS businessId, product_id AS productId, created_at AS createdAt, updated_at AS updatedAt`;

const OFFER_WITH_RETAILER = `SELECT o.id, o.retailer_id AS retailerId, o.external_id AS externalId, o.canonical_url AS canonicalUrl, o.url, o.host,
  o.title, o.brand, o.model, o.model_key AS modelKey, o.gtin, o.price_cents AS priceCents, o.currency, o.shipping_cents AS shippingCents,
  o.availability, o.condition, o.image_url AS imageUrl, o.category, o.business_id AS businessId, o.product_id AS productId,
  o.created_at AS createdAt, o.updated_at AS updatedAt, o.held, o.price_group AS priceGroup, o.origin, r.name AS retailerName, b.store_domain AS businessDomain,
  EXISTS (SELECT 1 FROM store_syncs s WHERE s.business_id = o.business_id AND s.status = 'succeeded') AS shopifyStore
  FROM offers o JOIN retailers r ON r.id = o.retailer_id LEFT JOIN businesses b ON b.id = o.business_id`;

/** Whether the shipping of the best price's offer (of products `p`) is known: 1 or 0, null with no best price. */
const BEST_SHIPPING_KNOWN = (p: string) => `(SELECT b.shipping_cents IS NOT NULL FROM offers b WHERE b.id = ${p}.best_offer_id) AS bestShippingKnown`;

const PRODUCT_COLUMNS = `id, title, brand, model, model_key AS modelKey, gtin, category, category_slug AS categorySlug, image_url AS imageUrl,
  offer_count AS offerCount, best_price_cents AS bestPriceCents, best_price_condition AS bestPriceCondition, best_offer_id AS bestOfferId,
  ${BEST_SHIPPING_KNOWN('products')}, currency, created_at AS createdAt, updated_at AS updatedAt`;

const BROWSE_ORDER: Record<BrowseSort, string> = {
  price_asc: 'best_price_cents ASC, id ASC',
  price_desc: 'best_price_cents DESC, id ASC',
  offers: 'offer_count DESC, id ASC',
  name: 'title ASC, id ASC',
};

const nowIso = () => new Date().toISOString();

/**
 * `'store'` when an offer of business `bid` on host `host` (SQL placeholders) may not be shown to shoppers, else null:
 * an offer without a business is shown; a business's offer only while the business is active, its store domain is
 * verified as its own, and the link is on that domain or under it.
 */
const storeHold = (bid: string, host: string) => `CASE WHEN ${bid} IS NULL THEN NULL
    WHEN EXISTS (SELECT 1 FROM businesses b JOIN verified_domains v ON v.business_id = b.id
      WHERE b.id = ${bid} AND b.status = 'active' AND b.store_domain = v.domain
        AND (${host} = v.domain OR substr(${host}, -length(v.domain) - 1) = '.' || v.domain)) THEN NULL
    ELSE 'store' END`;
/** The `held` an updated offer takes: `store` as `storeHold` says, else what it was unless that was `store`. */
const heldAfterUpdate = `held = coalesce(${storeHold('@businessId', '@host')}, CASE WHEN held = 'store' THEN NULL ELSE held END)`;

/** How far below the other offers of its product an offer's total must be to be held for review: under a third of their median. */
export const PRICE_REVIEW_FRACTION = 3;

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
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT ${storeHold('x.bid', 'x.host')} FROM (SELECT ? AS bid, ? AS host) AS x))`,
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
  /**
   * Holds for review, or releases, the offers of the products (ids as a JSON array) by their price: an offer whose
   * total is under 1/PRICE_REVIEW_FRACTION of the median of the other offers of its product (same currency, at least
   * two others, offers held for their store left out) is held, unless an admin accepted that total or a lower one.
   * Only offers in the cheaper half can be that far below the others' median, and for each of them the median of the
   * others is the same: the middle of the offers ranked (n/2 + 1) and ((n + 1)/2 + 1).
   */
  holdPriceOutliers: `WITH ranked AS (
        SELECT id, product_id, currency, held, price_approved_cents AS approved, price_cents + coalesce(shipping_cents, 0) AS total,
          row_number() OVER (PARTITION BY product_id, currency ORDER BY price_cents + coalesce(shipping_cents, 0), id) AS rn,
          count(*) OVER (PARTITION BY product_id, currency) AS n
        FROM offers WHERE product_id IN (SELECT value FROM json_each(@ids)) AND held IS NOT 'store'),
      others AS (SELECT product_id, currency, avg(total) AS median FROM ranked
        WHERE n >= 3 AND rn IN (n / 2 + 1, (n + 1) / 2 + 1) GROUP BY product_id, currency),
      verdict AS (SELECT r.id, CASE WHEN r.rn <= r.n / 2 AND r.total * ${PRICE_REVIEW_FRACTION} < m.median AND (r.approved IS NULL OR r.total < r.approved)
          THEN 'price' END AS held, r.held AS was
        FROM ranked r LEFT JOIN others m ON m.product_id = r.product_id AND m.currency = r.currency)
      UPDATE offers SET held = verdict.held FROM verdict WHERE offers.id = verdict.id AND verdict.held IS NOT verdict.was`,
  /** A product's representative title, written only when it changes. */
  setProductTitle: 'UPDATE products SET title = ? WHERE id = ? AND title IS NOT ?',
  deleteEmptyProducts:
    'DELETE FROM products WHERE id IN (SELECT value FROM json_each(?)) AND NOT EXISTS (SELECT 1 FROM offers WHERE product_id = products.id)',
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

/**
 * Storage of the catalog: retailers, offers, products (clusters), price history and import runs.
 * Every query the ingestion and search services run is here, as prepared statements on the one connection.
 */
export function createSqliteCatalogStore(sqlite: Database.Database) {
  const s = {
    retailerById: sqlite.prepare('SELECT id, name, domains, affiliate_param AS affiliateParam FROM retailers WHERE id = ?'),
    retailers: sqlite.prepare('SELECT id, name, domains, affiliate_param AS affiliateParam FROM retailers ORDER BY name'),
    insertRetailer: sqlite.prepare(BULK_SQL.insertRetailer),
    renameRetailer: sqlite.prepare('UPDATE retailers SET name = ? WHERE id = ? AND name IS NOT ?'),
    priceHeldOffers: sqlite.prepare("SELECT id FROM offers WHERE held = 'price' ORDER BY updated_at DESC, id DESC LIMIT ?").pluck(),
    countPriceHeldOffers: sqlite.prepare("SELECT count(*) FROM offers WHERE held = 'price'").pluck(),
    approveOfferPrice: sqlite.prepare(`UPDATE offers SET price_approved_cents = price_cents + coalesce(shipping_cents, 0), held = NULL
      WHERE id = ? AND held = 'price' RETURNING product_id AS productId`),
    offerById: sqlite.prepare(`SELECT ${OFFER_COLUMNS} FROM offers WHERE id = ?`),
    offerByCanonicalUrl: sqlite.prepare(`SELECT ${OFFER_COLUMNS} FROM offers WHERE canonical_url = ?`),
    offerByExternalId: sqlite.prepare(`SELECT ${OFFER_COLUMNS} FROM offers WHERE retailer_id = ? AND external_id = ?`),
    offerIdsByGtin: sqlite.prepare(
      'SELECT id, product_id AS productId, updated_at AS updatedAt FROM offers WHERE gtin = ? AND product_id IS NOT NULL LIMIT ?',
    ),
    productsByModelKey: sqlite.prepare(
      'SELECT DISTINCT product_id AS productId, brand FROM offers WHERE model_key = ? AND product_id IS NOT NULL LIMIT 20',
    ),
    // Model keys are upper-case letters and digits, so [key, key || '~') holds every key that starts with `key`.
    modelKeysFrom: sqlite.prepare(
      "SELECT DISTINCT product_id AS productId, model_key AS modelKey FROM offers WHERE model_key >= @key AND model_key < @key || '~' AND product_id IS NOT NULL ORDER BY model_key LIMIT @limit",
    ),
    offerIdsByExactModelKey: sqlite.prepare('SELECT id, product_id AS productId, updated_at AS updatedAt FROM offers WHERE model_key = ? AND product_id IS NOT NULL LIMIT ?'),
    offerIdsByModelKey: sqlite.prepare(
      "SELECT id, product_id AS productId, updated_at AS updatedAt FROM offers WHERE model_key >= @key AND model_key < @key || '~' AND product_id IS NOT NULL LIMIT @limit",
    ),
    insertOffer: sqlite.prepare(`INSERT INTO offers (retailer_id, external_id, canonical_url, url, host, title, brand, model, model_key, gtin,
      price_cents, currency, shipping_cents, availability, condition, image_url, category, business_id, product_id, created_at, updated_at, held)
      VALUES (@retailerId, @externalId, @canonicalUrl, @url, @host, @title, @brand, @model, @modelKey, @gtin, @priceCents, @currency,
      @shippingCents, @availability, @condition, @imageUrl, @category, @businessId, @productId, @now, @now, ${storeHold('@businessId', '@host')})`),
    updateOfferAll: sqlite.prepare(BULK_SQL.updateOfferAll),
    updateOfferCommerce: sqlite.prepare(BULK_SQL.updateOfferCommerce),
    offerKeys: sqlite.prepare(`SELECT id, retailer_id AS retailerId, external_id AS externalId, canonical_url AS canonicalUrl, product_id AS productId,
      updated_at AS updatedAt, gtin, model_key AS modelKey, brand FROM offers`),
    sequence: sqlite.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck(),
    insertSequence: sqlite.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)'),
    updateSequence: sqlite.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?'),
    maxProductId: sqlite.prepare('SELECT coalesce(max(id), 0) FROM products').pluck(),
    setOfferProduct: sqlite.prepare('UPDATE offers SET product_id = ? WHERE id = ?'),
    indexOffer: sqlite.prepare('INSERT INTO offers_fts (rowid, title, brand, model, category) SELECT id, title, brand, model, category FROM offers WHERE id = ?'),
    maxOfferId: sqlite.prepare('SELECT coalesce(max(id), 0) AS n FROM offers'),
    deleteOffer: sqlite.prepare('DELETE FROM offers WHERE id = ?'),
    offersOfRetailer: sqlite.prepare(`SELECT id, external_id AS externalId, product_id AS productId, missing_runs AS missingRuns, title, brand, model,
      category, price_cents AS priceCents, shipping_cents AS shippingCents, currency, canonical_url AS canonicalUrl, url, gtin, availability, condition,
      image_url AS imageUrl, business_id AS businessId, model_key AS modelKey FROM offers WHERE retailer_id = ? ORDER BY id`),
    // Only the stock column is indexed text-free: the full-text trigger does not fire.
    markOffersMissing: sqlite.prepare(`UPDATE offers SET availability = 'out_of_stock', missing_runs = missing_runs + 1, updated_at = @now
      WHERE id IN (SELECT value FROM json_each(@ids))`),
    clearOffersMissing: sqlite.prepare('UPDATE offers SET missing_runs = 0 WHERE id IN (SELECT value FROM json_each(?))'),
    deleteOffers: sqlite.prepare('DELETE FROM offers WHERE id IN (SELECT value FROM json_each(?))'),
    offerOrigin: sqlite.prepare('SELECT origin FROM offers WHERE id = ?'),
    markPageOffer: sqlite.prepare("UPDATE offers SET origin = 'page' WHERE id = ?"),
    insertPricePoint: sqlite.prepare(BULK_SQL.insertPricePoint),
    // A null id takes the next one (AUTOINCREMENT: a retired id is never handed out again).
    insertProduct: sqlite.prepare(`INSERT INTO products (id, title, brand, model, model_key, gtin, category, category_slug, image_url, created_at, updated_at)
      VALUES (@id, @title, @brand, @model, @modelKey, @gtin, @category, @categorySlug, @imageUrl, @now, @now)`),
    holdPriceOutliers: sqlite.prepare(BULK_SQL.holdPriceOutliers),
    // Each offer of the business held for its store or not, as storeHold says; a released offer's price is reviewed next.
    refreshStoreHolds: sqlite.prepare(`UPDATE offers SET held = coalesce(${storeHold('offers.business_id', 'offers.host')}, CASE WHEN held = 'store' THEN NULL ELSE held END)
      WHERE business_id = ? AND held IS NOT coalesce(${storeHold('offers.business_id', 'offers.host')}, CASE WHEN held = 'store' THEN NULL ELSE held END)
      RETURNING product_id AS productId`),
    bumpPriceSummaries: sqlite.prepare(BULK_SQL.bumpPriceSummaries),
    deleteEmptyProducts: sqlite.prepare(BULK_SQL.deleteEmptyProducts),
    productsSharingModelKeys: sqlite.prepare(
      `SELECT group_concat(DISTINCT product_id) AS ids FROM offers WHERE model_key IS NOT NULL AND model_key != '' AND model IS NOT NULL AND model != ''
       AND product_id IS NOT NULL GROUP BY model_key HAVING count(DISTINCT product_id) > 1`,
    ),
    productIdsWithModelKey: sqlite.prepare(
      "SELECT group_concat(DISTINCT product_id) AS ids, count(DISTINCT product_id) AS n FROM offers WHERE model_key = ? AND model IS NOT NULL AND model != '' AND product_id IS NOT NULL",
    ),
    moveOffers: sqlite.prepare('UPDATE offers SET product_id = ? WHERE product_id = ?'),
    offerProductsById: sqlite.prepare('SELECT id, product_id AS productId FROM offers ORDER BY id'),
    offerProducts: sqlite.prepare('SELECT id, product_id AS productId FROM offers'),
    unclusterOffers: sqlite.prepare('UPDATE offers SET product_id = NULL'),
    deleteProducts: sqlite.prepare('DELETE FROM products'),
    productById: sqlite.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ?`),
    productIdsByTitle: sqlite.prepare('SELECT id FROM products WHERE title = ? AND offer_count > 0 ORDER BY offer_count DESC, id ASC LIMIT 2'),
    titlesOfProducts: sqlite.prepare(
      'SELECT product_id AS productId, title, brand, retailer_id AS retailerId FROM offers WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, id',
    ),
    setProductTitle: sqlite.prepare(BULK_SQL.setProductTitle),
    offerRefsOfProduct: sqlite.prepare('SELECT id, product_id AS productId, updated_at AS updatedAt FROM offers WHERE product_id = ? ORDER BY id LIMIT ?'),
    redirectProduct: sqlite.prepare(
      `INSERT INTO product_redirects (from_id, to_id, created_at) VALUES (@from, @to, @now) ON CONFLICT (from_id) DO UPDATE SET to_id = @to, created_at = @now`,
    ),
    // Chains stay flat: what pointed at the retired id points at its successor.
    flattenRedirects: sqlite.prepare('UPDATE product_redirects SET to_id = @to WHERE to_id = @from'),
    // Signed-in shoppers' favorites (and their price alerts) follow; one already saved under the successor stays.
    moveFavorites: sqlite.prepare('UPDATE OR IGNORE shopper_favorites SET product_id = @to WHERE product_id = @from'),
    dropMovedFavorites: sqlite.prepare('DELETE FROM shopper_favorites WHERE product_id = @from'),
    redirectOf: sqlite.prepare('SELECT to_id FROM product_redirects WHERE from_id = ?').pluck(),
    loneOffersWithoutModelNumber: sqlite.prepare(
      `SELECT p.id AS productId, o.id AS offerId FROM products p JOIN offers o ON o.product_id = p.id
       WHERE p.offer_count = 1 AND o.model_key IS NULL ORDER BY p.id`,
    ),
    loneOffersWithoutModelNumberAmong: sqlite.prepare(
      // The ids as an IN list: joined as a table, the planner scanned the whole JSON array for each lone product.
      `SELECT p.id AS productId, o.id AS offerId FROM products p JOIN offers o ON o.product_id = p.id
       WHERE p.id IN (SELECT value FROM json_each(?)) AND p.offer_count = 1 AND o.model_key IS NULL ORDER BY p.id`,
    ),
    productsWithOfferAt: sqlite.prepare(
      // Per product through its offers (a handful each), never through all the retailer's offers.
      'SELECT value AS productId FROM json_each(?) WHERE EXISTS (SELECT 1 FROM offers WHERE product_id = value AND retailer_id = ?)',
    ),
    offersAtAmong: sqlite.prepare('SELECT value AS id FROM json_each(?) WHERE EXISTS (SELECT 1 FROM offers WHERE id = value AND retailer_id = ?)'),
    offersOfProduct: sqlite.prepare(
      `${OFFER_WITH_RETAILER} WHERE o.product_id = ? AND o.held IS NULL ORDER BY o.price_cents + coalesce(o.shipping_cents, 0), o.id`,
    ),
    allOffersOfProduct: sqlite.prepare(`${OFFER_WITH_RETAILER} WHERE o.product_id = ? ORDER BY o.price_cents + coalesce(o.shipping_cents, 0), o.id`),
    offerWithRetailer: sqlite.prepare(`${OFFER_WITH_RETAILER} WHERE o.id = ?`),
    pricePointsOfOffer: sqlite.prepare(
      'SELECT price_cents AS priceCents, shipping_cents AS shippingCents, currency, recorded_at AS recordedAt FROM price_points WHERE offer_id = ? ORDER BY id',
    ),
    categories: sqlite.prepare(`SELECT category AS name, category_slug AS slug, count(*) AS productCount FROM products
      WHERE category_slug IS NOT NULL AND offer_count > 0 GROUP BY category_slug ORDER BY productCount DESC, slug`),
    category: sqlite.prepare(
      'SELECT category AS name, category_slug AS slug, count(*) AS productCount FROM products WHERE category_slug = ? AND offer_count > 0 GROUP BY category_slug',
    ),
    hostExists: sqlite.prepare("SELECT 1 FROM offers WHERE host = ? AND origin = 'feed' LIMIT 1"),
    countOffers: sqlite.prepare('SELECT count(*) AS n FROM offers'),
    showcaseOffer: sqlite.prepare(`SELECT o.url FROM offers o JOIN products p ON p.id = o.product_id
      WHERE o.retailer_id = ? AND p.offer_count >= 3 AND p.best_price_cents < o.price_cents + coalesce(o.shipping_cents, 0)
      ORDER BY p.offer_count DESC, o.id LIMIT 1`),
    countProducts: sqlite.prepare('SELECT count(*) AS n FROM products'),
    insertImportRun: sqlite.prepare(`INSERT INTO import_runs (id, format, source, retailer_id, business_id, status, started_at, owner_pid, owner_host, heartbeat_at)
      VALUES (@id, @format, @source, @retailerId, @businessId, 'running', @now, @ownerPid, @ownerHost, @now)`),
    advanceImportRun: sqlite.prepare(BULK_SQL.advanceImportRun),
    // The counts are those the batches committed (advanceImportRun); products the import joined into others at its
    // end were taken off as they were joined.
    finishImportRun: sqlite.prepare(`UPDATE import_runs SET status = @status, finished_at = @now, heartbeat_at = @now, report_json = @reportJson,
      retailer_ids = @retailerIdsJson WHERE id = @id`),
    runningImportRuns: sqlite.prepare(`SELECT id, owner_pid AS ownerPid, owner_host AS ownerHost, started_at AS startedAt, heartbeat_at AS heartbeatAt
      FROM import_runs WHERE status = 'running'`),
    // The run ends when it last showed life: its last committed batch (or its start).
    interruptImportRun: sqlite.prepare(`UPDATE import_runs SET status = 'interrupted', finished_at = coalesce(heartbeat_at, started_at),
      report_json = json_set(report_json, '$.interrupted', json(@noteJson)) WHERE id = @id AND status = 'running'`),
    importRun: sqlite.prepare(`SELECT id, format, source, retailer_id AS retailerId, retailer_ids AS retailerIdsJson, business_id AS businessId, status, started_at AS startedAt,
      finished_at AS finishedAt, total_rows AS totalRows, inserted, updated, unchanged, skipped, products_created AS productsCreated,
      report_json AS reportJson FROM import_runs WHERE id = ?`),
    importRuns: sqlite.prepare(`SELECT id, format, source, retailer_id AS retailerId, retailer_ids AS retailerIdsJson, business_id AS businessId, status, started_at AS startedAt,
      finished_at AS finishedAt, total_rows AS totalRows, inserted, updated, unchanged, skipped, products_created AS productsCreated,
      report_json AS reportJson FROM import_runs ORDER BY started_at DESC, rowid DESC LIMIT ?`),
  };

  const toRetailer = (row: { id: string; name: string; domains: string; affiliateParam: string | null } | undefined): RetailerRow | null =>
    row ? { ...row, domains: JSON.parse(row.domains) as string[] } : null;
  const toImportRun = (row: (Omit<ImportRunRow, 'report' | 'retailerIds'> & { reportJson: string; retailerIdsJson: string | null }) | undefined): ImportRunRow | null => {
    if (!row) return null;
    const { reportJson, retailerIdsJson, ...rest } = row;
    // Runs that have not finished (or finished before the column existed) know only their fixed retailer.
    const retailerIds = retailerIdsJson ? (JSON.parse(retailerIdsJson) as string[]) : rest.retailerId ? [rest.retailerId] : [];
    return { ...rest, retailerIds, report: JSON.parse(reportJson) };
  };
  const browseStatements = new Map<string, Database.Statement>();

  /**
   * Gives each product the name its offers agree on (`productName`: brand, model and the words most shops say), so it
   * stays right as offers join and leave. One read of the titles per 500 products.
   */
  const retitleProducts = (ids: readonly number[]): void => {
    for (let start = 0; start < ids.length; start += 500) {
      const rows = s.titlesOfProducts.all(JSON.stringify(ids.slice(start, start + 500))) as Array<{ productId: number; title: string; brand: string | null; retailerId: string }>;
      for (let i = 0; i < rows.length; ) {
        let end = i;
        while (end < rows.length && present(rows[end]).productId === present(rows[i]).productId) end++;
        const title = productName(rows.slice(i, end));
        if (title) s.setProductTitle.run(title, present(rows[i]).productId, title);
        i = end;
      }
    }
  };

  const repository = {
    sqlite,
    /**
     * Runs `fn` in one transaction (nested calls become savepoints). `immediate` takes the write lock at once: a
     * transaction that reads before it writes could otherwise not write once another connection has committed.
     */
    transaction<T>(fn: () => T, options: { immediate?: boolean } = {}): T {
      const run = sqlite.transaction(fn);
      return options.immediate ? run.immediate() : run();
    },

    getRetailer: (id: string) => toRetailer(s.retailerById.get(id) as never),
    listRetailers: () => (s.retailers.all() as never[]).map((row) => toRetailer(row) as RetailerRow),
    /** Adds the retailer if its id is new; an existing retailer keeps its name and domains. */
    ensureRetailer(retailer: RetailerRow): void {
      s.insertRetailer.run({ ...retailer, domains: JSON.stringify(retailer.domains) });
    },
    /** Offers held for a price review, newest first, and how many there are. */
    priceHeldOffers(limit: number): { ids: number[]; total: number } {
      return { ids: s.priceHeldOffers.all(limit) as number[], total: s.countPriceHeldOffers.get() as number };
    },
    /**
     * Shows an offer held for a price review and remembers its total as accepted (it is held again only below it);
     * refreshes its product. The product's id, or null when the offer was not held for its price.
     */
    approveOfferPrice(offerId: number, now = nowIso()): number | null {
      return sqlite.transaction(() => {
        const row = s.approveOfferPrice.get(offerId) as { productId: number | null } | undefined;
        if (!row) return null;
        if (row.productId !== null) repository.refreshProducts([row.productId], now);
        return row.productId;
      })();
    },
    /** Gives a retailer the name shoppers see its offers under (a merchant's shop renamed). */
    renameRetailer(id: string, name: string): void {
      s.renameRetailer.run(name, id, name);
    },

    getOffer: (id: number) => (s.offerById.get(id) as OfferRow | undefined) ?? null,
    getOfferWithRetailer: (id: number) => (s.offerWithRetailer.get(id) as OfferWithRetailer | undefined) ?? null,
    findOfferByCanonicalUrl: (canonicalUrl: string) => (s.offerByCanonicalUrl.get(canonicalUrl) as OfferRow | undefined) ?? null,
    findOfferByExternalId: (retailerId: string, externalId: string) =>
      (s.offerByExternalId.get(retailerId, externalId) as OfferRow | undefined) ?? null,
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
    /** Adds an offer, in the full-text index at once. */
    insertOffer(offer: NewOffer, now = nowIso()): number {
      const id = Number(s.insertOffer.run({ ...offer, now }).lastInsertRowid);
      s.indexOffer.run(id);
      return id;
    },
    /** The highest offer id so far (0 for an empty catalog). */
    maxOfferId: () => (s.maxOfferId.get() as { n: number }).n,
    /** Updates an offer; `textChanged` false keeps the full-text index untouched (price, stock and link changes). */
    updateOffer(id: number, offer: Omit<NewOffer, 'retailerId' | 'externalId' | 'productId'>, textChanged: boolean, now = nowIso()): void {
      const { title: _t, brand: _b, model: _m, category: _c, ...commerce } = offer;
      if (textChanged) s.updateOfferAll.run({ ...offer, id, now });
      else s.updateOfferCommerce.run({ ...commerce, id, now });
    },
    /**
     * Every offer's identifying keys, one row at a time (a bulk import loads them once into memory).
     */
    iterateOfferKeys: () =>
      s.offerKeys.iterate() as IterableIterator<OfferKeyRow>,
    /**
     * Reserves `count` ids of an AUTOINCREMENT table and answers the first: the table's sequence moves past them
     * in a transaction of its own, so no other insert is ever given one of them (ids left unused become gaps).
     */
    reserveIds(table: 'offers' | 'products', count: number): number {
      return sqlite.transaction(() => {
        const max = table === 'offers' ? (s.maxOfferId.get() as { n: number }).n : (s.maxProductId.get() as number);
        const seq = s.sequence.get(table) as number | undefined;
        const first = Math.max(max, seq ?? 0) + 1;
        if (seq === undefined) s.insertSequence.run(table, first + count - 1);
        else s.updateSequence.run(first + count - 1, table);
        return first;
      }).immediate();
    },
    setOfferProduct(offerId: number, productId: number): void {
      s.setOfferProduct.run(productId, offerId);
    },
    deleteOffer(id: number): void {
      s.deleteOffer.run(id);
    },
    offersOfRetailer: (retailerId: string) => s.offersOfRetailer.all(retailerId) as SourcedOffer[],
    markOffersMissing(ids: readonly number[], now: string): void {
      if (ids.length > 0) s.markOffersMissing.run({ ids: JSON.stringify(ids), now });
    },
    clearOffersMissing(ids: readonly number[]): void {
      if (ids.length > 0) s.clearOffersMissing.run(JSON.stringify(ids));
    },
    deleteOffers(ids: readonly number[]): void {
      if (ids.length > 0) s.deleteOffers.run(JSON.stringify(ids));
    },
    offerOrigin: (offerId: number) => (s.offerOrigin.get(offerId) as { origin: 'feed' | 'page' } | undefined)?.origin ?? null,
    markPageOffer(offerId: number): void {
      s.markPageOffer.run(offerId);
    },
    insertPricePoint(offerId: number, priceCents: number, shippingCents: number | null, currency: string, now = nowIso()): void {
      s.insertPricePoint.run(offerId, priceCents, shippingCents, currency, now);
    },
    pricePointsOfOffer: (offerId: number) =>
      s.pricePointsOfOffer.all(offerId) as Array<{ priceCents: number; shippingCents: number | null; currency: string; recordedAt: string }>,

    /** Adds a product under the next id, or under `id` (a retired product's, taken back by re-clustering). */
    createProduct(product: NewProduct & { id?: number }, now = nowIso()): number {
      return Number(s.insertProduct.run({ ...product, id: product.id ?? null, now }).lastInsertRowid);
    },
    /** Recomputes a product's offer count, best price and missing identifiers from its offers; drops it when it has none left. */
    refreshProduct(id: number, now = nowIso()): void {
      repository.refreshProducts([id], now);
    },
    /**
     * `refreshProduct` for many products at once (one statement each for price reviews, the figures and dropping
     * empty ones). Offers are held for review or released by their price first, so the figures count only those shown.
     */
    refreshProducts(ids: readonly number[], now = nowIso()): void {
      if (ids.length === 0) return;
      const json = JSON.stringify(ids);
      s.holdPriceOutliers.run({ ids: json });
      writeProductFiguresSqlite(sqlite, ids, now);
      s.bumpPriceSummaries.run({ ids: json });
      s.deleteEmptyProducts.run(json);
      retitleProducts(ids);
    },
    retitleProducts,
    /** Every offer's id and product, in id order (re-clustering puts them back in that order). */
    offerProducts: () => s.offerProductsById.all() as Array<{ id: number; productId: number | null }>,
    /** Every offer's id and product, in the order the table is read (no order asked). */
    offerProductsUnordered: () => s.offerProducts.all() as Array<{ id: number; productId: number | null }>,
    /** Takes every offer off its product and removes every product: one transaction. */
    unclusterAll(): void {
      sqlite.transaction(() => {
        s.unclusterOffers.run();
        s.deleteProducts.run();
      })();
    },
    /**
     * Settings for a large import on this connection: a 256 MB page cache (its index pages are all over the file) and
     * no automatic checkpoints (the bulk writer's connection checkpoints as the WAL grows). Answers what restores them
     * (and checkpoints what it can).
     */
    tuneForBulkImport(): { restore(): void } {
      const previousCacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
      const previousCheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
      sqlite.pragma('cache_size = -262144');
      sqlite.pragma('wal_autocheckpoint = 0');
      return {
        restore() {
          sqlite.pragma(`cache_size = ${Number(previousCacheSize)}`);
          sqlite.pragma(`wal_autocheckpoint = ${Number(previousCheckpoint)}`);
          sqlite.pragma('wal_checkpoint(PASSIVE)');
        },
      };
    },
    /**
     * Shows or hides a business's offers after its store's trust changed (its domain verified or changed, the
     * business suspended or reactivated), and refreshes the figures of the products they are in. One transaction.
     */
    refreshStoreTrust(businessId: string, now = nowIso()): number {
      return sqlite.transaction(() => {
        const rows = s.refreshStoreHolds.all(businessId) as Array<{ productId: number | null }>;
        const ids = [...new Set(rows.map((row) => row.productId).filter((id): id is number => id !== null))];
        repository.refreshProducts(ids, now);
        return rows.length;
      })();
    },
    getProduct: (id: number) => (s.productById.get(id) as ProductRow | undefined) ?? null,
    /** The one product with offers whose name is exactly `title`; null when none or several have it. */
    productIdByExactTitle: (title: string) => {
      const rows = s.productIdsByTitle.all(title) as Array<{ id: number }>;
      return rows.length === 1 ? (rows[0]?.id ?? null) : null;
    },
    /** The offers of a product shoppers see (none held), cheapest total first. */
    offersOfProduct: (productId: number) => s.offersOfProduct.all(productId) as OfferWithRetailer[],
    /** Every offer of a product, held ones too (the admin console's view). */
    allOffersOfProduct: (productId: number) => s.allOffersOfProduct.all(productId) as OfferWithRetailer[],
    /** The first `limit` offers of a product, as references (oldest first). */
    offerRefsOfProduct: (productId: number, limit = 20) => s.offerRefsOfProduct.all(productId, limit) as OfferRef[],
    /**
     * Records that retired products' offers went to others (`[from, to]` pairs, in order), so that links,
     * favorites and price alerts naming a retired id find its successor. Call inside the transaction that retired them.
     */
    redirectProducts(pairs: ReadonlyArray<readonly [number, number]>, now = nowIso()): void {
      for (const [from, to] of pairs) {
        if (from === to) continue;
        s.flattenRedirects.run({ from, to });
        s.redirectProduct.run({ from, to, now });
        s.moveFavorites.run({ from, to });
        s.dropMovedFavorites.run({ from });
      }
    },
    /**
     * Groups of products with offers that state one part number in their part-number field (not only in their titles),
     * each group's ids ascending: for the given model keys, or for every key of the catalog.
     */
    productsSharingModelKeys: (keys?: readonly string[]): number[][] => {
      const rows = keys
        ? keys.map((key) => s.productIdsWithModelKey.get(key) as { ids: string | null; n: number }).filter((row) => row.n > 1)
        : (s.productsSharingModelKeys.all() as Array<{ ids: string }>);
      return rows.map((row) => (row.ids ?? '').split(',').map(Number).sort((x, y) => x - y));
    },
    /**
     * Every offer of the products `from` joins product `into`; the retired ids lead to it (see `redirectProducts`) and
     * the products' figures are refreshed. Answers how many offers moved. Call inside a transaction.
     */
    mergeProducts(from: readonly number[], into: number, now = nowIso()): number {
      let moved = 0;
      for (const id of from) if (id !== into) moved += s.moveOffers.run(into, id).changes;
      repository.refreshProducts([into, ...from], now);
      repository.redirectProducts(
        from.map((id) => [id, into] as const),
        now,
      );
      return moved;
    },
    /** The product a retired id's offers went to, or null. */
    successorOf: (id: number): number | null => (s.redirectOf.get(id) as number | undefined) ?? null,
    /**
     * Products of a single offer that states no model number (in its part-number field or its title), with that offer:
     * among the given products, or in the whole catalog.
     */
    loneOffersWithoutModelNumber: (productIds?: readonly number[]) =>
      (productIds ? s.loneOffersWithoutModelNumberAmong.all(JSON.stringify(productIds)) : s.loneOffersWithoutModelNumber.all()) as Array<{
        productId: number;
        offerId: number;
      }>,
    /** Those of the products that have an offer at the retailer. */
    productsWithOfferAt: (retailerId: string, productIds: readonly number[]): Set<number> =>
      new Set(productIds.length === 0 ? [] : (s.productsWithOfferAt.all(JSON.stringify(productIds), retailerId) as Array<{ productId: number }>).map((row) => row.productId)),
    /** The offers among `offerIds` that are the retailer's. */
    offersAtAmong: (retailerId: string, offerIds: readonly number[]): Set<number> =>
      new Set(offerIds.length === 0 ? [] : (s.offersAtAmong.all(JSON.stringify(offerIds), retailerId) as Array<{ id: number }>).map((row) => row.id)),

    listCategories: () => s.categories.all() as CategoryRow[],
    getCategory: (slug: string) => (s.category.get(slug) as CategoryRow | undefined) ?? null,
    /**
     * A page of products with offers, by category, brand (any letter case), best-price range (cents, both ends
     * included) and what one of their offers must be (`offerConditions`), with the brands and the stores of the
     * products the other filters leave, most products first.
     */
    browse(query: BrowseQuery): {
      total: number;
      items: ProductRow[];
      brands: Array<{ name: string; count: number }>;
      stores: Array<{ id: string; name: string; count: number }>;
      attributes: Array<{ key: ProductAttribute; values: Array<{ value: string; count: number }> }>;
    } {
      // Each statement names its own values.
      const built = (parts: BrowseParts) => {
        const values: Record<string, unknown> = {};
        const param = (value: unknown) => {
          const name = `p${Object.keys(values).length}`;
          values[name] = value;
          return `@${name}`;
        };
        return { where: browseWhere(query, param, parts, SQLITE_BROWSE), values, param };
      };
      const statement = (sql: string) => {
        let prepared = browseStatements.get(sql);
        if (!prepared) browseStatements.set(sql, (prepared = sqlite.prepare(sql)));
        return prepared;
      };
      const page = built(BROWSE_PARTS.page);
      const brands = built(BROWSE_PARTS.brands);
      const stores = built(BROWSE_PARTS.stores);
      const storeSql = storesOfProducts(stores.where, offerConditions(query, stores.param, { store: false }));
      return {
        total: (statement(`SELECT count(*) AS n FROM products ${page.where}`).get(page.values) as { n: number }).n,
        items: statement(`SELECT ${PRODUCT_COLUMNS} FROM products ${page.where} ORDER BY ${BROWSE_ORDER[query.sort]} LIMIT @limit OFFSET @offset`).all({
          ...page.values,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }) as ProductRow[],
        brands: statement(
          `SELECT brand AS name, count(*) AS count FROM products ${brands.where} AND brand IS NOT NULL AND brand <> '' GROUP BY brand COLLATE NOCASE ORDER BY count DESC, brand ASC LIMIT 50`,
        ).all(brands.values) as Array<{ name: string; count: number }>,
        stores: statement(storeSql).all(stores.values) as Array<{ id: string; name: string; count: number }>,
        // A category's attributes: those its products have.
        attributes: query.categorySlug
          ? PRODUCT_ATTRIBUTES.map((key) => {
              const counted = built(attributeParts(key));
              const values = statement(attributeValues(counted.where, SQLITE_BROWSE.attribute(key))).all(counted.values) as Array<{ value: string; count: number }>;
              return { key, values };
            }).filter((attribute) => attribute.values.length > 0)
          : [],
      };
    },

    /** True when some catalog offer links to `host` (lower case, without `www.`): the redirect allow-list reads this. */
    offerHostExists(host: string): boolean {
      const normalised = host.trim().toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
      return normalised.length > 0 && s.hostExists.get(normalised) !== undefined;
    },
    countOffers: () => (s.countOffers.get() as { n: number }).n,
    /** A retailer's offer whose product other retailers sell cheaper: a good first search to show. */
    showcaseOfferUrl: (retailerId: string) => (s.showcaseOffer.get(retailerId) as { url: string } | undefined)?.url ?? null,
    countProducts: () => (s.countProducts.get() as { n: number }).n,

    /** Records a run begun by `owner` (its counts start at zero and grow with each committed batch). */
    startImportRun(run: { id: string; format: ImportRunRow['format']; source: string; retailerId: string | null; businessId: string | null; owner: ImportRunOwner }) {
      const { owner, ...rest } = run;
      s.insertImportRun.run({ ...rest, ownerPid: owner.pid, ownerHost: owner.host, now: nowIso() });
    },
    /** Adds a batch to its run's counts; call inside the batch's transaction. */
    advanceImportRun(id: string, delta: Partial<ImportRunDelta>) {
      s.advanceImportRun.run(importRunAdvanceParams(id, delta));
    },
    /** Ends a run: its status, report and retailers (its counts are those its batches committed). */
    finishImportRun(run: { id: string; status: 'succeeded' | 'failed'; report: unknown; retailerIds: string[] }) {
      s.finishImportRun.run({ id: run.id, status: run.status, reportJson: JSON.stringify(run.report), retailerIdsJson: JSON.stringify(run.retailerIds), now: nowIso() });
    },
    runningImportRuns: () => s.runningImportRuns.all() as RunningImportRun[],
    /**
     * Marks a run `interrupted` (only while it is still `running`): its counts stay those it committed, it ends at
     * its last sign of life, and its report keeps `note`. Answers whether it was still running.
     */
    interruptImportRun(id: string, note: Record<string, unknown>): boolean {
      return s.interruptImportRun.run({ id, noteJson: JSON.stringify(note) }).changes > 0;
    },
    getImportRun: (id: string) => toImportRun(s.importRun.get(id) as never),
    listImportRuns: (limit = 50) => (s.importRuns.all(limit) as never[]).map((row) => toImportRun(row) as ImportRunRow),
  };
  return repository;
}

export type CatalogStore = ReturnType<typeof createSqliteCatalogStore>;

/** A catalog store per connection, for statements other domains run in their own transactions on it. */
const storesOf = new WeakMap<Database.Database, CatalogStore>();
const storeOf = (sqlite: Database.Database) => {
  let store = storesOf.get(sqlite);
  if (!store) storesOf.set(sqlite, (store = createSqliteCatalogStore(sqlite)));
  return store;
};

/**
 * `CatalogStore.refreshStoreTrust` on `sqlite`: inside a transaction of that connection (the admin's suspension of a
 * business), it commits or rolls back with it. How many offers changed.
 */
export function refreshStoreTrustSqlite(sqlite: Database.Database, businessId: string, now: string): number {
  return storeOf(sqlite).refreshStoreTrust(businessId, now);
}

/** What SQLite writes its own way in a browse. */
const SQLITE_BROWSE: BrowseDialect = {
  sameBrand: (placeholder) => `products.brand = ${placeholder} COLLATE NOCASE`,
  attribute: (key) => `json_extract(products.attributes, '$.${key}')`,
};

const BUSINESS_OFFER_ORDER: Record<ProductsQuery['sort'], string> = {
  title: 'o.title COLLATE NOCASE, o.id',
  price: 'o.price_cents, o.id',
  '-price': 'o.price_cents DESC, o.id',
  rank: 'priceRank IS NULL, priceRank, o.title COLLATE NOCASE',
  updated: 'o.updated_at DESC, o.id DESC',
};

/** Other retailers' offers of the same product that shoppers see (the business's own other listings are not competitors). */
/**
 * The offers a business's offer (`o`) is ranked against: other shops' offers of its product that shoppers see and can
 * buy, of its price group (`catalog-pricing`: new with new, second-hand with second-hand, bundles with bundles).
 */
const COMPETITORS = `x.product_id = o.product_id AND x.id <> o.id AND (x.business_id IS NULL OR x.business_id <> o.business_id) AND x.currency = o.currency
  AND x.held IS NULL AND x.availability <> 'out_of_stock' AND x.price_group = o.price_group`;
const TOTAL = (alias: string) => `(${alias}.price_cents + coalesce(${alias}.shipping_cents, 0))`;

const BUSINESS_OFFER = `
  SELECT o.id, o.external_id AS externalId, o.title, o.url, o.price_cents AS priceCents, o.currency, o.availability,
         o.product_id AS productId, o.held, o.updated_at AS updatedAt,
         (SELECT count(*) FROM offers x WHERE ${COMPETITORS}) AS competitorCount,
         (SELECT min(${TOTAL('x')}) FROM offers x WHERE ${COMPETITORS}) AS bestCompetitorPriceCents,
         CASE WHEN o.product_id IS NULL OR o.held IS NOT NULL THEN NULL
              ELSE 1 + (SELECT count(*) FROM offers x WHERE ${COMPETITORS} AND ${TOTAL('x')} < ${TOTAL('o')}) END AS priceRank
  FROM offers o`;

/** Price points of offers (`o`, joined to their points `p`), with their product and their id for ordering. */
const PRICE_POINTS = `SELECT p.id, o.product_id AS productId, p.offer_id AS offerId, o.retailer_id AS retailerId, p.price_cents AS priceCents,
    p.shipping_cents AS shippingCents, p.currency, p.recorded_at AS recordedAt, o.condition, o.price_group AS priceGroup
  FROM offers o JOIN price_points p ON p.offer_id = o.id`;
/** The last price point of each offer (`o`) recorded before @since: its price when the range begins. */
const PRICE_POINTS_BEFORE = `SELECT p.id, o.product_id, p.offer_id, o.retailer_id, p.price_cents, p.shipping_cents, p.currency, p.recorded_at,
  o.condition, o.price_group FROM offers o JOIN price_points p ON p.id = (SELECT q.id FROM price_points q WHERE q.offer_id = o.id AND q.recorded_at < @since
    ORDER BY q.recorded_at DESC, q.id DESC LIMIT 1)`;

/** The retailer of the product's (`p`) best price when that is a new offer in stock (a deal is told of no other). */
const IN_STOCK_RETAILER = `SELECT o.retailer_id FROM offers o WHERE o.id = p.best_offer_id AND o.availability = 'in_stock' AND p.best_price_condition = 'new'`;

/**
 * Deals of the price summaries (`s`) of at least @minDrop whose product (`p`) still has the best price they were
 * computed for, after (@afterDrop, @afterId) in the order of the deals indexes read backwards.
 */
const DEALS_WHERE = `s.deal_basis_points IS NOT NULL AND s.deal_basis_points >= @minDrop
  AND (s.deal_basis_points, s.product_id) < (@afterDrop, @afterId)
  AND p.offer_count > 0 AND p.best_price_cents = s.best_cents AND p.currency = s.currency`;
const DEAL_COLUMNS = `p.id, p.title, p.brand, p.model, p.model_key AS modelKey, p.gtin, p.category, p.category_slug AS categorySlug,
  p.image_url AS imageUrl, p.offer_count AS offerCount, p.best_price_cents AS bestPriceCents, p.best_price_condition AS bestPriceCondition,
  p.best_offer_id AS bestOfferId, ${BEST_SHIPPING_KNOWN('p')}, p.currency, p.created_at AS createdAt,
  p.updated_at AS updatedAt, s.typical_cents AS typicalCents, s.deal_basis_points AS dropBasisPoints, s.history_since AS historySince,
  r.id AS retailerId, r.name AS retailerName`;
const DEALS_FROM = 'product_price_summaries s JOIN products p ON p.id = s.product_id JOIN retailers r ON r.id = s.deal_retailer_id';
/** No page is after this one: a drop of 100 % is 10,000 hundredths of a percent. */
export const FIRST_DEAL = { dropBasisPoints: 1_000_000, productId: Number.MAX_SAFE_INTEGER };

/** `CatalogRepository` on the SQLite file of `handle`, over the catalog store (its own, unless one is given). */
export function createSqliteCatalogRepository(handle: Pick<DatabaseHandle, 'sqlite'>, store: CatalogStore = createSqliteCatalogStore(handle.sqlite)): CatalogRepository {
  const { sqlite } = handle;
  const productById = sqlite.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ?`);
  const productsPricedBefore = sqlite.prepare('SELECT id FROM products WHERE best_price_cents IS NOT NULL AND best_offer_id IS NULL ORDER BY id LIMIT ?').pluck();
  const productsByIds = sqlite.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id IN (SELECT value FROM json_each(?))`);
  const byWords = new Map<number, Database.Statement>();
  const businessOffer = sqlite.prepare(`${BUSINESS_OFFER} WHERE o.id = ? AND o.business_id = ?`);
  const businessOfferPages = new Map<string, Database.Statement>();
  const businessOfferPage = (sort: ProductsQuery['sort']) => {
    let statement = businessOfferPages.get(sort);
    if (!statement) {
      statement = sqlite.prepare(`${BUSINESS_OFFER} WHERE o.business_id = @businessId AND (@q IS NULL OR o.title LIKE @q ESCAPE '\\' OR o.external_id = @exact)
        ORDER BY ${BUSINESS_OFFER_ORDER[sort]} LIMIT @limit OFFSET @offset`);
      businessOfferPages.set(sort, statement);
    }
    return statement;
  };
  const countBusinessOffers = sqlite.prepare(
    `SELECT count(*) AS n FROM offers o WHERE o.business_id = @businessId AND (@q IS NULL OR o.title LIKE @q ESCAPE '\\' OR o.external_id = @exact)`,
  );
  const updateBusinessOffer = sqlite.prepare('UPDATE offers SET price_cents = ?, availability = ?, updated_at = ? WHERE id = ? AND business_id = ?');
  const shippingOf = sqlite.prepare('SELECT shipping_cents FROM offers WHERE id = ?').pluck();
  // Model keys are upper-case letters and digits, so [key, key || '~') holds every key that starts with `key`.
  const byModelKeyPrefix = sqlite.prepare(`SELECT p.id AS productId, p.title, p.offer_count AS offerCount FROM products p
    WHERE p.id IN (SELECT product_id FROM offers WHERE model_key >= @key AND model_key < @key || '~' AND product_id IS NOT NULL
      LIMIT @limit) AND p.offer_count > 0`);
  const suspectProducts = sqlite.prepare(`SELECT p.id AS productId, p.title, s.n AS offerCount, s.r AS retailerCount, s.lo AS lowestCents, s.hi AS highestCents
    ${SUSPECT_PRODUCTS_FROM} ORDER BY coalesce(s.hi * 1.0 / nullif(s.lo, 0), 0) DESC, s.n - s.r DESC, p.id LIMIT ?`);
  const countSuspectProducts = sqlite.prepare(`SELECT count(*) AS n ${SUSPECT_PRODUCTS_FROM}`);
  const findBusinessOffer = (businessId: string, id: number) => (businessOffer.get(id, businessId) as MerchantProduct | undefined) ?? null;
  const lastImportAt = sqlite.prepare('SELECT max(coalesce(finished_at, heartbeat_at, started_at)) FROM import_runs').pluck();
  const priceHistory = sqlite.prepare(`SELECT offerId, retailerId, priceCents, shippingCents, currency, recordedAt, condition, priceGroup FROM (
      SELECT * FROM (${PRICE_POINTS} WHERE o.product_id = @productId AND o.held IS NULL AND p.recorded_at >= @since
        ORDER BY p.recorded_at DESC, p.id DESC LIMIT @limit)
      UNION ALL ${PRICE_POINTS_BEFORE} WHERE o.product_id = @productId AND o.held IS NULL)
    ORDER BY recordedAt, id`);
  const pricePointsOfProducts = sqlite.prepare(`SELECT productId, offerId, retailerId, priceCents, shippingCents, currency, recordedAt, condition, priceGroup FROM (
      ${PRICE_POINTS} WHERE o.product_id IN (SELECT value FROM json_each(@ids)) AND o.held IS NULL AND p.recorded_at >= @since
      UNION ALL ${PRICE_POINTS_BEFORE} WHERE o.product_id IN (SELECT value FROM json_each(@ids)) AND o.held IS NULL)
    ORDER BY productId, recordedAt, id`);
  const productsDueForPriceSummary = sqlite.prepare(`SELECT p.id AS productId, p.currency, p.best_price_cents AS bestCents,
      p.category_slug AS categorySlug, (${IN_STOCK_RETAILER}) AS inStockRetailerId, coalesce(s.version, 0) AS version
    FROM products p LEFT JOIN product_price_summaries s ON s.product_id = p.id
    WHERE p.id > @after AND p.offer_count > 0 AND (s.product_id IS NULL OR s.computed_at < @staleBefore OR s.computed_version <> s.version)
    ORDER BY p.id LIMIT @limit`);
  // A summary computed meanwhile from a newer version is not overwritten by an older one; the version itself is
  // only ever moved on by refreshes of the product (bumpPriceSummaries).
  const savePriceSummary = sqlite.prepare(`INSERT INTO product_price_summaries (product_id, currency, typical_cents, low_cents, high_cents,
      history_since, best_cents, category_slug, deal_basis_points, deal_retailer_id, computed_at, version, computed_version)
    VALUES (@productId, @currency, @typicalCents, @lowCents, @highCents, @historySince, @bestCents, @categorySlug, @dealBasisPoints,
      @dealRetailerId, @computedAt, @version, @version)
    ON CONFLICT (product_id) DO UPDATE SET currency = excluded.currency, typical_cents = excluded.typical_cents, low_cents = excluded.low_cents,
      high_cents = excluded.high_cents, history_since = excluded.history_since, best_cents = excluded.best_cents,
      category_slug = excluded.category_slug, deal_basis_points = excluded.deal_basis_points, deal_retailer_id = excluded.deal_retailer_id,
      computed_at = excluded.computed_at, computed_version = excluded.computed_version
    WHERE excluded.computed_version >= product_price_summaries.computed_version`);
  // One statement each with and without a category: each reads its own deals index, backwards, and stops at the page's end.
  const dealsPage = sqlite.prepare(`SELECT ${DEAL_COLUMNS} FROM ${DEALS_FROM} WHERE ${DEALS_WHERE}
    ORDER BY s.deal_basis_points DESC, s.product_id DESC LIMIT @limit`);
  const categoryDealsPage = sqlite.prepare(`SELECT ${DEAL_COLUMNS} FROM ${DEALS_FROM} WHERE s.category_slug = @category AND ${DEALS_WHERE}
    ORDER BY s.deal_basis_points DESC, s.product_id DESC LIMIT @limit`);
  const dealCategories = sqlite.prepare(`SELECT min(p.category) AS name, s.category_slug AS slug, count(*) AS count
    FROM product_price_summaries s JOIN products p ON p.id = s.product_id WHERE s.category_slug IS NOT NULL AND ${DEALS_WHERE}
    GROUP BY s.category_slug ORDER BY count DESC, slug`);

  const listedProducts = sqlite.prepare(
    'SELECT id, title, category_slug AS categorySlug, updated_at AS updatedAt FROM products WHERE offer_count > 0 ORDER BY id LIMIT ? OFFSET ?',
  );
  const listedProductsSummary = sqlite.prepare('SELECT count(*) AS count, max(updated_at) AS updatedAt FROM products WHERE offer_count > 0');

  return {
    lastImportAt: async () => (lastImportAt.get() as string | null) ?? null,
    renameRetailer: async (id, name) => store.renameRetailer(id, name),
    refreshProduct: async (productId, now) => store.transaction(() => store.refreshProduct(productId, now)),
    productsPricedBefore: async (limit) => productsPricedBefore.all(limit) as number[],
    countOffers: async () => store.countOffers(),
    countProducts: async () => store.countProducts(),
    showcaseOfferUrl: async (retailerId) => store.showcaseOfferUrl(retailerId),
    listedProducts: async (offset, limit) => listedProducts.all(limit, offset) as Array<{ id: number; title: string; categorySlug: string | null; updatedAt: string }>,
    listedProductsSummary: async () => listedProductsSummary.get() as { count: number; updatedAt: string | null },
    getImportRun: async (id) => store.getImportRun(id),
    listImportRuns: async (limit) => store.listImportRuns(limit),
    runningImportRuns: async () => store.runningImportRuns(),
    interruptImportRun: async (id, note) => store.interruptImportRun(id, note),
    findOfferByCanonicalUrl: async (canonicalUrl) => store.findOfferByCanonicalUrl(canonicalUrl),
    findOfferByExternalId: async (retailerId, externalId) => store.findOfferByExternalId(retailerId, externalId),
    getOfferWithRetailer: async (id) => store.getOfferWithRetailer(id),
    getProduct: async (id) => (productById.get(id) as ProductRow | undefined) ?? null,
    successorOf: async (id) => store.successorOf(id),
    priceHistoryOfProduct: async (productId, options) => priceHistory.all({ productId, ...options }) as PricePointRow[],
    async pricePointsOfProducts(productIds, since) {
      const found = new Map<number, PricePointRow[]>();
      if (productIds.length === 0) return found;
      for (const { productId, ...point } of pricePointsOfProducts.all({ ids: JSON.stringify(productIds), since }) as Array<PricePointRow & { productId: number }>) {
        let list = found.get(productId);
        if (!list) found.set(productId, (list = []));
        list.push(point);
      }
      return found;
    },
    productsDueForPriceSummary: async (query) => productsDueForPriceSummary.all(query) as DuePriceSummary[],
    async savePriceSummaries(rows) {
      sqlite.transaction(() => {
        for (const row of rows) savePriceSummary.run(row);
      })();
    },
    async deals(query) {
      const after = query.after ?? FIRST_DEAL;
      const page = { minDrop: query.minDropBasisPoints, afterDrop: after.dropBasisPoints, afterId: after.productId, limit: query.limit };
      const items = (query.categorySlug ? categoryDealsPage.all({ ...page, category: query.categorySlug }) : dealsPage.all(page)) as DealRow[];
      const categories = dealCategories.all({ minDrop: query.minDropBasisPoints, afterDrop: FIRST_DEAL.dropBasisPoints, afterId: FIRST_DEAL.productId });
      return { items, categories: categories as DealCategoryRow[] };
    },
    listCategories: async () => store.listCategories(),
    getCategory: async (slug) => store.getCategory(slug),
    browse: async (query) => store.browse(query),
    async getProducts(ids) {
      const found = new Map<number, ProductRow>();
      if (ids.length === 0) return found;
      if (ids.length === 1) {
        const product = productById.get(ids[0]) as ProductRow | undefined;
        if (product) found.set(product.id, product);
        return found;
      }
      for (const product of productsByIds.all(JSON.stringify(ids)) as ProductRow[]) found.set(product.id, product);
      return found;
    },
    productIdByExactTitle: async (title) => store.productIdByExactTitle(title),
    offersOfProduct: async (productId) => store.offersOfProduct(productId),
    allOffersOfProduct: async (productId) => store.allOffersOfProduct(productId),
    productsByModelCode: async (modelKey, options) => store.productsByModelCode(modelKey, options),
    async productsWithTitleWords(words, limit) {
      let statement = byWords.get(words.length);
      if (!statement) {
        const conditions = words.map(() => "title LIKE ? ESCAPE '\\'").join(' AND ');
        statement = sqlite.prepare(`SELECT id FROM products WHERE ${conditions} ORDER BY offer_count DESC, id LIMIT ?`).pluck();
        byWords.set(words.length, statement);
      }
      return statement.all(...words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), limit) as number[];
    },
    offersWithGtin: async (gtin, limit) => store.offersWithGtin(gtin, limit),
    offersWithModelKey: async (modelKey, limit) => store.offersWithModelKey(modelKey, limit),
    offerRefsOfProducts: async (productIds, limit) => new Map(productIds.map((id) => [id, store.offerRefsOfProduct(id, limit)])),
    async offerItems(ids) {
      const items = new Map<number, OfferItem>();
      for (const id of ids) {
        const row = store.getOffer(id);
        if (row) items.set(id, { id: row.id, updatedAt: row.updatedAt, title: row.title, brand: row.brand, model: row.model, gtin: row.gtin, priceCents: row.priceCents });
      }
      return items;
    },
    offersAtAmong: async (retailerId, offerIds) => store.offersAtAmong(retailerId, offerIds),
    productsWithOfferAt: async (retailerId, productIds) => store.productsWithOfferAt(retailerId, productIds),
    productsWithModelKeyPrefix: async (prefix, limit) => byModelKeyPrefix.all({ key: prefix, limit }) as SuggestionCandidate[],
    priceHeldOffers: async (limit) => store.priceHeldOffers(limit),
    suspectProducts: async (limit) => ({
      items: suspectProducts.all(limit) as SuspectProductRow[],
      total: (countSuspectProducts.get() as { n: number }).n,
    }),
    async businessOffers(businessId, query) {
      const q = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const params = { businessId, q, exact: query.q ?? null };
      const items = businessOfferPage(query.sort).all({ ...params, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }) as MerchantProduct[];
      return { items, total: (countBusinessOffers.get(params) as { n: number }).n };
    },
    businessOffer: async (businessId, offerId) => findBusinessOffer(businessId, offerId),
    // The corrections read what they decide on inside their transaction, taken with the write lock at once
    // (`immediate`): another connection's correction cannot commit between the checks and the writes.
    async detachOffer(productId, offerId, audit, now) {
      return store.transaction(
        () => {
          const product = (productById.get(productId) as ProductRow | undefined) ?? null;
          if (!product) return { ok: false, refusal: 'product-not-found' } as const;
          const offers = store.allOffersOfProduct(productId);
          const offer = offers.find((candidate) => candidate.id === offerId);
          if (!offer) return { ok: false, refusal: 'offer-not-in-product' } as const;
          if (offers.length === 1) return { ok: false, refusal: 'offer-alone' } as const;
          const newProductId = store.createProduct(productOf(offer), now);
          store.setOfferProduct(offer.id, newProductId);
          store.refreshProducts([productId, newProductId], now);
          writeAuditEntry(sqlite, audit({ product, offers: offers.length, offer, newProductId }), now);
          return { ok: true, newProductId } as const;
        },
        { immediate: true },
      );
    },
    async approveOfferPrice(offerId, audit, now) {
      return store.transaction(
        () => {
          const offer = store.getOfferWithRetailer(offerId);
          if (!offer) return { ok: false, refusal: 'offer-not-found' } as const;
          // An offer held for its price is in a product (its price was compared with the product's other offers).
          if (offer.held !== 'price' || offer.productId === null) return { ok: false, refusal: 'offer-not-held' } as const;
          const productId = offer.productId;
          store.approveOfferPrice(offerId, now);
          writeAuditEntry(sqlite, audit({ offer, productId }), now);
          return { ok: true, productId } as const;
        },
        { immediate: true },
      );
    },
    async mergeProducts(sourceId, targetId, audit, now) {
      return store.transaction(
        () => {
          const product = (productById.get(sourceId) as ProductRow | undefined) ?? null;
          if (!product) return { ok: false, refusal: 'product-not-found' } as const;
          const target = (productById.get(targetId) as ProductRow | undefined) ?? null;
          if (!target) return { ok: false, refusal: 'into-not-found' } as const;
          const moved = store.mergeProducts([sourceId], targetId, now);
          writeAuditEntry(sqlite, audit({ product, target, moved }), now);
          return { ok: true, moved } as const;
        },
        { immediate: true },
      );
    },
    refreshStoreTrust: async (businessId, now) => store.refreshStoreTrust(businessId, now),
    async updateBusinessOffer(businessId, offerId, change, now) {
      const current = findBusinessOffer(businessId, offerId);
      if (!current) return null;
      sqlite.transaction(() => {
        const priceCents = change.priceCents ?? current.priceCents;
        const availability = change.availability ?? current.availability;
        updateBusinessOffer.run(priceCents, availability, now, offerId, businessId);
        if (priceCents !== current.priceCents) store.insertPricePoint(offerId, priceCents, shippingOf.get(offerId) as number | null, current.currency, now);
        if (current.productId !== null) store.refreshProduct(current.productId, now);
      })();
      return findBusinessOffer(businessId, offerId);
    },
  };
}
