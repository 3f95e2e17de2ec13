import type { Favorite, HistoryEntry } from '@pricehunt/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgDb, PostgresHandle } from '../db/pg-client';
import { products, shopperFavorites, shopperHistory, shoppers } from '../db/pg-schema';
import type { FavoriteRow, HistoryRow, ShopperDataRepository } from './repository';
import { favoriteColumnsOf, historyConflict, iso, isoOrNull, MAX_INT4, newestFavoritesFirst, newestHistoryFirst, NO_ALERT } from './shared';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];
type Runner = PgDb | Tx;

function toEntry(row: typeof shopperHistory.$inferSelect): HistoryEntry {
  const { shopperId: _shopper, searchedAt, ...entry } = row;
  return { ...entry, searchedAt: iso(searchedAt) };
}

const historyValues = (row: HistoryRow): typeof shopperHistory.$inferInsert => ({ ...row, searchedAt: new Date(row.searchedAt) });
const favoriteValues = (row: FavoriteRow): typeof shopperFavorites.$inferInsert => ({ ...row, savedAt: new Date(row.savedAt) });

const favoriteColumns = favoriteColumnsOf(shopperFavorites, products);
type FavoriteSelection = Omit<Favorite, 'alert' | 'savedAt'> & {
  savedAt: Date;
  alertBelowCents: number | null;
  alertSetAt: Date | null;
  alertReachedAt: Date | null;
  alertReachedCents: number | null;
};

// Keys in the SQLite side's order (the answer's JSON is the same to the byte).
const toFavorite = ({ savedAt, alertBelowCents, alertSetAt, alertReachedAt, alertReachedCents, ...favorite }: FavoriteSelection): Favorite => ({
  productId: favorite.productId,
  title: favorite.title,
  brand: favorite.brand,
  imageUrl: favorite.imageUrl,
  savedPriceCents: favorite.savedPriceCents,
  currency: favorite.currency,
  savedAt: iso(savedAt),
  currentPriceCents: favorite.currentPriceCents,
  offerCount: favorite.offerCount,
  alert:
    alertBelowCents !== null && alertSetAt !== null
      ? { belowCents: alertBelowCents, setAt: iso(alertSetAt), reachedAt: isoOrNull(alertReachedAt), reachedPriceCents: alertReachedCents }
      : null,
});

const ofShopperProduct = (shopperId: string, productId: number) => and(eq(shopperFavorites.shopperId, shopperId), eq(shopperFavorites.productId, productId));

type Part<K extends keyof ShopperDataRepository> = Pick<ShopperDataRepository, K>;

/** Waits for (and holds until commit) the shopper's units of work; a shopper that does not exist locks nothing. */
const lockShopper = async (tx: Tx, shopperId: string) => {
  await tx.select({ id: shoppers.id }).from(shoppers).where(eq(shoppers.id, shopperId)).for('no key update');
};

const listHistory = async (runner: Runner, shopperId: string, limit: number): Promise<HistoryEntry[]> =>
  (
    await runner
      .select()
      .from(shopperHistory)
      .where(eq(shopperHistory.shopperId, shopperId))
      .orderBy(...newestHistoryFirst(shopperHistory))
      .limit(limit)
  ).map(toEntry);

/** Inserts or refreshes an entry; `keepNewer` leaves a stored entry alone when it is more recent (merging). */
const upsertHistory = async (tx: Tx, row: HistoryRow, keepNewer = false) => {
  const values = historyValues(row);
  const { shopperId: _s, requestId: _r, ...update } = values;
  await tx
    .insert(shopperHistory)
    .values(values)
    .onConflictDoUpdate(historyConflict(shopperHistory, update, keepNewer));
};

/** Keeps the newest `keep` entries of a shopper. */
const trimHistory = async (tx: Tx, shopperId: string, keep: number) => {
  const kept = tx
    .select({ requestId: shopperHistory.requestId })
    .from(shopperHistory)
    .where(eq(shopperHistory.shopperId, shopperId))
    .orderBy(...newestHistoryFirst(shopperHistory))
    .limit(keep);
  await tx.delete(shopperHistory).where(and(eq(shopperHistory.shopperId, shopperId), notInArray(shopperHistory.requestId, kept)));
};

