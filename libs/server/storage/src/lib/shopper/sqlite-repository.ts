import type { Favorite, HistoryEntry } from '@pricehunt/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { products, shopperFavorites, shopperHistory } from '../db/schema';
import type { FavoriteRow, HistoryRow, PriceAlertKey, PriceAlertRepository, PriceAlertRow, ShopperDataRepository } from './repository';
import { favoriteColumnsOf, historyConflict, newestFavoritesFirst, newestHistoryFirst, NO_ALERT } from './shared';

function toEntry(row: typeof shopperHistory.$inferSelect): HistoryEntry {
  const { shopperId: _shopper, ...entry } = row;
  return entry;
}

/** The shopper data port on SQLite (drizzle); every query is scoped to one shopper id (but a stop link's token). */
export function createSqliteShopperDataRepository({ db }: DatabaseHandle): ShopperDataRepository {
  return { ...historyPart(db), ...favoritesPart(db), ...alertsPart(db), ...mergePart(db) };
}

type Db = DatabaseHandle['db'];
type Part<K extends keyof ShopperDataRepository> = Pick<ShopperDataRepository, K>;

const favoriteColumns = favoriteColumnsOf(shopperFavorites, products);
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

const ofShopperProduct = (shopperId: string, productId: number) =>
  and(eq(shopperFavorites.shopperId, shopperId), eq(shopperFavorites.productId, productId));

/** A shopper's history entries: listed, written (newer kept when merging) and trimmed. */
function historyStore(db: Db) {
  const listHistory = (shopperId: string, limit: number): HistoryEntry[] =>
    db
      .select()
      .from(shopperHistory)
      .where(eq(shopperHistory.shopperId, shopperId))
      .orderBy(...newestHistoryFirst(shopperHistory))
      .limit(limit)
      .all()
      .map(toEntry);

  /** Inserts or refreshes an entry; `keepNewer` leaves a stored entry alone when it is more recent (merging). */
  const upsertHistory = (row: HistoryRow, keepNewer = false): void => {
    const { shopperId: _s, requestId: _r, ...update } = row;
    db.insert(shopperHistory)
      .values(row)
      .onConflictDoUpdate(historyConflict(shopperHistory, update, keepNewer))
      .run();
  };

  /** Keeps the newest `keep` entries of a shopper. */
  const trimHistory = (shopperId: string, keep: number): void => {
    const kept = db
      .select({ requestId: shopperHistory.requestId })
      .from(shopperHistory)
      .where(eq(shopperHistory.shopperId, shopperId))
      .orderBy(...newestHistoryFirst(shopperHistory))
      .limit(keep);
    db.delete(shopperHistory)
      .where(and(eq(shopperHistory.shopperId, shopperId), notInArray(shopperHistory.requestId, kept)))
      .run();
  };

  return { listHistory, upsertHistory, trimHistory };
}

/** A shopper's favorites: listed, read one, counted, inserted. */
function favoriteStore(db: Db) {
  const listFavorites = (shopperId: string, limit: number): Favorite[] =>
    db
      .select(favoriteColumns)
      .from(shopperFavorites)
      .leftJoin(products, eq(products.id, shopperFavorites.productId))
      .where(eq(shopperFavorites.shopperId, shopperId))
      .orderBy(...newestFavoritesFirst(shopperFavorites))
      .limit(limit)
      .all()
      .map(toFavorite);

  const getFavorite = (shopperId: string, productId: number): Favorite | null => {
    const row = db
      .select(favoriteColumns)
      .from(shopperFavorites)
      .leftJoin(products, eq(products.id, shopperFavorites.productId))
      .where(ofShopperProduct(shopperId, productId))
      .get();
    return row ? toFavorite(row) : null;
  };

  const countFavorites = (shopperId: string): number =>
    db.select({ n: sql<number>`count(*)` }).from(shopperFavorites).where(eq(shopperFavorites.shopperId, shopperId)).get()?.n ?? 0;

  /** Saves a favorite; one already saved keeps its saved price and date ("change since saved" stays meaningful). */
  const insertFavorite = (row: FavoriteRow): boolean => db.insert(shopperFavorites).values(row).onConflictDoNothing().run().changes > 0;
  return { listFavorites, getFavorite, countFavorites, insertFavorite };
}

