import { type Column, desc, sql } from 'drizzle-orm';

/** The alert columns of a favorite with no alert: set on clearing an alert and on a stop link. */
export const NO_ALERT = { alertBelowCents: null, alertSetAt: null, alertStopToken: null, alertReachedAt: null, alertReachedCents: null, alertCheckedCents: null };

/** The instants of the port are ISO strings (`2026-11-23T10:00:00.000Z`, as SQLite stores them); PostgreSQL holds timestamptz. */
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The largest PostgreSQL integer: an id beyond it names no row. */
export const MAX_INT4 = 2_147_483_647;

type Columns<K extends string> = { [Name in K]: Column };
type FavoriteColumn = 'productId' | 'title' | 'brand' | 'imageUrl' | 'savedPriceCents' | 'currency' | 'savedAt' | 'alertBelowCents' | 'alertSetAt' | 'alertReachedAt' | 'alertReachedCents';
type FavoriteSelection<Favorites extends Columns<FavoriteColumn>, Products extends Columns<'bestPriceCents' | 'offerCount'>> = Pick<Favorites, FavoriteColumn> & {
  currentPriceCents: Products['bestPriceCents'];
  offerCount: Products['offerCount'];
};

/** What a favorite answers, as selected from the favorites joined to their products (either engine's tables). */
export function favoriteColumnsOf<Favorites extends Columns<FavoriteColumn>, Products extends Columns<'bestPriceCents' | 'offerCount'>>(
  favorites: Favorites,
  products: Products,
): FavoriteSelection<Favorites, Products> {
  return {
    productId: favorites.productId,
    title: favorites.title,
    brand: favorites.brand,
    imageUrl: favorites.imageUrl,
    savedPriceCents: favorites.savedPriceCents,
    currency: favorites.currency,
    savedAt: favorites.savedAt,
    currentPriceCents: products.bestPriceCents,
    offerCount: products.offerCount,
    alertBelowCents: favorites.alertBelowCents,
    alertSetAt: favorites.alertSetAt,
    alertReachedAt: favorites.alertReachedAt,
    alertReachedCents: favorites.alertReachedCents,
  };
}

/** A shopper's history, the latest search first (equal instants: the greater request id first). */
export const newestHistoryFirst = (history: Columns<'searchedAt' | 'requestId'>) => [desc(history.searchedAt), desc(history.requestId)];
/** A shopper's favorites, the latest saved first (equal instants: the greater product id first). */
export const newestFavoritesFirst = (favorites: Columns<'savedAt' | 'productId'>) => [desc(favorites.savedAt), desc(favorites.productId)];

/** The conflict clause of a history entry's upsert: the entry's values, but a stored entry more recent kept when `keepNewer` (merging). */
export const historyConflict = <History extends Columns<'shopperId' | 'requestId' | 'searchedAt'>, Update>(history: History, update: Update, keepNewer: boolean) => ({
  target: [history.shopperId, history.requestId] as Array<History['shopperId'] | History['requestId']>,
  set: update,
  ...(keepNewer ? { setWhere: sql`excluded.searched_at >= ${history.searchedAt}` } : {}),
});