const listFavorites = async (runner: Runner, shopperId: string, limit: number): Promise<Favorite[]> =>
  (
    await runner
      .select(favoriteColumns)
      .from(shopperFavorites)
      .leftJoin(products, eq(products.id, shopperFavorites.productId))
      .where(eq(shopperFavorites.shopperId, shopperId))
      .orderBy(...newestFavoritesFirst(shopperFavorites))
      .limit(limit)
  ).map(toFavorite);

const getFavorite = async (runner: Runner, shopperId: string, productId: number): Promise<Favorite | null> => {
  const [row] = await runner
    .select(favoriteColumns)
    .from(shopperFavorites)
    .leftJoin(products, eq(products.id, shopperFavorites.productId))
    .where(ofShopperProduct(shopperId, productId));
  return row ? toFavorite(row) : null;
};

const countFavorites = async (tx: Tx, shopperId: string): Promise<number> => {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(shopperFavorites).where(eq(shopperFavorites.shopperId, shopperId));
  return row?.n ?? 0;
};

/** Saves a favorite; one already saved keeps its saved price and date ("change since saved" stays meaningful). */
const insertFavorite = async (tx: Tx, row: FavoriteRow): Promise<boolean> =>
  ((await tx.insert(shopperFavorites).values(favoriteValues(row)).onConflictDoNothing()).rowCount ?? 0) > 0;

/**
 * The shopper data port on PostgreSQL (drizzle pg-core). SQLite runs one writer at a time, so its read-then-write
 * units of work (insert a favorite unless the shopper has `limit`, keep the newest history entries, merge lists) are
 * correct there as they stand. Here they begin by locking the shopper's account row (`SELECT … FOR NO KEY UPDATE`):
 * every such unit of work of one shopper, from any API process, waits for the one before it to commit, and then reads
 * what it committed (READ COMMITTED reads anew at each statement). Locking the favorites' rows themselves would not
 * do: a row not inserted yet cannot be locked. NO KEY UPDATE does not conflict with the KEY SHARE locks the foreign
 * keys of other tables take on that row, so sign-ins and other writes naming the shopper are not held up.
 */
export function createPgShopperDataRepository({ db }: PostgresHandle): ShopperDataRepository {
  return { ...historyPart(db), ...favoritesPart(db), ...alertsPart(db), ...mergePart(db) };
}

/** The search history. */
function historyPart(db: PgDb): Part<'listHistory' | 'addHistoryEntry' | 'removeHistory' | 'clearHistory'> {
  return {
    async listHistory(shopperId, limit) {
      return listHistory(db, shopperId, limit);
    },
    async addHistoryEntry(row, keep) {
      // Shopper lock: two entries added at once must not each keep `keep` entries of their own snapshot.
      return db.transaction(async (tx) => {
        await lockShopper(tx, row.shopperId);
        await upsertHistory(tx, row);
        await trimHistory(tx, row.shopperId, keep);
        const [stored] = await tx
          .select()
          .from(shopperHistory)
          .where(and(eq(shopperHistory.shopperId, row.shopperId), eq(shopperHistory.requestId, row.requestId)));
        // An entry older than the newest `keep` is trimmed at once: answered as it was given.
        return toEntry(stored ?? (historyValues(row) as typeof shopperHistory.$inferSelect));
      });
    },
    async removeHistory(shopperId, requestId) {
      const result = await db.delete(shopperHistory).where(and(eq(shopperHistory.shopperId, shopperId), eq(shopperHistory.requestId, requestId)));
      return result.rowCount ?? 0;
    },
    async clearHistory(shopperId) {
      return (await db.delete(shopperHistory).where(eq(shopperHistory.shopperId, shopperId))).rowCount ?? 0;
    },
  };
}

