import type { Favorite, HistoryEntry } from '@pricehunt/contracts';

/** A search history entry as stored: the shopper's id with the entry. */
export type HistoryRow = HistoryEntry & { shopperId: string };

/** A favorite as saved: what the shopper's browser sent, without the product's figures or an alert. */
export interface FavoriteRow {
  shopperId: string;
  productId: number;
  title: string;
  brand: string | null;
  imageUrl: string | null;
  savedPriceCents: number | null;
  currency: string | null;
  savedAt: string;
}

/** A new price alert of a favorite. */
export interface NewPriceAlert {
  belowCents: number;
  setAt: string;
  /** The random token of the alert's "stop this alert" link. */
  stopToken: string;
}

/**
 * A signed-in shopper's search history and favorites (with their price alerts). Every method is scoped to one shopper
 * id, but a stop link's token.
 */
export interface ShopperDataRepository {
  /** The newest `limit` entries, newest first. */
  listHistory(shopperId: string, limit: number): Promise<HistoryEntry[]>;
  /** Atomically: inserts or refreshes the entry, keeps the shopper's newest `keep` entries, and answers the entry as stored. */
  addHistoryEntry(row: HistoryRow, keep: number): Promise<HistoryEntry>;
  /** Answers the number of entries removed (0 or 1). */
  removeHistory(shopperId: string, requestId: string): Promise<number>;
  /** Answers the number of entries removed. */
  clearHistory(shopperId: string): Promise<number>;
  /** Favorites, newest first, with each product's best price now (null when the product is gone). */
  listFavorites(shopperId: string, limit: number): Promise<Favorite[]>;
  /** The ids among `ids` that name a catalog product. */
  existingProducts(ids: number[]): Promise<Set<number>>;
  /**
   * Atomically: answers the favorite already saved for the product (`created: false`, unchanged), else saves `row`
   * unless the shopper has `limit` favorites already (null, nothing saved) and answers it (`created: true`).
   */
  addFavorite(row: FavoriteRow, limit: number): Promise<{ favorite: Favorite; created: boolean } | null>;
  /** Answers the number of favorites removed (0 or 1). */
  removeFavorite(shopperId: string, productId: number): Promise<number>;
  /**
   * Atomically sets (or replaces) a favorite's price alert and answers the favorite; the alert is reached already (at
   * `setAt`, at that price) when the product's best price is at or below it. Null when there is no such favorite.
   */
  setAlert(shopperId: string, productId: number, alert: NewPriceAlert): Promise<Favorite | null>;
  /** Atomically removes a favorite's alert and answers the favorite; null when there is no such favorite. */
  clearAlert(shopperId: string, productId: number): Promise<Favorite | null>;
  /** Turns off the alert an email's stop link names; answers its product's title, or null when no alert has the token. */
  stopAlertByToken(stopToken: string): Promise<string | null>;
  /**
   * One transaction: adds history entries (a newer entry already stored wins), keeps the newest `limits.history`,
   * saves favorites not saved yet (a saved one keeps its price and date) while the shopper has fewer than
   * `limits.favorites`; answers the shopper's lists afterwards.
   */
  mergeLists(
    shopperId: string,
    lists: { history: HistoryRow[]; favorites: FavoriteRow[] },
    limits: { history: number; favorites: number },
  ): Promise<{ entries: HistoryEntry[]; favorites: Favorite[] }>;
}

/** An alert as the checker reads it: the favorite, its product's best price now, and the shopper's address. */
export interface PriceAlertRow {
  shopperId: string;
  productId: number;
  /** The product's name (the favorite's when the product is gone). */
  title: string;
  belowCents: number;
  setAt: string;
  stopToken: string | null;
  reachedAt: string | null;
  bestCents: number | null;
  currency: string | null;
  email: string;
  /** The favorite's best price when saved. */
  savedCents: number | null;
  /** The product's best price at the alert's previous check (null before its first). */
  checkedCents: number | null;
}

/** Names one alert as it was read: an alert set again since (even at the same price) is another one. */
export interface PriceAlertKey {
  shopperId: string;
  productId: number;
  setAt: string;
}

/** What the price alert checker reads and marks. */
export interface PriceAlertRepository {
  /** Every favorite with an alert. */
  listAlerts(): Promise<PriceAlertRow[]>;
  /**
   * The name of the retailer of the product's best price: of the offer its figures refresh chose (`best_offer_id`, as
   * catalog-pricing decides), so an alert names the shop of the price it tells; null when the product has none, or that
   * offer is held since.
   */
  bestPriceRetailer(productId: number): Promise<string | null>;
  /** Marks the alert reached at `at` for `cents`, if it is still that alert and not reached; answers whether it did. */
  markReached(alert: PriceAlertKey, at: string, cents: number): Promise<boolean>;
  /** Re-arms the alert, if it is still that alert and reached; answers whether it did. */
  rearm(alert: PriceAlertKey): Promise<boolean>;
  /** Keeps the best price this check saw as the alert's `checkedCents`, if it is still that alert; answers whether it did. */
  notePrice(alert: PriceAlertKey, cents: number | null): Promise<boolean>;
  /**
   * Takes the right to run a check, which one instance of the fleet holds at a time; false when another holds it (or
   * this one already does). Every `tryLock()` that answered true is followed by one `unlock()`.
   */
  tryLock(): Promise<boolean>;
  /** Gives the right to run a check back. */
  unlock(): Promise<void>;
}
