import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { businesses } from '../accounts/sqlite-schema';
import { createdAndUpdatedAt, now } from '../db/sqlite-columns';
// Type-only (drizzle-kit loads this file without the workspace's aliases); migrations.spec.ts checks the lists are
// the contracts' AVAILABILITIES and CONDITIONS.
import type { Availability, Condition } from '@pricehunt/contracts';

/**
 * An item's codes, on an offer and on the product its offers cluster into: its model number as written and normalised,
 * and its GTIN, by which `catalog-matching` finds the same item and lookups find it.
 */
const itemCodes = () => ({
  model: text('model'),
  /** Normalised model number (`catalog-matching` normaliseModel), for exact lookups. */
  modelKey: text('model_key'),
  gtin: text('gtin'),
});

/** Shops whose offers the catalog holds. `id` is a short slug (`amazon`, `walmart`, a merchant store's domain). */
export const retailers = sqliteTable('retailers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** JSON array of host names (lower case, no `www.`) the retailer's product pages live on. */
  domains: text('domains').notNull().default('[]'),
  /** Query parameter the retailer's affiliate programme reads (`tag` for Amazon), when it has one. */
  affiliateParam: text('affiliate_param'),
  createdAt: text('created_at').notNull().default(now),
});

/** Clusters of offers that are the same item. Denormalised figures (offer count, best price) are kept by the ingestion service. */
export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    brand: text('brand'),
    ...itemCodes(),
    category: text('category'),
    categorySlug: text('category_slug'),
    imageUrl: text('image_url'),
    offerCount: integer('offer_count').notNull().default(0),
    /**
     * The product's best price (`catalog-pricing` bestPrice over the offers shoppers see), in cents of `currency`: the
     * total of the offer `bestOfferId` (its price alone when its shipping is unknown). Written by the figures refresh only.
     */
    bestPriceCents: integer('best_price_cents'),
    /** The condition of that offer: `new` unless no new offer of the product alone can be bought. */
    bestPriceCondition: text('best_price_condition', { enum: ['new', 'refurbished', 'used'] as const satisfies readonly Condition[] }),
    /** The offer whose total is the best price; null with none. */
    bestOfferId: integer('best_offer_id'),
    /** The colour, storage and size most of its offers state (`catalog-matching` productAttributes), as a JSON object; browse filters by it. Written by the figures refresh only. */
    attributes: text('attributes'),
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
    // A browse's counts of entries (`LINE_GROUP`: line_key, else the rowid) read a category's products from this index alone.
    index('products_category_lines_idx').on(table.categorySlug, table.offerCount, table.lineKey),
    index('products_category_title_idx').on(table.categorySlug, table.title),
    index('products_price_idx').on(table.bestPriceCents),
    index('products_offers_idx').on(table.offerCount),
    index('products_title_idx').on(table.title),
    // Browse by brand (any letter case) and the brand list, over the catalog and within a category.
    index('products_brand_idx').on(sql`${table.brand} COLLATE NOCASE`, table.offerCount),
    index('products_category_brand_idx').on(table.categorySlug, sql`${table.brand} COLLATE NOCASE`, table.offerCount),
  ],
);

