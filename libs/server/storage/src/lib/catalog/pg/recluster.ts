import type { IngestionStore, ReclusterOffer, ReclusterProgress } from '@pricehunt/catalog-core';
import type pg from 'pg';
import { lockImports } from '../pg-ingestion-ops';
import { SAME_SQL } from '../shared-sql';
import { redirectProductPg } from './product-writes';
import { inTransaction, rowsOf } from './queryable';

const underWay = async (client: pg.PoolClient) => Boolean((await client.query('SELECT 1 FROM recluster_offers LIMIT 1')).rowCount);

/**
 * A re-clustering's record on PostgreSQL (`recluster_offers`; see `IngestionStore.beginRecluster`): begun and ended
 * each in one transaction under the import lock, so two processes beginning or ending at once do it once.
 */
export function pgReclusterStore(pool: pg.Pool): Pick<IngestionStore, 'beginRecluster' | 'reclusterProgress' | 'reclusterOutcome' | 'finishRecluster'> {
  return {
    beginRecluster: () =>
      inTransaction(pool, async (client) => {
        await lockImports(client);
        if (await underWay(client)) return { commit: false, result: false };
        await client.query('INSERT INTO recluster_offers (offer_id, product_before) SELECT id, product_id FROM offers');
        await client.query('UPDATE offers SET product_id = NULL WHERE product_id IS NOT NULL');
        await client.query('DELETE FROM products');
        return { commit: true, result: true };
      }),
    async reclusterProgress() {
      const [row] = await rowsOf<ReclusterProgress>(pool, 'recluster-progress', SAME_SQL.reclusterProgress, []);
      return row && row.offers > 0 ? row : null;
    },
    reclusterOutcome: () =>
      rowsOf<ReclusterOffer & { productId: number | null }>(
        pool,
        'recluster-outcome',
        `SELECT r.offer_id AS id, o.product_id AS "productId", r.product_before AS "productBefore" FROM recluster_offers r JOIN offers o ON o.id = r.offer_id
          ORDER BY r.offer_id`,
        [],
      ),
    finishRecluster: (redirects, now) =>
      inTransaction(pool, async (client) => {
        await lockImports(client);
        if (!(await underWay(client))) return { commit: false, result: false };
        for (const [from, to] of redirects) await redirectProductPg(client, from, to, now);
        await client.query('DELETE FROM recluster_offers');
        return { commit: true, result: true };
      }),
  };
}
