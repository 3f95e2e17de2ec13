import { SHOPPER_DATA_LIMITS, type Favorite, type FavoriteInput, type HistoryEntry, type HistoryEntryInput, type PriceAlertInput } from '@pricehunt/contracts';
import type { Db } from '../../db/client';
import { randomBytes } from 'node:crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { ALERT_STOP_INVALID } from './price-alerts';
import { createShopperDataRepository } from './repository';

export const HISTORY_ENTRY_NOT_FOUND = 'This search is not in your history';
export const FAVORITE_NOT_FOUND = 'This product is not in your favorites';
export const PRODUCT_NOT_FOUND = 'productId names no product in the catalog';
export const FAVORITES_FULL = `You can keep at most ${SHOPPER_DATA_LIMITS.favorites} favorites; remove some first`;

function historyRow(shopperId: string, input: HistoryEntryInput) {
  return {
    shopperId,
    requestId: input.requestId.toLowerCase(),
    slug: input.slug,
    kind: input.kind,
    input: input.input,
    title: input.title || null,
    imageUrl: input.imageUrl || null,
    productId: input.productId ?? null,
    bestPriceCents: input.bestPriceCents ?? null,
    currency: input.currency ?? null,
    offerCount: input.offerCount ?? null,
    searchedAt: new Date(input.searchedAt).toISOString(),
  };
}

function favoriteRow(shopperId: string, input: FavoriteInput, now: () => Date) {
  return {
    shopperId,
    productId: input.productId,
    title: input.title,
    brand: input.brand || null,
    imageUrl: input.imageUrl || null,
    savedPriceCents: input.savedPriceCents ?? null,
    currency: input.currency ?? null,
    savedAt: input.savedAt ? new Date(input.savedAt).toISOString() : now().toISOString(),
  };
}

/** A signed-in shopper's search history and favorites. Every call is scoped to the shopper it is given. */
export function createShopperDataService({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  const repo = createShopperDataRepository(db);
  const historyLimit = SHOPPER_DATA_LIMITS.historyEntries;
  const favoritesLimit = SHOPPER_DATA_LIMITS.favorites;

  return {
    history(shopperId: string): HistoryEntry[] {
      return repo.listHistory(shopperId, historyLimit);
    },

    /** Records a search (again: the entry is refreshed); the oldest entries beyond the limit go. */
    addHistory(shopperId: string, input: HistoryEntryInput): HistoryEntry {
      const row = historyRow(shopperId, input);
      return repo.transaction(() => {
        repo.upsertHistory(row);
        repo.trimHistory(shopperId, historyLimit);
        return repo.getHistory(shopperId, row.requestId) as HistoryEntry;
      });
    },

    removeHistory(shopperId: string, requestId: string): number {
      const removed = repo.removeHistory(shopperId, requestId.toLowerCase());
      if (removed === 0) throw notFound(HISTORY_ENTRY_NOT_FOUND);
      return removed;
    },

    clearHistory(shopperId: string): number {
      return repo.clearHistory(shopperId);
    },

    favorites(shopperId: string): Favorite[] {
      return repo.listFavorites(shopperId, favoritesLimit);
    },

    addFavorite(shopperId: string, input: FavoriteInput): { favorite: Favorite; created: boolean } {
      if (!repo.existingProducts([input.productId]).has(input.productId)) throw notFound(PRODUCT_NOT_FOUND);
      return repo.transaction(() => {
        const existing = repo.getFavorite(shopperId, input.productId);
        if (existing) return { favorite: existing, created: false };
        if (repo.countFavorites(shopperId) >= favoritesLimit) throw conflict(FAVORITES_FULL, 'productId');
        repo.insertFavorite(favoriteRow(shopperId, input, clock));
        return { favorite: repo.getFavorite(shopperId, input.productId) as Favorite, created: true };
      });
    },

    removeFavorite(shopperId: string, productId: number): number {
      const removed = repo.removeFavorite(shopperId, productId);
      if (removed === 0) throw notFound(FAVORITE_NOT_FOUND);
      return removed;
    },

    /**
     * Sets a favorite's price alert. A best price already at or below it counts as reached now (no email: the
     * shopper sees it on the page); emails go out when the price drops there later (see price-alerts.ts).
     */
    setAlert(shopperId: string, productId: number, input: PriceAlertInput): Favorite {
      return repo.transaction(() => {
        const favorite = repo.getFavorite(shopperId, productId);
        if (!favorite) throw notFound(FAVORITE_NOT_FOUND);
        const now = clock().toISOString();
        const current = favorite.currentPriceCents;
        const reached = current !== null && current <= input.belowCents ? { at: now, cents: current } : null;
        repo.setAlert(shopperId, productId, { belowCents: input.belowCents, setAt: now, stopToken: randomBytes(24).toString('base64url'), reached });
        return repo.getFavorite(shopperId, productId) as Favorite;
      });
    },

    /** The "stop this alert" link of an alert email: turns that alert off without signing in. */
    stopAlert(token: string): { title: string; stopped: true } {
      const title = repo.stopAlertByToken(token);
      if (title === null) throw badRequest(ALERT_STOP_INVALID, 'token');
      return { title, stopped: true };
    },

    removeAlert(shopperId: string, productId: number): Favorite {
      return repo.transaction(() => {
        if (repo.clearAlert(shopperId, productId) === 0) throw notFound(FAVORITE_NOT_FOUND);
        return repo.getFavorite(shopperId, productId) as Favorite;
      });
    },

    /**
     * Merges what a browser kept while signed out into the account, in one transaction: history entries are added
     * (a newer copy already in the account wins), favorites are added unless already saved (the account's saved price
     * and date win); favorites of products no longer in the catalog and any beyond the limit are left out.
     */
    merge(shopperId: string, body: { history: HistoryEntryInput[]; favorites: FavoriteInput[] }): { entries: HistoryEntry[]; favorites: Favorite[] } {
      const known = repo.existingProducts([...new Set(body.favorites.map((f) => f.productId))]);
      return repo.transaction(() => {
        for (const input of body.history) repo.upsertHistory(historyRow(shopperId, input), true);
        repo.trimHistory(shopperId, historyLimit);
        let count = repo.countFavorites(shopperId);
        for (const input of body.favorites) {
          if (!known.has(input.productId) || count >= favoritesLimit) continue;
          if (repo.insertFavorite(favoriteRow(shopperId, input, clock))) count += 1;
        }
        return { entries: repo.listHistory(shopperId, historyLimit), favorites: repo.listFavorites(shopperId, favoritesLimit) };
      });
    },
  };
}
export type ShopperDataService = ReturnType<typeof createShopperDataService>;
