import type pg from 'pg';
import type { PostgresHandle } from '../db/pg-client';
import { type AsyncOps, batchesAtOnce, type BulkBatch, type BulkPath, type ImportRunCounts, type IngestionOps, type IngestionStore, type OfferKeyRow, type OfferRow, runAsync, type SourcedOffer } from '@pricehunt/catalog-core';
import {
  createProductPg,
  inTransaction,
  OFFER_COLUMNS,
  pgCatalogReads,
  redirectProductPg,
  refreshProductFiguresPg,
  refreshProductsPg,
  retitleProductsOf,
  rowsOf,
  storeHold,
  type Queryable,
} from './pg-repository';
import { clearPgWordCounts, createPgSearchIndexRepository, createPgWordCounts, type PgWordCounts } from './pg-search-index';
import { present } from '@pricehunt/contracts';

/**
 * Every import's unit of work takes this transaction-level advisory lock first: the batches of imports in any number
 * of API instances and commands run one at a time, as SQLite's single writer runs them, so each decides where its
 * offers go on what the others committed ("pricecat").
 */
export const IMPORT_LOCK_KEY = 0x7072_6963_6563_6174n;

/** SQLSTATEs of a transaction PostgreSQL gave up on that can simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

/** The SQLite side's `held` of an updated offer: `store` as storeHold says, else what it was unless that was `store`. */
const heldAfterUpdate = (business: string, host: string) =>
  `held = coalesce(${storeHold(`${business}::text`, `${host}::text`)}, CASE WHEN held = 'store' THEN NULL ELSE held END)`;

/**
 * `IngestionOps` on a transaction's client (every read sees what the transaction wrote before it), or on the pool.
 * Word counts are read through `counts`, and `wroteOffers` is told when an offer is inserted or its text changes.
 */