/** One retailer's listing of an item: the unit feeds import and searches return. */
export const offers = sqliteTable(
  'offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    retailerId: text('retailer_id')
      .notNull()
      .references(() => retailers.id),
    /** The retailer's own id: ASIN, Walmart item id, SKU, feed `id`. */
    externalId: text('external_id').notNull(),
    /** `marketplace.canonicalizeUrl` of `url`: how a pasted link finds the offer. */
    canonicalUrl: text('canonical_url').notNull(),
    url: text('url').notNull(),
    /** Host of `canonicalUrl` (lower case, no `www.`), for the redirect allow-list. */
    host: text('host').notNull(),
    title: text('title').notNull(),
    brand: text('brand'),
    ...itemCodes(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    shippingCents: integer('shipping_cents'),
    availability: text('availability', { enum: ['in_stock', 'out_of_stock', 'preorder', 'backorder', 'unknown'] as const satisfies readonly Availability[] }).notNull().default('unknown'),
    condition: text('condition', { enum: ['new', 'refurbished', 'used'] as const satisfies readonly Condition[] }).notNull().default('new'),
    imageUrl: text('image_url'),
    category: text('category'),
    /** Set when a merchant account owns the offer (connected store or dashboard upload). */
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id),
    /**
     * Why shoppers do not see the offer, or null when they do: `store` while its business's store domain is not
     * verified or the business is not active (or its link is off that domain); `price` while it is held for review,
     * priced far below the other offers of its product. Held offers count in no product figure.
     */
    held: text('held', { enum: ['store', 'price'] }),
    /** The lowest total an admin accepted for this offer after a price review: it is not held again at or above it. */
    priceApprovedCents: integer('price_approved_cents'),
    /** Refreshes of its feed source in a row that no longer listed the offer (out of stock meanwhile; retired after a few). */
    missingRuns: integer('missing_runs').notNull().default(0),
    /**
     * The offers of its product it compares with (`catalog-pricing` priceGroups: `new`, `second_hand`, `bundle`),
     * written by the product's figures refresh.
     */
    priceGroup: text('price_group', { enum: ['new', 'second_hand', 'bundle'] }).notNull().default('new'),
    /**
     * Where the offer came from: `feed` (a feed, a connected store, an upload) or `page` (a product page a shopper
     * pasted or watches, read by the page reader). A page's link is never a redirect target on its own (anyone can
     * paste one): the API signs the links it shows for it.
     */
    origin: text('origin', { enum: ['feed', 'page'] }).notNull().default('feed'),
    ...createdAndUpdatedAt(),
  },
  (table) => [
    uniqueIndex('offers_retailer_external_uq').on(table.retailerId, table.externalId),
    uniqueIndex('offers_canonical_url_uq').on(table.canonicalUrl),
    index('offers_product_idx').on(table.productId, table.priceCents),
    // A browse's stores (`storesOfProducts`) count a category's offers by store from this index alone.
    index('offers_product_stores_idx').on(table.productId, table.held, table.retailerId),
    // Partial indexes: offers without a GTIN, model key or owning business cost no index write.
    index('offers_gtin_idx').on(table.gtin).where(sql`${table.gtin} IS NOT NULL`),
    index('offers_model_key_idx').on(table.modelKey).where(sql`${table.modelKey} IS NOT NULL`),
    index('offers_host_idx').on(table.host),
    index('offers_business_idx').on(table.businessId).where(sql`${table.businessId} IS NOT NULL`),
    index('offers_held_idx').on(table.held, table.updatedAt).where(sql`${table.held} IS NOT NULL`),
  ],
);

/** Price history: one row whenever an offer's price (or shipping) changes, and one when it is first seen. */
export const pricePoints = sqliteTable(
  'price_points',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    shippingCents: integer('shipping_cents'),
    currency: text('currency').notNull(),
    recordedAt: text('recorded_at').notNull().default(now),
  },
  (table) => [index('price_points_offer_idx').on(table.offerId, table.recordedAt)],
);

/**
 * Each product's price summary: what its best price did over the 90 days before `computed_at` (the typical price,
 * the median of its best price of each day, the lowest and highest), when its history began (or 90 days before,
 * when earlier), and the deal it was then: its best price (`best_cents`, in stock at `deal_retailer_id`'s offer) and
 * how far under the typical price, in hundredths of a percent (`deal_basis_points`, null when it was no deal: a
 * history under 30 days, nothing in stock at the best price, no drop). Computed in TypeScript (`catalog-core`
 * price-summaries.ts) and kept up to date: `version` moves on whenever the product's figures are refreshed (its offers,
 * their prices or stock changed), so a summary whose `computed_version` is behind is computed again, as is one a day
 * old; deals are read only while the product's best price is still `best_cents`. No foreign key: a summary is written
 * from what was read, and a product may be gone meanwhile (readers join products).
 */
