import { sql } from 'drizzle-orm';
import { bigint, index, integer, json, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from '../accounts/pg-schema';
import { createdAndUpdatedAt, instant, wholeNumber } from '../db/pg-columns';

// PostgreSQL twin of ./sqlite-schema.ts. The full-text search structures (FTS5 there) are custom migrations here
// (drizzle-pg/0001_catalog_search.sql; 0007_search_words_as_sqlite.sql makes `search_vector` split words as FTS5
// does): the `offers.search_vector` column is left out of this schema on purpose, so no select of whole rows reads it.

/** An item's codes (model number as written and normalised, GTIN), on an offer and on its product (./sqlite-schema.ts). */
const itemCodes = () => ({
  model: text('model'),
  modelKey: text('model_key'),
  gtin: text('gtin'),
});

/** Shops whose offers the catalog holds. `id` is a short slug (`amazon`, `walmart`, a merchant store's domain). */
export const retailers = pgTable('retailers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Host names (lower case, no `www.`) the retailer's product pages live on. */
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  affiliateParam: text('affiliate_param'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Clusters of offers that are the same item, with figures kept by the ingestion service. */
export const products = pgTable(
  'products',
  {
    // By default: imports reserve blocks of ids and write them themselves (the sequence must then be moved past them).
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    brand: text('brand'),
    ...itemCodes(),
    category: text('category'),
    categorySlug: text('category_slug'),
    imageUrl: text('image_url'),
    offerCount: integer('offer_count').notNull().default(0),
    bestPriceCents: wholeNumber('best_price_cents'),
    bestPriceCondition: text('best_price_condition', { enum: ['new', 'refurbished', 'used'] }),
    bestOfferId: integer('best_offer_id'),
    /** The colour, storage and size most of its offers state, as a JSON object (SQLite: text); browse filters by it. */
    attributes: jsonb('attributes'),
    currency: text('currency'),
    /**
     * The line the title names a version of (`catalog-search` lineOf's key; null for none), read from `lineOfTitle`: a
     * title that differs from it is read again before a browse groups the line's versions by it.
     */
    lineKey: text('line_key'),
    lineOfTitle: text('line_of_title'),
    ...createdAndUpdatedAt(),
  },
  (table) => [
    index('products_gtin_idx').on(table.gtin),
    index('products_model_key_idx').on(table.modelKey),
    index('products_category_price_idx').on(table.categorySlug, table.bestPriceCents),
    // A browse's counts of entries (`LINE_GROUP`: line_key, else the id) read a category's products from this index alone.
    index('products_category_lines_idx').on(table.categorySlug, table.offerCount, table.lineKey, table.id),
    index('products_category_title_idx').on(table.categorySlug, table.title),
    index('products_price_idx').on(table.bestPriceCents),
    index('products_offers_idx').on(table.offerCount),
    index('products_title_idx').on(table.title),
    // Browse by brand in any letter case (SQLite: COLLATE NOCASE): queries compare lower(brand).
    index('products_brand_idx').on(sql`lower(${table.brand})`, table.offerCount),
    index('products_category_brand_idx').on(table.categorySlug, sql`lower(${table.brand})`, table.offerCount),
  ],
);

/** One retailer's listing of an item: the unit feeds import and searches return. */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    retailerId: text('retailer_id')
      .notNull()
      .references(() => retailers.id),
    externalId: text('external_id').notNull(),
    canonicalUrl: text('canonical_url').notNull(),
    url: text('url').notNull(),
    host: text('host').notNull(),
    title: text('title').notNull(),
    brand: text('brand'),
    ...itemCodes(),
    priceCents: wholeNumber('price_cents').notNull(),
    currency: text('currency').notNull(),
    shippingCents: wholeNumber('shipping_cents'),
    availability: text('availability', { enum: ['in_stock', 'out_of_stock', 'preorder', 'backorder', 'unknown'] }).notNull().default('unknown'),
    condition: text('condition', { enum: ['new', 'refurbished', 'used'] }).notNull().default('new'),
    imageUrl: text('image_url'),
    category: text('category'),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id),
    /** Why shoppers do not see the offer (`store`, `price`), or null when they do. */
    held: text('held', { enum: ['store', 'price'] }),
    priceApprovedCents: wholeNumber('price_approved_cents'),
    missingRuns: integer('missing_runs').notNull().default(0),
    priceGroup: text('price_group', { enum: ['new', 'second_hand', 'bundle'] }).notNull().default('new'),
    origin: text('origin', { enum: ['feed', 'page'] }).notNull().default('feed'),
    ...createdAndUpdatedAt(),
  },
  (table) => [
    uniqueIndex('offers_retailer_external_uq').on(table.retailerId, table.externalId),
    uniqueIndex('offers_canonical_url_uq').on(table.canonicalUrl),
    index('offers_product_idx').on(table.productId, table.priceCents),
    // A browse's stores (`storesOfProducts`) count a category's offers by store from this index alone.
    index('offers_product_stores_idx').on(table.productId, table.held, table.retailerId),
    index('offers_gtin_idx').on(table.gtin).where(sql`${table.gtin} IS NOT NULL`),
    // Exact keys and the keys that start with a model number being typed (`model_key ~>=~ 'SMS129'`, byte order whatever
    // the cluster's collation), each in id order as SQLite's index gives them (its entries end with the rowid).
    index('offers_model_key_idx').on(table.modelKey.op('text_pattern_ops'), table.id).where(sql`${table.modelKey} IS NOT NULL`),
    index('offers_host_idx').on(table.host),
    index('offers_business_idx').on(table.businessId).where(sql`${table.businessId} IS NOT NULL`),
    index('offers_held_idx').on(table.held, table.updatedAt).where(sql`${table.held} IS NOT NULL`),
  ],
);