/** The search history. */
function historyPart(db: Db): Part<'listHistory' | 'addHistoryEntry' | 'removeHistory' | 'clearHistory'> {
  const { listHistory, upsertHistory, trimHistory } = historyStore(db);
  return {
    async listHistory(shopperId, limit) {
      return listHistory(shopperId, limit);
    },
    async addHistoryEntry(row, keep) {
      return db.transaction(() => {
        upsertHistory(row);
        trimHistory(row.shopperId, keep);
        const stored = db
          .select()
          .from(shopperHistory)
          .where(and(eq(shopperHistory.shopperId, row.shopperId), eq(shopperHistory.requestId, row.requestId)))
          .get();
        // An entry older than the newest `keep` is trimmed at once: answered as it was given.
        return toEntry(stored ?? row);
      });
    },
    async removeHistory(shopperId, requestId) {
      return db
        .delete(shopperHistory)
        .where(and(eq(shopperHistory.shopperId, shopperId), eq(shopperHistory.requestId, requestId)))
        .run().changes;
    },
    async clearHistory(shopperId) {
      return db.delete(shopperHistory).where(eq(shopperHistory.shopperId, shopperId)).run().changes;
    },
  };
}

/** Favorites saved, listed and removed (the products that exist, for a merge). */
function favoritesPart(db: Db): Part<'listFavorites' | 'existingProducts' | 'addFavorite' | 'removeFavorite'> {
  const { listFavorites, getFavorite, countFavorites, insertFavorite } = favoriteStore(db);
  return {
    async listFavorites(shopperId, limit) {
      return listFavorites(shopperId, limit);
    },
    async existingProducts(ids) {
      if (ids.length === 0) return new Set<number>();
      return new Set(
        db
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, ids))
          .all()
          .map((row) => row.id),
      );
    },
    async addFavorite(row, limit) {
      return db.transaction(() => {
        const existing = getFavorite(row.shopperId, row.productId);
        if (existing) return { favorite: existing, created: false };
        if (countFavorites(row.shopperId) >= limit) return null;
        insertFavorite(row);
        return { favorite: getFavorite(row.shopperId, row.productId) as Favorite, created: true };
      });
    },
    async removeFavorite(shopperId, productId) {
      return db.delete(shopperFavorites).where(ofShopperProduct(shopperId, productId)).run().changes;
    },
  };
}

/** Price alerts on favorites: set, cleared, stopped by a stop link's token. */
function alertsPart(db: Db): Part<'setAlert' | 'clearAlert' | 'stopAlertByToken'> {
  const { getFavorite } = favoriteStore(db);
  return {
    async setAlert(shopperId, productId, alert) {
      return db.transaction(() => {
        const favorite = getFavorite(shopperId, productId);
        if (!favorite) return null;
        const current = favorite.currentPriceCents;
        const reached = current !== null && current <= alert.belowCents;
        db.update(shopperFavorites)
          .set({
            alertBelowCents: alert.belowCents,
            alertSetAt: alert.setAt,
            alertStopToken: alert.stopToken,
            alertReachedAt: reached ? alert.setAt : null,
            alertReachedCents: reached ? current : null,
            // A new alert has had no check yet: its first email measures the drop from the price when saved.
            alertCheckedCents: null,
          })
          .where(ofShopperProduct(shopperId, productId))
          .run();
        return getFavorite(shopperId, productId);
      });
    },
    async clearAlert(shopperId, productId) {
      return db.transaction(() => {
        if (db.update(shopperFavorites).set(NO_ALERT).where(ofShopperProduct(shopperId, productId)).run().changes === 0) return null;
        return getFavorite(shopperId, productId);
      });
    },
    async stopAlertByToken(stopToken) {
      const row = db.update(shopperFavorites).set(NO_ALERT).where(eq(shopperFavorites.alertStopToken, stopToken)).returning({ title: shopperFavorites.title }).get();
      return row?.title ?? null;
    },
  };
}

