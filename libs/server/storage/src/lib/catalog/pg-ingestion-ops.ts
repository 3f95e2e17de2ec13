import type { AsyncOps, IngestionOps, OfferRow, ReclusterOffer, SourcedOffer } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';
import type pg from 'pg';
import { pgCatalogReads } from './offers/pg';
import { createProductPg, redirectProductPg, refreshProductsPg } from './pg/product-writes';
import { type Queryable, rowsOf } from './pg/queryable';
import { createWordCounts, type WordCounts } from './index-search';
import { createPgSearchIndexRepository } from './pg-search-index';
import { OFFER_COLUMNS, PG_SQL, storeHold } from './shared-sql';

/**
 * Every import's unit of work takes this transaction-level advisory lock first: the batches of imports in any number
 * of API instances and commands run one at a time, as SQLite's single writer runs them, so each decides where its
 * offers go on what the others committed ("pricecat").
 */
export const IMPORT_LOCK_KEY = 0x7072_6963_6563_6174n;

/** Takes the import lock (IMPORT_LOCK_KEY) for the client's transaction. */
export const lockImports = (client: pg.ClientBase) => client.query({ name: 'catalog/import-lock', text: 'SELECT pg_advisory_xact_lock($1)', values: [IMPORT_LOCK_KEY] });

/** The SQLite side's `held` of an updated offer: `store` as storeHold says, else what it was unless that was `store`. */
const heldAfterUpdate = (business: string, host: string) =>
  `held = coalesce(${storeHold(PG_SQL, `${business}::text`, `${host}::text`)}, CASE WHEN held = 'store' THEN NULL ELSE held END)`;

/**
 * What an offer write changed of the catalog's words: the texts of an inserted offer (its words' counts grew by one), or
 * nothing said (any word's count may have changed: an offer's text updated, offers removed).
 */
export type WroteOffers = (texts?: ReadonlyArray<string | null>) => void;