/** Price history: one row whenever an offer's price (or shipping) changes, and one when it is first seen. */
export const pricePoints = pgTable(
  'price_points',
  {
    // bigint: every price change of every offer adds a row.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    priceCents: wholeNumber('price_cents').notNull(),
    shippingCents: wholeNumber('shipping_cents'),
    currency: text('currency').notNull(),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (table) => [index('price_points_offer_idx').on(table.offerId, table.recordedAt)],
);

/** Each product's price summary (./sqlite-schema.ts says what it holds and how it is kept up to date). */
export const productPriceSummaries = pgTable(
  'product_price_summaries',
  {
    productId: integer('product_id').primaryKey(),
    currency: text('currency'),
    typicalCents: wholeNumber('typical_cents'),
    lowCents: wholeNumber('low_cents'),
    highCents: wholeNumber('high_cents'),
    historySince: instant('history_since'),
    bestCents: wholeNumber('best_cents'),
    categorySlug: text('category_slug'),
    dealBasisPoints: integer('deal_basis_points'),
    dealRetailerId: text('deal_retailer_id'),
    computedAt: instant('computed_at').notNull(),
    version: integer('version').notNull().default(0),
    computedVersion: integer('computed_version').notNull().default(0),
  },
  (table) => [
    index('product_price_summaries_deals_idx').on(table.dealBasisPoints, table.productId).where(sql`${table.dealBasisPoints} IS NOT NULL`),
    index('product_price_summaries_category_deals_idx')
      .on(table.categorySlug, table.dealBasisPoints, table.productId)
      .where(sql`${table.dealBasisPoints} IS NOT NULL`),
  ],
);

/** Every search a shopper made, with the stored answer, so a reload or shared link shows the same result. */
export const searchRequests = pgTable(
  'search_requests',
  {
    requestId: text('request_id').primaryKey(),
    inputUrl: text('input_url'),
    query: text('query'),
    identifiedBy: text('identified_by', { enum: ['known-offer', 'page-metadata', 'url-slug', 'query'] }).notNull(),
    productId: integer('product_id'),
    // json, not jsonb: the answer is never queried inside, and json keeps the text as written, so a stored answer
    // reads back with its keys in the order the API first answered them (as SQLite's text does); jsonb reorders keys.
    resultJson: json('result_json').notNull(),
    sessionId: text('session_id'),
    shopperId: text('shopper_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('search_requests_session_idx').on(table.sessionId, table.createdAt), index('search_requests_shopper_idx').on(table.shopperId, table.createdAt)],
);

/** One feed import with its counts and per-row error report (committed with each batch they count). */
export const importRuns = pgTable(
  'import_runs',
  {
    id: text('id').primaryKey(),
    format: text('format', { enum: ['gmc', 'shopify', 'awin', 'impact', 'er-magellan', 'synthetic'] }).notNull(),
    source: text('source').notNull(),
    retailerId: text('retailer_id'),
    /** The ids of the retailers whose rows the run read; null before it finished. */
    retailerIds: jsonb('retailer_ids').$type<string[]>(),
    businessId: text('business_id'),
    status: text('status', { enum: ['running', 'succeeded', 'failed', 'interrupted'] }).notNull().default('running'),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    totalRows: integer('total_rows').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    productsCreated: integer('products_created').notNull().default(0),
    ownerPid: integer('owner_pid'),
    ownerHost: text('owner_host'),
    heartbeatAt: instant('heartbeat_at'),
    /** `{ errors: [{ line, field, reason }], truncated }` (the first 1000 row errors), or a failure message. */
    reportJson: jsonb('report_json').notNull().default({ errors: [] }),
  },
  (table) => [index('import_runs_started_idx').on(table.startedAt)],
);

/** Retired product ids and the product that took their offers (kept flat: `to_id` always exists). */
export const productRedirects = pgTable(
  'product_redirects',
  {
    fromId: integer('from_id').primaryKey(),
    toId: integer('to_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('product_redirects_to_idx').on(table.toId)],
);

/** A re-clustering under way: the offers it took off their products, with those products (./sqlite-schema.ts). */
export const reclusterOffers = pgTable(
  'recluster_offers',
  {
    offerId: integer('offer_id').primaryKey(),
    productBefore: integer('product_before'),
  },
  // Where an old product's id leads while its offers are being placed (the product page's `successorOf`).
  (table) => [index('recluster_offers_before_idx').on(table.productBefore)],
);
