import { type AsyncOps, batchesAtOnce, type BulkBatch, type BulkPath, type IngestionOps, type OfferKeyRow, runAsync } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';
import type pg from 'pg';
import { lockImports, pgIngestionOps } from './pg-ingestion-ops';
import { refreshProductFiguresPg } from './pg/product-writes';
import { inTransaction, rowsOf } from './pg/queryable';
import { PG_SQL, storeHold } from './shared-sql';

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
          u.shipping_cents, u.availability, u.condition, u.image_url, u.category, u.business_id, u.product_id, $21, $21, ${storeHold(PG_SQL, 'u.business_id', 'u.host')}
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

/** New offers after which a bulk import reads the tables' statistics anew itself (`analyzeAfter`). */
export const ANALYZE_AFTER_OFFERS = 1_000;

/**
 * After a bulk import of `offers` new offers or more, the planner's statistics of the tables it filled, read anew: until
 * autovacuum gets to them (a minute or more later), the planner costs its queries on the catalog as it was, and the work
 * that follows (a re-clustering of 10,000 offers just imported: 80 s against 54 s) runs on plans for another table.
 */
async function analyzeAfter(pool: pg.Pool, offers: number): Promise<void> {
  // Statistics only: an import that ended (or failed) is not failed by them.
  if (offers >= ANALYZE_AFTER_OFFERS) await pool.query('ANALYZE offers, products, price_points').catch(() => undefined);
}

/**
 * PostgreSQL's bulk path: the index loaded with one query, ids reserved by moving the tables' identity sequences past
 * them (under the import lock), reads through the pool, and each batch one transaction of multi-row statements on a
 * client of the pool, committed in order while the next batches are decided.
 */
export function pgBulkPath(pool: pg.Pool): BulkPath {
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
      let offers = 0;
      return {
        write(batch) {
          const written = chain.then(() => inTransaction(pool, async (client) => ({ commit: true, result: await writeBulkBatchPg(client, batch) })));
          chain = written.catch(() => undefined);
          offers += batch.offers.length;
          return written;
        },
        drain: async () => {
          await chain;
        },
        close: async () => {
          await chain;
          await analyzeAfter(pool, offers);
        },
      };
    },
    async writeAtOnce(batches) {
      await inTransaction(pool, async (client) => {
        for (const batch of batchesAtOnce(batches)) await writeBulkBatchPg(client, batch);
        return { commit: true, result: undefined };
      });
      await analyzeAfter(pool, batches.reduce((sum, batch) => sum + batch.offers.length, 0));
    },
    tune: () => ({ restore: () => undefined }),
  };
}