/** Favorites saved, listed and removed (the products that exist, for a merge). */
function favoritesPart(db: PgDb): Part<'listFavorites' | 'existingProducts' | 'addFavorite' | 'removeFavorite'> {
  return {
    async listFavorites(shopperId, limit) {
      return listFavorites(db, shopperId, limit);
    },
    async existingProducts(ids) {
      // Product ids are int4 here: a larger id (the browser's to send) names no product, and would not compare.
      const possible = ids.filter((id) => Number.isInteger(id) && id >= -MAX_INT4 - 1 && id <= MAX_INT4);
      if (possible.length === 0) return new Set<number>();
      return new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, possible))).map((row) => row.id));
    },
    async addFavorite(row, limit) {
      // Shopper lock: "count, then insert unless full" is decided by one transaction of the shopper at a time, so two
      // favorites added at once to a shopper one short of the limit cannot both be saved.
      return db.transaction(async (tx) => {
        await lockShopper(tx, row.shopperId);
        const existing = await getFavorite(tx, row.shopperId, row.productId);
        if (existing) return { favorite: existing, created: false };
        if ((await countFavorites(tx, row.shopperId)) >= limit) return null;
        await insertFavorite(tx, row);
        return { favorite: (await getFavorite(tx, row.shopperId, row.productId)) as Favorite, created: true };
      });
    },
    async removeFavorite(shopperId, productId) {
      return (await db.delete(shopperFavorites).where(ofShopperProduct(shopperId, productId))).rowCount ?? 0;
    },
  };
}

/** Price alerts on favorites: set, cleared, stopped by a stop link's token. */
function alertsPart(db: PgDb): Part<'setAlert' | 'clearAlert' | 'stopAlertByToken'> {
  return {
    async setAlert(shopperId, productId, alert) {
      // The favorite's row is locked as it is read with its product's best price (FOR UPDATE OF the favorite), the
      // decision is written from that one read, and the answer is made from it: an import committing a new price
      // meanwhile changes neither. A price that moves after this read is the checker's to see, as on SQLite.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select(favoriteColumns)
          .from(shopperFavorites)
          .leftJoin(products, eq(products.id, shopperFavorites.productId))
          .where(ofShopperProduct(shopperId, productId))
          .for('update', { of: shopperFavorites });
        if (!row) return null;
        const current = row.currentPriceCents;
        const reached = current !== null && current <= alert.belowCents;
        const setAt = new Date(alert.setAt);
        const change = {
          alertBelowCents: alert.belowCents,
          alertSetAt: setAt,
          alertStopToken: alert.stopToken,
          alertReachedAt: reached ? setAt : null,
          alertReachedCents: reached ? current : null,
        };
        // A new alert has had no check yet (as on SQLite).
        await tx.update(shopperFavorites).set({ ...change, alertCheckedCents: null }).where(ofShopperProduct(shopperId, productId));
        const { alertStopToken: _token, ...shown } = change;
        return toFavorite({ ...row, ...shown });
      });
    },
    async clearAlert(shopperId, productId) {
      return db.transaction(async (tx) => {
        if (((await tx.update(shopperFavorites).set(NO_ALERT).where(ofShopperProduct(shopperId, productId))).rowCount ?? 0) === 0) return null;
        return getFavorite(tx, shopperId, productId);
      });
    },
    async stopAlertByToken(stopToken) {
      const [row] = await db
        .update(shopperFavorites)
        .set(NO_ALERT)
        .where(eq(shopperFavorites.alertStopToken, stopToken))
        .returning({ title: shopperFavorites.title });
      return row?.title ?? null;
    },
  };
}

/** A guest's lists merged into the account's. */
function mergePart(db: PgDb): Part<'mergeLists'> {
  return {
    async mergeLists(shopperId, lists, limits) {
      // Shopper lock, as addFavorite: the merge counts the favorites and saves while below the limit.
      return db.transaction(async (tx) => {
        await lockShopper(tx, shopperId);
        for (const row of lists.history) await upsertHistory(tx, row, true);
        await trimHistory(tx, shopperId, limits.history);
        let count = await countFavorites(tx, shopperId);
        for (const row of lists.favorites) {
          if (count >= limits.favorites) continue;
          if (await insertFavorite(tx, row)) count += 1;
        }
        return { entries: await listHistory(tx, shopperId, limits.history), favorites: await listFavorites(tx, shopperId, limits.favorites) };
      });
    },
  };
}

export { createPgPriceAlertRepository, PRICE_ALERT_LOCK_KEY } from './pg-price-alerts';
