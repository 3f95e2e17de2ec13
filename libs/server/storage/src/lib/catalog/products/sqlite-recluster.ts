import type { ReclusterOffer, ReclusterProgress } from '@pricehunt/catalog-core';
import type Database from 'better-sqlite3';
import { SAME_SQL } from '../shared-sql';
import { prepareAll } from '../sqlite/prepare';

const SQL = {
  underWay: 'SELECT 1 FROM recluster_offers LIMIT 1',
  record: 'INSERT INTO recluster_offers (offer_id, product_before) SELECT id, product_id FROM offers',
  unclusterOffers: 'UPDATE offers SET product_id = NULL',
  deleteProducts: 'DELETE FROM products',
  forget: 'DELETE FROM recluster_offers',
  toPlace: `SELECT r.offer_id AS id, r.product_before AS productBefore FROM recluster_offers r JOIN offers o ON o.id = r.offer_id
      WHERE r.offer_id > ? AND o.product_id IS NULL ORDER BY r.offer_id LIMIT ?`,
  progress: SAME_SQL.reclusterProgress,
  outcome: `SELECT r.offer_id AS id, o.product_id AS productId, r.product_before AS productBefore FROM recluster_offers r JOIN offers o ON o.id = r.offer_id
      ORDER BY r.offer_id`,
};

/**
 * A re-clustering's record on one connection (`recluster_offers`; see `IngestionStore.beginRecluster`): begun and
 * ended each in one transaction that takes the write lock at its start, so two processes beginning or ending at once
 * do it once. `redirectProducts` records retired ids' successors inside the transaction that ends it.
 */
export function sqliteReclusterStore(sqlite: Database.Database, redirectProducts: (pairs: ReadonlyArray<readonly [number, number]>, now: string) => void) {
  const s = prepareAll(sqlite, SQL);
  return {
    /** Records every offer with its product, takes every offer off its product and removes every product; false, with nothing done, when one is under way. */
    beginRecluster: (): boolean =>
      sqlite
        .transaction(() => {
          if (s.underWay.get() !== undefined) return false;
          s.record.run();
          s.unclusterOffers.run();
          s.deleteProducts.run();
          return true;
        })
        .immediate(),
    /** Ends the re-clustering under way: the redirects recorded, its offers forgotten; false when none is. */
    finishRecluster: (redirects: ReadonlyArray<readonly [number, number]>, now: string): boolean =>
      sqlite
        .transaction(() => {
          if (s.underWay.get() === undefined) return false;
          redirectProducts(redirects, now);
          s.forget.run();
          return true;
        })
        .immediate(),
    /** Offers of the re-clustering under way still without a product, with the product each was in: ids above `after`, at most `limit`, in id order. */
    reclusterOffersToPlace: (after: number, limit: number) => s.toPlace.all(after, limit) as ReclusterOffer[],
    /** The re-clustering under way: its offers, how many of them have no product yet, and their products before; null when none is. */
    reclusterProgress: () => {
      const row = s.progress.get() as ReclusterProgress;
      return row.offers > 0 ? row : null;
    },
    /** Every offer of the re-clustering under way, in id order: its product now and before. */
    reclusterOutcome: () => s.outcome.all() as Array<ReclusterOffer & { productId: number | null }>,
  };
}