/** A guest's lists merged into the account's. */
function mergePart(db: Db): Part<'mergeLists'> {
  const { listHistory, upsertHistory, trimHistory } = historyStore(db);
  const { listFavorites, countFavorites, insertFavorite } = favoriteStore(db);
  return {
    async mergeLists(shopperId, lists, limits) {
      return db.transaction(() => {
        for (const row of lists.history) upsertHistory(row, true);
        trimHistory(shopperId, limits.history);
        let count = countFavorites(shopperId);
        for (const row of lists.favorites) {
          if (count >= limits.favorites) continue;
          if (insertFavorite(row)) count += 1;
        }
        return { entries: listHistory(shopperId, limits.history), favorites: listFavorites(shopperId, limits.favorites) };
      });
    },
  };
}

/** The price alert port on SQLite: favorites with an alert, their products' best prices and their shoppers' addresses. */
export function createSqlitePriceAlertRepository({ sqlite }: DatabaseHandle): PriceAlertRepository {
  const alerts = sqlite.prepare(`SELECT f.shopper_id AS shopperId, f.product_id AS productId, COALESCE(p.title, f.title) AS title,
      f.alert_below_cents AS belowCents, f.alert_set_at AS setAt, f.alert_stop_token AS stopToken, f.alert_reached_at AS reachedAt, p.best_price_cents AS bestCents,
      COALESCE(p.currency, f.currency) AS currency, s.email AS email, f.saved_price_cents AS savedCents, f.alert_checked_cents AS checkedCents
    FROM shopper_favorites f JOIN shoppers s ON s.id = f.shopper_id LEFT JOIN products p ON p.id = f.product_id
    WHERE f.alert_below_cents IS NOT NULL`);
  const bestPriceRetailer = sqlite
    .prepare(`SELECT r.name FROM products p JOIN offers o ON o.id = p.best_offer_id JOIN retailers r ON r.id = o.retailer_id
      WHERE p.id = ? AND o.held IS NULL`)
    .pluck();
  // Both updates name the alert they looked at (by when it was set), so an alert set again meanwhile, even at the same
  // price, is left to the next check.
  const markReached = sqlite.prepare(`UPDATE shopper_favorites SET alert_reached_at = ?, alert_reached_cents = ?
    WHERE shopper_id = ? AND product_id = ? AND alert_set_at = ? AND alert_reached_at IS NULL`);
  const rearm = sqlite.prepare(`UPDATE shopper_favorites SET alert_reached_at = NULL, alert_reached_cents = NULL
    WHERE shopper_id = ? AND product_id = ? AND alert_set_at = ? AND alert_reached_at IS NOT NULL`);
  const notePrice = sqlite.prepare('UPDATE shopper_favorites SET alert_checked_cents = ? WHERE shopper_id = ? AND product_id = ? AND alert_set_at = ?');

  return {
    async listAlerts() {
      return alerts.all() as PriceAlertRow[];
    },
    async bestPriceRetailer(productId) {
      return (bestPriceRetailer.get(productId) as string | undefined) ?? null;
    },
    async markReached(alert: PriceAlertKey, at, cents) {
      return markReached.run(at, cents, alert.shopperId, alert.productId, alert.setAt).changes > 0;
    },
    async rearm(alert: PriceAlertKey) {
      return rearm.run(alert.shopperId, alert.productId, alert.setAt).changes > 0;
    },
    async notePrice(alert: PriceAlertKey, cents) {
      return notePrice.run(cents, alert.shopperId, alert.productId, alert.setAt).changes > 0;
    },
    // Always acquired: one SQLite file serves the processes of one machine, and the checker's own guard keeps one
    // process's checks from overlapping (a check `catalog:import` runs at its end can overlap the API's, as before).
    async tryLock() {
      return true;
    },
    async unlock() {
      return undefined;
    },
  };
}