export const productPriceSummaries = sqliteTable(
  'product_price_summaries',
  {
    productId: integer('product_id').primaryKey(),
    currency: text('currency'),
    typicalCents: integer('typical_cents'),
    lowCents: integer('low_cents'),
    highCents: integer('high_cents'),
    historySince: text('history_since'),
    bestCents: integer('best_cents'),
    categorySlug: text('category_slug'),
    dealBasisPoints: integer('deal_basis_points'),
    dealRetailerId: text('deal_retailer_id'),
    computedAt: text('computed_at').notNull(),
    version: integer('version').notNull().default(0),
    computedVersion: integer('computed_version').notNull().default(0),
  },
  (table) => [
    // Deals, biggest drop first (read backwards: the drop, then the product id, descending), of the catalog and of a category.
    index('product_price_summaries_deals_idx').on(table.dealBasisPoints, table.productId).where(sql`${table.dealBasisPoints} IS NOT NULL`),
    index('product_price_summaries_category_deals_idx')
      .on(table.categorySlug, table.dealBasisPoints, table.productId)
      .where(sql`${table.dealBasisPoints} IS NOT NULL`),
  ],
);

/** Every search a shopper made, with the stored answer, so a reload or shared link shows the same result. */
export const searchRequests = sqliteTable(
  'search_requests',
  {
    requestId: text('request_id').primaryKey(),
    inputUrl: text('input_url'),
    query: text('query'),
    identifiedBy: text('identified_by', { enum: ['known-offer', 'page-metadata', 'url-slug', 'query'] }).notNull(),
    productId: integer('product_id'),
    resultJson: text('result_json').notNull(),
    sessionId: text('session_id'),
    shopperId: text('shopper_id'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('search_requests_session_idx').on(table.sessionId, table.createdAt), index('search_requests_shopper_idx').on(table.shopperId, table.createdAt)],
);

/**
 * One feed import (CLI, admin upload, merchant store sync) with its counts and per-row error report. The counts are
 * committed with each batch they count, so while a run goes on (or after its process died) they say what is on disk.
 */
export const importRuns = sqliteTable(
  'import_runs',
  {
    id: text('id').primaryKey(),
    format: text('format', { enum: ['gmc', 'shopify', 'awin', 'impact', 'er-magellan', 'synthetic'] }).notNull(),
    source: text('source').notNull(),
    retailerId: text('retailer_id'),
    /** JSON array of the ids of the retailers whose rows the run read (one when `retailer_id` is set); null before it finished. */
    retailerIds: text('retailer_ids'),
    businessId: text('business_id'),
    /** `interrupted`: the process doing the run stopped before its end (the counts say what it committed). */
    status: text('status', { enum: ['running', 'succeeded', 'failed', 'interrupted'] }).notNull().default('running'),
    startedAt: text('started_at').notNull().default(now),
    finishedAt: text('finished_at'),
    totalRows: integer('total_rows').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    productsCreated: integer('products_created').notNull().default(0),
    /** The process doing the run: its id and host name (null on runs from before they were kept). */
    ownerPid: integer('owner_pid'),
    ownerHost: text('owner_host'),
    /** When the run last committed a batch (or began): a run `running` whose process is gone is found by these. */
    heartbeatAt: text('heartbeat_at'),
    /** JSON `{ errors: [{ line, field, reason }], truncated }` (the first 1000 row errors), or a failure message. */
    reportJson: text('report_json').notNull().default('{"errors":[]}'),
  },
  (table) => [index('import_runs_started_idx').on(table.startedAt)],
);

/**
 * Retired product ids and the product that took their offers (a merge, a re-cluster): links, favorites and price
 * alerts that name a retired id find that product. Chains are kept flat: `to_id` is always a product that exists.
 */
export const productRedirects = sqliteTable(
  'product_redirects',
  {
    fromId: integer('from_id').primaryKey(),
    toId: integer('to_id').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('product_redirects_to_idx').on(table.toId)],
);

/**
 * A re-clustering under way: every offer it takes off its product, with that product. Written in the transaction that
 * takes them off, emptied in the one that ends it; offers still without a product are those it has yet to place, so a
 * re-clustering cut short (its process killed) is finished by the next (`catalog-core` reclusterCatalog).
 */
export const reclusterOffers = sqliteTable(
  'recluster_offers',
  {
    offerId: integer('offer_id').primaryKey(),
    productBefore: integer('product_before'),
  },
  // Where an old product's id leads while its offers are being placed (the product page's `successorOf`).
  (table) => [index('recluster_offers_before_idx').on(table.productBefore)],
);