function pgIngestionOps(client: Queryable, counts: PgWordCounts = createPgWordCounts(), wroteOffers: () => void = () => undefined): AsyncOps<IngestionOps> {
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
    productExists: async (id) => (await reads.getProduct(id)) !== null,
    async ensureRetailer(retailer) {
      await client.query({
        name: 'catalog/ensure-retailer',
        text: 'INSERT INTO retailers (id, name, domains, affiliate_param) VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT (id) DO NOTHING',
        values: [retailer.id, retailer.name, JSON.stringify(retailer.domains), retailer.affiliateParam],
      });
    },
    async insertOffer(o, now) {
      wroteOffers();
      const { rows } = await client.query<{ id: number }>({
        name: 'catalog/insert-offer',
        text: `INSERT INTO offers (retailer_id, external_id, canonical_url, url, host, title, brand, model, model_key, gtin, price_cents, currency,
            shipping_cents, availability, condition, image_url, category, business_id, product_id, created_at, updated_at, held)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20, ${storeHold('$18::text', '$5::text')})
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
    offersOfRetailer: (retailerId) =>
      rowsOf<SourcedOffer>(
        client,
        'offers-of-retailer',
        `SELECT id, external_id AS "externalId", product_id AS "productId", missing_runs AS "missingRuns", title, brand, model, category,
          price_cents AS "priceCents", shipping_cents AS "shippingCents", currency, canonical_url AS "canonicalUrl", url, gtin, availability, condition,
          image_url AS "imageUrl", business_id AS "businessId", model_key AS "modelKey" FROM offers WHERE retailer_id = $1 ORDER BY id`,
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
    async offerOrigin(offerId) {
      const { rows } = await client.query<{ origin: 'feed' | 'page' }>({ name: 'catalog/offer-origin', text: 'SELECT origin FROM offers WHERE id = $1', values: [offerId] });
      return rows[0]?.origin ?? null;
    },
    async markPageOffer(offerId) {
      await client.query({ name: 'catalog/mark-page-offer', text: "UPDATE offers SET origin = 'page' WHERE id = $1", values: [offerId] });
    },
  };
}

/**
 * `IngestionStore` on PostgreSQL. A unit of work is one transaction on a client of the pool that first takes the
 * import lock (IMPORT_LOCK_KEY); a deadlock with another writer of the same products (an admin's correction, a
 * merchant's edit) rolls it back and it runs again from a new step. No bulk path: every row takes the row path.
 */
export function createPgIngestionStore({ pool }: PostgresHandle): IngestionStore {
  const inOne = <T>(work: (client: pg.PoolClient) => Promise<T>) => inTransaction(pool, async (client) => ({ commit: true, result: await work(client) }));
  const query = (db: Queryable, name: string, text: string, values: unknown[]) => db.query({ name: `catalog/${name}`, text, values });
  // Word counts are shared by the store's units of work, as SQLite's index keeps them across an import's batches: read
  // anew after a unit of work that added offers or changed their words (and after one that failed: it may have counted
  // its own rows), kept across the joins at an import's end, which move offers between products without changing them.
  const counts = createPgWordCounts();
  return {
    async unitOfWork(work) {
      for (let attempt = 1; ; attempt++) {
        let wrote = false;
        try {
          const result = await inOne(async (client) => {
            await client.query({ name: 'catalog/import-lock', text: 'SELECT pg_advisory_xact_lock($1)', values: [IMPORT_LOCK_KEY] });
            return runAsync(work(), pgIngestionOps(client, counts, () => (wrote = true)));
          });
          if (wrote) clearPgWordCounts(counts);
          return result;
        } catch (error) {
          clearPgWordCounts(counts);
          if (attempt >= ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
        }
      }
    },
    async startImportRun(run) {
      const now = new Date().toISOString();
      await query(
        pool,
        'start-import-run',
        `INSERT INTO import_runs (id, format, source, retailer_id, business_id, status, started_at, owner_pid, owner_host, heartbeat_at)
          VALUES ($1, $2, $3, $4, $5, 'running', $6, $7, $8, $6)`,
        [run.id, run.format, run.source, run.retailerId, run.businessId, now, run.owner.pid, run.owner.host],
      );
    },
    async finishImportRun(run) {
      const now = new Date().toISOString();
      await query(
        pool,
        'finish-import-run',
        'UPDATE import_runs SET status = $2, finished_at = $3, heartbeat_at = $3, report_json = $4::jsonb, retailer_ids = $5::jsonb WHERE id = $1',
        [run.id, run.status, now, JSON.stringify(run.report), JSON.stringify(run.retailerIds)],
      );
    },
    async importRunCounts(id) {
      const { rows } = await query(
        pool,
        'import-run-counts',
        `SELECT total_rows AS "totalRows", inserted, updated, unchanged, skipped, products_created AS "productsCreated" FROM import_runs WHERE id = $1`,
        [id],
      );
      return (rows[0] as ImportRunCounts | undefined) ?? null;
    },
    async productsSharingModelKeys(keys) {
      const where = `model_key IS NOT NULL AND model_key <> '' AND model IS NOT NULL AND model <> '' AND product_id IS NOT NULL`;
      const { rows } = keys
        ? await query(
            pool,
            'products-sharing-model-keys-of',
            // In the order of the keys asked about, as the SQLite side looks them up one by one.
            `SELECT array_agg(DISTINCT product_id ORDER BY product_id) AS ids FROM offers WHERE model_key = ANY($1::text[]) AND ${where}
              GROUP BY model_key HAVING count(DISTINCT product_id) > 1 ORDER BY array_position($1::text[], model_key)`,
            [keys],
          )
        : await query(
            pool,
            'products-sharing-model-keys',
            `SELECT array_agg(DISTINCT product_id ORDER BY product_id) AS ids FROM offers WHERE ${where} GROUP BY model_key HAVING count(DISTINCT product_id) > 1 ORDER BY model_key`,
            [],
          );
      return (rows as Array<{ ids: number[] }>).map((row) => row.ids);
    },
    async loneOffersWithoutModelNumber(productIds) {
      const among = productIds ? 'p.id = ANY($1::int[]) AND ' : '';
      const { rows } = await query(
        pool,
        productIds ? 'lone-offers-among' : 'lone-offers',
        `SELECT p.id AS "productId", o.id AS "offerId" FROM products p JOIN offers o ON o.product_id = p.id
          WHERE ${among}p.offer_count = 1 AND o.model_key IS NULL ORDER BY p.id`,
        productIds ? [productIds] : [],
      );
      return rows as Array<{ productId: number; offerId: number }>;
    },
    retitleProducts: (ids) =>
      inOne(async (client) => {
        for (let start = 0; start < ids.length; start += 500) await retitleProductsOf(client, ids.slice(start, start + 500));
      }),
    async offerProducts() {
      // Either order asked for: id order (PostgreSQL reads a table in no order the SQLite side could rely on either).
      const { rows } = await query(pool, 'offer-products', 'SELECT id, product_id AS "productId" FROM offers ORDER BY id', []);
      return rows as Array<{ id: number; productId: number | null }>;
    },
    async refreshSearchViews() {
      await pool.query('REFRESH MATERIALIZED VIEW CONCURRENTLY offers_vocab');
    },
    unclusterAll: () =>
      inOne(async (client) => {
        await client.query({ name: 'catalog/import-lock', text: 'SELECT pg_advisory_xact_lock($1)', values: [IMPORT_LOCK_KEY] });
        await client.query('UPDATE offers SET product_id = NULL');
        await client.query('DELETE FROM products');
      }),
    redirectProducts: (pairs, now) =>
      inOne(async (client) => {
        for (const [from, to] of pairs) await redirectProductPg(client, from, to, now);
      }),
    bulk: pgBulkPath(pool),
  };
}

const lockImports = (client: pg.ClientBase) => client.query({ name: 'catalog/import-lock', text: 'SELECT pg_advisory_xact_lock($1)', values: [IMPORT_LOCK_KEY] });

/** Writes a bulk batch on a transaction's client, each part as one multi-row statement (`unnest` of arrays). */
async function writeBulkBatchPg(client: pg.ClientBase, batch: BulkBatch): Promise<void> {
  const { now } = batch;
  const ops = pgIngestionOps(client);
  await lockImports(client);
  if (batch.removed?.length) await ops.deleteOffers(batch.removed);
  if (batch.retailers.length > 0) {
    await client.query({
      name: 'catalog/bulk-retailers',
      text: `INSERT INTO retailers (id, name, domains, affiliate_param) SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::text[])
        ON CONFLICT (id) DO NOTHING`,
      values: [batch.retailers.map((r) => r.id), batch.retailers.map((r) => r.name), batch.retailers.map((r) => JSON.stringify(r.domains)), batch.retailers.map((r) => r.affiliateParam)],
    });
  }
  // Changed offers are few in a bulk import (a feed taken again changes a few prices): one statement each.
  for (const update of batch.updates) await ops.updateOffer(update.id, update.record, update.textChanged, now);
  if (batch.pricePoints.length > 0) {
    const points = batch.pricePoints;
    await client.query({
      name: 'catalog/bulk-price-points',
      text: `INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at)
        SELECT u.o, u.p, u.s, u.c, $5 FROM unnest($1::int[], $2::int8[], $3::int8[], $4::text[]) AS u(o, p, s, c)`,
      values: [points.map((p) => p.offerId), points.map((p) => p.priceCents), points.map((p) => p.shippingCents), points.map((p) => p.currency), now],
    });
  }
  if (batch.products.length > 0) {
    const products = batch.products.map((row) => ({ id: row.id, ...row.product }));
    const column = <K extends keyof (typeof products)[number]>(key: K) => products.map((row) => row[key]);
    await client.query({
      name: 'catalog/bulk-products',
      text: `INSERT INTO products (id, title, brand, model, model_key, gtin, category, category_slug, image_url, created_at, updated_at)
        SELECT u.*, $10, $10 FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS u`,
      values: [column('id'), column('title'), column('brand'), column('model'), column('modelKey'), column('gtin'), column('category'), column('categorySlug'), column('imageUrl'), now],
    });
  }
  if (batch.offers.length > 0) {
    const offers = batch.offers.map((row) => ({ id: row.id, retailerId: row.retailerId, externalId: row.externalId, productId: row.productId, ...row.record }));
    const column = <K extends keyof (typeof offers)[number]>(key: K) => offers.map((row) => row[key]);
    await client.query({
      name: 'catalog/bulk-offers',
      text: `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, brand, model, model_key, gtin, price_cents, currency,
          shipping_cents, availability, condition, image_url, category, business_id, product_id, created_at, updated_at, held)
        SELECT u.id, u.retailer_id, u.external_id, u.canonical_url, u.url, u.host, u.title, u.brand, u.model, u.model_key, u.gtin, u.price_cents, u.currency,
          u.shipping_cents, u.availability, u.condition, u.image_url, u.category, u.business_id, u.product_id, $21, $21, ${storeHold('u.business_id', 'u.host')}
        FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
          $12::int8[], $13::text[], $14::int8[], $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::int[])
          AS u(id, retailer_id, external_id, canonical_url, url, host, title, brand, model, model_key, gtin, price_cents, currency, shipping_cents,
            availability, condition, image_url, category, business_id, product_id)`,
      values: [column('id'), column('retailerId'), column('externalId'), column('canonicalUrl'), column('url'), column('host'), column('title'), column('brand'),
        column('model'), column('modelKey'), column('gtin'), column('priceCents'), column('currency'), column('shippingCents'), column('availability'),
        column('condition'), column('imageUrl'), column('category'), column('businessId'), column('productId'), now],
    });
  }
  if (batch.newOffers) {
    await client.query({
      name: 'catalog/bulk-first-price-points',
      text: `INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at)
        SELECT id, price_cents, shipping_cents, currency, created_at FROM offers WHERE id BETWEEN $1 AND $2 ORDER BY id`,
      values: [batch.newOffers.first, batch.newOffers.last],
    });
  }
  if (batch.refreshed.length > 0) await refreshProductFiguresPg(client, batch.refreshed, now);
  if (batch.titles.length > 0) {
    await client.query({
      name: 'catalog/bulk-titles',
      text: `UPDATE products SET title = u.title FROM unnest($1::int[], $2::text[]) AS u(id, title) WHERE products.id = u.id AND products.title IS DISTINCT FROM u.title`,
      values: [batch.titles.map((row) => row.productId), batch.titles.map((row) => row.title)],
    });
  }
  await ops.advanceImportRun(batch.run.id, batch.run.delta);
}

/**
 * PostgreSQL's bulk path: the index loaded with one query, ids reserved by moving the tables' identity sequences past
 * them (under the import lock), reads through the pool, and each batch one transaction of multi-row statements on a
 * client of the pool, committed in order while the next batches are decided.
 */
function pgBulkPath(pool: pg.Pool): BulkPath {
  let reads: AsyncOps<IngestionOps> | null = null;
  return {
    offerKeys: () =>
      rowsOf<OfferKeyRow>(
        pool,
        'offer-keys',
        `SELECT id, retailer_id AS "retailerId", external_id AS "externalId", canonical_url AS "canonicalUrl", product_id AS "productId",
          updated_at AS "updatedAt", gtin, model_key AS "modelKey", brand FROM offers ORDER BY id`,
        [],
      ),
    reserveIds: (table, count) =>
      inTransaction(pool, async (client) => {
        await lockImports(client);
        // Above every id the table has, and for products every retired one (as createProductPg): the sequence moves past them all.
        const retired = table === 'products' ? ', (SELECT coalesce(max(from_id), 0) + 1 FROM product_redirects)' : '';
        const { rows } = await client.query<{ first: number }>(
          `SELECT greatest((SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM ${table}_id_seq),
            (SELECT coalesce(max(id), 0) + 1 FROM ${table})${retired}) AS first`,
        );
        const first = present(rows[0]).first;
        await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), $1)`, [first + count - 1]);
        return { commit: true, result: first };
      }),
    decide: (step) => runAsync(step, (reads ??= pgIngestionOps(pool))),
    openWriter() {
      let chain: Promise<unknown> = Promise.resolve();
      return {
        write(batch) {
          const written = chain.then(() => inTransaction(pool, async (client) => ({ commit: true, result: await writeBulkBatchPg(client, batch) })));
          chain = written.catch(() => undefined);
          return written;
        },
        drain: async () => {
          await chain;
        },
        close: async () => {
          await chain;
        },
      };
    },
    writeAtOnce: (batches) =>
      inTransaction(pool, async (client) => {
        for (const batch of batchesAtOnce(batches)) await writeBulkBatchPg(client, batch);
        return { commit: true, result: undefined };
      }),
    tune: () => ({ restore: () => undefined }),
  };
}