/** The offer writes of `IngestionOps` on `client`; `wroteOffers` is told when an offer is inserted, removed or its text changes. */
function pgOfferWrites(client: Queryable, wroteOffers: WroteOffers): Pick<AsyncOps<IngestionOps>, 'insertOffer' | 'insertPricePoint' | 'updateOffer' | 'offersOfRetailer' | 'markOffersMissing' | 'clearOffersMissing' | 'deleteOffers'> {
  return {
    async insertOffer(o, now) {
      wroteOffers([o.title, o.brand, o.model, o.category]);
      const { rows } = await client.query<{ id: number }>({
        name: 'catalog/insert-offer',
        text: `INSERT INTO offers (retailer_id, external_id, canonical_url, url, host, title, brand, model, model_key, gtin, price_cents, currency,
            shipping_cents, availability, condition, image_url, category, business_id, product_id, created_at, updated_at, held)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20, ${storeHold(PG_SQL, '$18::text', '$5::text')})
          RETURNING id`,
        values: [o.retailerId, o.externalId, o.canonicalUrl, o.url, o.host, o.title, o.brand, o.model, o.modelKey, o.gtin, o.priceCents, o.currency,
          o.shippingCents, o.availability, o.condition, o.imageUrl, o.category, o.businessId, o.productId, now],
      });
      return present(rows[0]).id;
    },
    async insertPricePoint(offerId, priceCents, shippingCents, currency, now) {
      await client.query({
        name: 'catalog/insert-price-point',
        text: 'INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at) VALUES ($1, $2, $3, $4, $5)',
        values: [offerId, priceCents, shippingCents, currency, now],
      });
    },
    async updateOffer(id, r, textChanged, now) {
      if (textChanged) wroteOffers();
      if (textChanged) {
        await client.query({
          name: 'catalog/update-offer-all',
          text: `UPDATE offers SET canonical_url = $2, url = $3, host = $4, title = $5, brand = $6, model = $7, model_key = $8, gtin = $9, price_cents = $10,
              currency = $11, shipping_cents = $12, availability = $13, condition = $14, image_url = $15, category = $16, business_id = $17,
              ${heldAfterUpdate('$17', '$4')}, updated_at = $18 WHERE id = $1`,
          values: [id, r.canonicalUrl, r.url, r.host, r.title, r.brand, r.model, r.modelKey, r.gtin, r.priceCents, r.currency, r.shippingCents, r.availability,
            r.condition, r.imageUrl, r.category, r.businessId, now],
        });
        return;
      }
      // The indexed text columns are left as they are (a price, stock or link change).
      await client.query({
        name: 'catalog/update-offer-commerce',
        text: `UPDATE offers SET canonical_url = $2, url = $3, host = $4, model_key = $5, gtin = $6, price_cents = $7, currency = $8, shipping_cents = $9,
            availability = $10, condition = $11, image_url = $12, business_id = $13, ${heldAfterUpdate('$13', '$4')}, updated_at = $14 WHERE id = $1`,
        values: [id, r.canonicalUrl, r.url, r.host, r.modelKey, r.gtin, r.priceCents, r.currency, r.shippingCents, r.availability, r.condition, r.imageUrl,
          r.businessId, now],
      });
    },
    offersOfRetailer: (retailerId) =>
      rowsOf<SourcedOffer>(
        client,
        'offers-of-retailer',
        `SELECT id, external_id AS "externalId", product_id AS "productId", missing_runs AS "missingRuns", title, brand, model, category,
          price_cents AS "priceCents", shipping_cents AS "shippingCents", currency, canonical_url AS "canonicalUrl", url, gtin, availability, condition,
          image_url AS "imageUrl", business_id AS "businessId", model_key AS "modelKey", origin FROM offers WHERE retailer_id = $1 ORDER BY id`,
        [retailerId],
      ),
    async markOffersMissing(ids, now) {
      if (ids.length === 0) return;
      await client.query({
        name: 'catalog/mark-offers-missing',
        text: `UPDATE offers SET availability = 'out_of_stock', missing_runs = missing_runs + 1, updated_at = $2 WHERE id = ANY($1::int[])`,
        values: [ids, now],
      });
    },
    async clearOffersMissing(ids) {
      if (ids.length === 0) return;
      await client.query({ name: 'catalog/clear-offers-missing', text: 'UPDATE offers SET missing_runs = 0 WHERE id = ANY($1::int[])', values: [ids] });
    },
    async deleteOffers(ids) {
      if (ids.length === 0) return;
      // The words of the catalog change with its offers.
      wroteOffers();
      await client.query({ name: 'catalog/delete-offers', text: 'DELETE FROM offers WHERE id = ANY($1::int[])', values: [ids] });
    },
  };
}

/** Where the offers of `IngestionOps` on `client` came from: a feed, or a product page a shopper pasted. */
function pgOfferOrigins(client: Queryable): Pick<AsyncOps<IngestionOps>, 'offerOrigin' | 'markPageOffer' | 'markFeedOffers'> {
  return {
    async offerOrigin(offerId) {
      const { rows } = await client.query<{ origin: 'feed' | 'page' }>({ name: 'catalog/offer-origin', text: 'SELECT origin FROM offers WHERE id = $1', values: [offerId] });
      return rows[0]?.origin ?? null;
    },
    async markPageOffer(offerId) {
      await client.query({ name: 'catalog/mark-page-offer', text: "UPDATE offers SET origin = 'page' WHERE id = $1", values: [offerId] });
    },
    async markFeedOffers(ids) {
      if (ids.length === 0) return;
      await client.query({ name: 'catalog/mark-feed-offers', text: "UPDATE offers SET origin = 'feed' WHERE id = ANY($1::int[])", values: [ids] });
    },
  };
}

/**
 * `IngestionOps` on a transaction's client (every read sees what the transaction wrote before it), or on the pool.
 * Word counts are read through `counts`, and `wroteOffers` is told when an offer is inserted or its text changes.
 */
