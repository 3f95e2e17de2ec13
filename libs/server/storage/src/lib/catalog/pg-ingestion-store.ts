import type pg from 'pg';
import type { PostgresHandle } from '../db/pg-client';
import { type IngestionStore, runAsync } from '@pricehunt/catalog-core';
import { pgImportRunWrites } from './import-runs/pg';
import { pgBulkPath } from './pg-bulk-path';
import { lockImports, pgIngestionOps, type WroteOffers } from './pg-ingestion-ops';
import { retitleProductsOf } from './pg/product-writes';
import { pgReclusterStore } from './pg/recluster';
import { inTransaction, type Queryable } from './pg/queryable';
import { clearWordCounts, countInserted, createWordCounts, type InsertedOffer, type WordCounts } from './index-search';

export { IMPORT_LOCK_KEY } from './pg-ingestion-ops';

/** SQLSTATEs of a transaction PostgreSQL gave up on that can simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

/**
 * What a unit of work wrote of the catalog's words (`wroteOffers`), and how the counts follow once it committed: the
 * offers it inserted are counted in (`countInserted`), every count is read anew when it changed words it did not say.
 * Counting a word scans the offers that carry it: when every unit of work forgot every count, a third of an import's
 * queries were counts.
 */
function wordsWritten(counts: WordCounts) {
  // The offers it inserted, and whether it changed other words (a text updated, offers removed).
  const inserted: InsertedOffer[] = [];
  let any = false;
  const wroteOffers: WroteOffers = (texts) => {
    if (texts) inserted.push({ texts, at: ++counts.clock });
    else any = true;
  };
  return {
    wroteOffers,
    committed(): void {
      if (any) clearWordCounts(counts);
      else countInserted(counts, inserted);
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
  // Word counts are shared by the store's units of work: kept up to date as `wordsWritten` says after a unit of work,
  // read anew after one that failed (it may have counted its own rows), kept across the joins at an import's end, which
  // move offers between products without changing them.
  const counts = createWordCounts();
  return {
    async unitOfWork(work) {
      for (let attempt = 1; ; attempt++) {
        const written = wordsWritten(counts);
        try {
          const result = await inOne(async (client) => {
            await lockImports(client);
            return runAsync(work(), pgIngestionOps(client, counts, written.wroteOffers));
          });
          written.committed();
          return result;
        } catch (error) {
          clearWordCounts(counts);
          if (attempt >= ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
        }
      }
    },
    ...pgImportRunWrites(pool),
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
    ...pgReclusterStore(pool),
    bulk: pgBulkPath(pool),
  };
}
