import type { Favorite, HistoryEntry } from '@pricehunt/contracts';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, shopperFavorites, shopperHistory } from '../../db/schema';

export type HistoryRow = typeof shopperHistory.$inferInsert;
export type FavoriteRow = typeof shopperFavorites.$inferInsert;

function toEntry(row: typeof shopperHistory.$inferSelect): HistoryEntry {
  const { shopperId: _shopper, ...entry } = row;
  return entry;
}

const NO_ALERT = { alertBelowCents: null, alertSetAt: null, alertStopToken: null, alertReachedAt: null, alertReachedCents: null };

/** SQL for a shopper's history and favorites; every query is scoped to one shopper id (but a stop link's token). */
export function createShopperDataRepository(db: Db) {
  const favoriteColumns = {
    productId: shopperFavorites.productId,
    title: shopperFavorites.title,
    brand: shopperFavorites.brand,
    imageUrl: shopperFavorites.imageUrl,
    savedPriceCents: shopperFavorites.savedPriceCents,
    currency: shopperFavorites.currency,
    savedAt: shopperFavorites.savedAt,
    currentPriceCents: products.bestPriceCents,
    offerCount: products.offerCount,
    alertBelowCents: shopperFavorites.alertBelowCents,
    alertSetAt: shopperFavorites.alertSetAt,
    alertReachedAt: shopperFavorites.alertReachedAt,
    alertReachedCents: shopperFavorites.alertReachedCents,
  };
  type FavoriteSelection = Omit<Favorite, 'alert'> & {
    alertBelowCents: number | null;
    alertSetAt: string | null;
    alertReachedAt: string | null;
    alertReachedCents: number | null;
  };
  const toFavorite = ({ alertBelowCents, alertSetAt, alertReachedAt, alertReachedCents, ...favorite }: FavoriteSelection): Favorite => ({
    ...favorite,
    alert:
      alertBelowCents !== null && alertSetAt !== null
        ? { belowCents: alertBelowCents, setAt: alertSetAt, reachedAt: alertReachedAt, reachedPriceCents: alertReachedCents }
        : null,
  });

  return {
    listHistory(shopperId: string, limit: number): HistoryEntry[] {
      return db
        .select()
        .from(shopperHistory)
        .where(eq(shopperHistory.shopperId, shopperId))
        .orderBy(desc(shopperHistory.searchedAt), desc(shopperHistory.requestId))
        .limit(limit)
        .all()
        .map(toEntry);
    },

    getHistory(shopperId: string, requestId: string): HistoryEntry | undefined {
      const row = db
        .select()
        .from(shopperHistory)
        .where(and(eq(shopperHistory.shopperId, shopperId), eq(shopperHistory.requestId, requestId)))
        .get();
      return row ? toEntry(row) : undefined;
    },

    /** Inserts or refreshes an entry; `keepNewer` leaves a stored entry alone when it is more recent (merging). */
    upsertHistory(row: HistoryRow, keepNewer = false): void {
      const { shopperId: _s, requestId: _r, ...update } = row;
      db.insert(shopperHistory)
        .values(row)
        .onConflictDoUpdate({
          target: [shopperHistory.shopperId, shopperHistory.requestId],
          set: update,
          ...(keepNewer ? { setWhere: sql`excluded.searched_at >= ${shopperHistory.searchedAt}` } : {}),
        })
        .run();
    },

    /** Keeps the newest `keep` entries of a shopper. */
    trimHistory(shopperId: string, keep: number): void {
      const kept = db
        .select({ requestId: shopperHistory.requestId })
        .from(shopperHistory)
        .where(eq(shopperHistory.shopperId, shopperId))
        .orderBy(desc(shopperHistory.searchedAt), desc(shopperHistory.requestId))
        .limit(keep);
      db.delete(shopperHistory)
        .where(and(eq(shopperHistory.shopperId, shopperId), notInArray(shopperHistory.requestId, kept)))
        .run();
    },

    removeHistory(shopperId: string, requestId: string): number {
      return db
        .delete(shopperHistory)
        .where(and(eq(shopperHistory.shopperId, shopperId), eq(shopperHistory.requestId, requestId)))
        .run().changes;
    },

    clearHistory(shopperId: string): number {
      return db.delete(shopperHistory).where(eq(shopperHistory.shopperId, shopperId)).run().changes;
    },

    /** Favorites, newest first, with each product's best price now (null when the product is gone). */
    listFavorites(shopperId: string, limit: number): Favorite[] {
      return db
        .select(favoriteColumns)
        .from(shopperFavorites)
        .leftJoin(products, eq(products.id, shopperFavorites.productId))
        .where(eq(shopperFavorites.shopperId, shopperId))
        .orderBy(desc(shopperFavorites.savedAt), desc(shopperFavorites.productId))
        .limit(limit)
        .all()
        .map(toFavorite);
    },

    getFavorite(shopperId: string, productId: number): Favorite | undefined {
      const row = db
        .select(favoriteColumns)
        .from(shopperFavorites)
        .leftJoin(products, eq(products.id, shopperFavorites.productId))
        .where(and(eq(shopperFavorites.shopperId, shopperId), eq(shopperFavorites.productId, productId)))
        .get();
      return row ? toFavorite(row) : undefined;
    },

    /**
     * Sets (or replaces) a favorite's price alert; `reached` when the best price is already at or below it. Answers
     * the number of favorites changed (0: no such favorite).
     */
    setAlert(
      shopperId: string,
      productId: number,
      alert: { belowCents: number; setAt: string; stopToken: string; reached: { at: string; cents: number } | null },
    ): number {
      return db
        .update(shopperFavorites)
        .set({
          alertBelowCents: alert.belowCents,
          alertSetAt: alert.setAt,
          alertStopToken: alert.stopToken,
          alertReachedAt: alert.reached?.at ?? null,
          alertReachedCents: alert.reached?.cents ?? null,
        })
        .where(and(eq(shopperFavorites.shopperId, shopperId), eq(shopperFavorites.productId, productId)))
        .run().changes;
    },

    clearAlert(shopperId: string, productId: number): number {
      return db
        .update(shopperFavorites)
        .set(NO_ALERT)
        .where(and(eq(shopperFavorites.shopperId, shopperId), eq(shopperFavorites.productId, productId)))
        .run().changes;
    },

    /** Turns off the alert an email's stop link names; answers its product's title, or null when no alert has the token. */
    stopAlertByToken(stopToken: string): string | null {
      const row = db.update(shopperFavorites).set(NO_ALERT).where(eq(shopperFavorites.alertStopToken, stopToken)).returning({ title: shopperFavorites.title }).get();
      return row?.title ?? null;
    },

    countFavorites(shopperId: string): number {
      return db.select({ n: sql<number>`count(*)` }).from(shopperFavorites).where(eq(shopperFavorites.shopperId, shopperId)).get()?.n ?? 0;
    },

    /** Saves a favorite; one already saved keeps its saved price and date ("change since saved" stays meaningful). */
    insertFavorite(row: FavoriteRow): boolean {
      return db.insert(shopperFavorites).values(row).onConflictDoNothing().run().changes > 0;
    },

    removeFavorite(shopperId: string, productId: number): number {
      return db
        .delete(shopperFavorites)
        .where(and(eq(shopperFavorites.shopperId, shopperId), eq(shopperFavorites.productId, productId)))
        .run().changes;
    },

    /** The ids among `ids` that name a catalog product. */
    existingProducts(ids: number[]): Set<number> {
      if (ids.length === 0) return new Set();
      return new Set(
        db
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, ids))
          .all()
          .map((row) => row.id),
      );
    },

    transaction<T>(work: () => T): T {
      return db.transaction(() => work());
    },
  };
}
export type ShopperDataRepository = ReturnType<typeof createShopperDataRepository>;