export function pgIngestionOps(client: Queryable, counts: WordCounts = createWordCounts(), wroteOffers: WroteOffers = () => undefined): AsyncOps<IngestionOps> {
  const reads = pgCatalogReads(client);
  const index = createPgSearchIndexRepository({ pool: client }, { counts });
  const offerWhere = async (name: string, where: string, values: unknown[]) =>
    (await rowsOf<OfferRow>(client, name, `SELECT ${OFFER_COLUMNS} FROM offers o WHERE ${where}`, values))[0] ?? null;
  return {
    ...reads,
    candidates: (words, options) => index.candidates(words, options),
    leadingCandidates: (words, options) => index.leadingCandidates(words, options),
    documentFrequencies: (words) => index.offerCounts(words),
    documentCount: () => index.documentCount(),
    getOffer: (id) => offerWhere('offer-by-id', 'o.id = $1', [id]),
    // starts_with: the URL's index is in the database's collation, whose order is not the bytes'; the scan is of one shop's offers.
    feedOffersUnderUrl: (prefix, limit) =>
      rowsOf<OfferRow>(
        client,
        'feed-offers-under-url',
        `SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.host = $1 AND starts_with(o.canonical_url, $2) AND o.origin = 'feed' ORDER BY o.id LIMIT $3`,
        [new URL(prefix).hostname, prefix, limit],
      ),
    productExists: async (id) => (await reads.getProduct(id)) !== null,
    reclusterOffersToPlace: (after, limit) =>
      rowsOf<ReclusterOffer>(
        client,
        'recluster-offers-to-place',
        `SELECT r.offer_id AS id, r.product_before AS "productBefore" FROM recluster_offers r JOIN offers o ON o.id = r.offer_id
          WHERE r.offer_id > $1 AND o.product_id IS NULL ORDER BY r.offer_id LIMIT $2`,
        [after, limit],
      ),
    async ensureRetailer(retailer) {
      await client.query({
        name: 'catalog/ensure-retailer',
        text: 'INSERT INTO retailers (id, name, domains, affiliate_param) VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT (id) DO NOTHING',
        values: [retailer.id, retailer.name, JSON.stringify(retailer.domains), retailer.affiliateParam],
      });
    },
    async createProduct(product, now) {
      if (product.id === undefined) return createProductPg(client, product, now);
      // A retired product's id, taken back by re-clustering (the sequence is already past it).
      await client.query({
        name: 'catalog/insert-product-with-id',
        text: `INSERT INTO products (id, title, brand, model, model_key, gtin, category, category_slug, image_url, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
        values: [product.id, product.title, product.brand, product.model, product.modelKey, product.gtin, product.category, product.categorySlug, product.imageUrl, now],
      });
      return product.id;
    },
    async setOfferProduct(offerId, productId) {
      await client.query({ name: 'catalog/set-offer-product', text: 'UPDATE offers SET product_id = $1 WHERE id = $2', values: [productId, offerId] });
    },
    refreshProducts: (ids, now) => refreshProductsPg(client, ids, now),
    async mergeProducts(from, into, now) {
      const others = from.filter((id) => id !== into);
      const { rowCount } = await client.query({
        name: 'catalog/move-offers-of-products',
        text: 'UPDATE offers SET product_id = $1 WHERE product_id = ANY($2::int[])',
        values: [into, others],
      });
      await refreshProductsPg(client, [into, ...from], now);
      for (const id of from) await redirectProductPg(client, id, into, now);
      return rowCount ?? 0;
    },
    async advanceImportRun(runId, delta) {
      await client.query({
        name: 'catalog/advance-import-run',
        text: `UPDATE import_runs SET total_rows = total_rows + $2, inserted = inserted + $3, updated = updated + $4, unchanged = unchanged + $5,
            skipped = skipped + $6, products_created = greatest(0, products_created + $7), heartbeat_at = $8 WHERE id = $1`,
        values: [runId, delta.rows ?? 0, delta.inserted ?? 0, delta.updated ?? 0, delta.unchanged ?? 0, delta.skipped ?? 0, delta.productsCreated ?? 0, new Date().toISOString()],
      });
    },
    ...pgOfferWrites(client, wroteOffers),
    ...pgOfferOrigins(client),
  };
}
