import { SHOPPER_DATA_LIMITS, type Favorite, type FavoriteInput, type HistoryEntry, type HistoryEntryInput, type PriceAlertInput } from '@pricehunt/contracts';
import { randomBytes } from 'node:crypto';
import { badRequest, conflict, notFound } from '@pricehunt/http-errors';
import { ALERT_STOP_INVALID } from '@pricehunt/notifications';
import type { FavoriteRow, HistoryRow, ShopperDataRepository } from '@pricehunt/storage';

export const HISTORY_ENTRY_NOT_FOUND = 'This search is not in your history';
export const FAVORITE_NOT_FOUND = 'This product is not in your favorites';
export const PRODUCT_NOT_FOUND = 'productId names no product in the catalog';
export const FAVORITES_FULL = `You can keep at most ${SHOPPER_DATA_LIMITS.favorites} favorites; remove some first`;

function historyRow(shopperId: string, input: HistoryEntryInput): HistoryRow {
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

function favoriteRow(shopperId: string, input: FavoriteInput, now: () => Date): FavoriteRow {
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

/** Price alerts on a shopper's favorites. */
function alertMethods(repo: ShopperDataRepository, clock: () => Date) {
  return {
    /**
     * Sets a favorite's price alert. A best price already at or below it counts as reached now (no email: the
     * shopper sees it on the page); emails go out when the price drops there later (see price-alerts.ts).
     */
    async setAlert(shopperId: string, productId: number, input: PriceAlertInput): Promise<Favorite> {
      const favorite = await repo.setAlert(shopperId, productId, {
        belowCents: input.belowCents,
        setAt: clock().toISOString(),
        stopToken: randomBytes(24).toString('base64url'),
      });
      if (!favorite) throw notFound(FAVORITE_NOT_FOUND);
      return favorite;
    },

    /** The "stop this alert" link of an alert email: turns that alert off without signing in. */
    async stopAlert(token: string): Promise<{ title: string; stopped: true }> {
      const title = await repo.stopAlertByToken(token);
      if (title === null) throw badRequest(ALERT_STOP_INVALID, 'token');
      return { title, stopped: true };
    },

    async removeAlert(shopperId: string, productId: number): Promise<Favorite> {
      const favorite = await repo.clearAlert(shopperId, productId);
      if (!favorite) throw notFound(FAVORITE_NOT_FOUND);
      return favorite;
    },
  };
}

/** A signed-in shopper's search history and favorites. Every call is scoped to the shopper it is given. */
export function createShopperDataService({ repo, clock = () => new Date() }: { repo: ShopperDataRepository; clock?: () => Date }) {
  const historyLimit = SHOPPER_DATA_LIMITS.historyEntries;
  const favoritesLimit = SHOPPER_DATA_LIMITS.favorites;

  return {
    history(shopperId: string): Promise<HistoryEntry[]> {
      return repo.listHistory(shopperId, historyLimit);
    },

    /** Records a search (again: the entry is refreshed); the oldest entries beyond the limit go. */
    addHistory(shopperId: string, input: HistoryEntryInput): Promise<HistoryEntry> {
      return repo.addHistoryEntry(historyRow(shopperId, input), historyLimit);
    },

    async removeHistory(shopperId: string, requestId: string): Promise<number> {
      const removed = await repo.removeHistory(shopperId, requestId.toLowerCase());
      if (removed === 0) throw notFound(HISTORY_ENTRY_NOT_FOUND);
      return removed;
    },

    clearHistory(shopperId: string): Promise<number> {
      return repo.clearHistory(shopperId);
    },

    favorites(shopperId: string): Promise<Favorite[]> {
      return repo.listFavorites(shopperId, favoritesLimit);
    },

    async addFavorite(shopperId: string, input: FavoriteInput): Promise<{ favorite: Favorite; created: boolean }> {
      if (!(await repo.existingProducts([input.productId])).has(input.productId)) throw notFound(PRODUCT_NOT_FOUND);
      const added = await repo.addFavorite(favoriteRow(shopperId, input, clock), favoritesLimit);
      if (!added) throw conflict(FAVORITES_FULL, 'productId');
      return added;
    },

    async removeFavorite(shopperId: string, productId: number): Promise<number> {
      const removed = await repo.removeFavorite(shopperId, productId);
      if (removed === 0) throw notFound(FAVORITE_NOT_FOUND);
      return removed;
    },

    ...alertMethods(repo, clock),

    /**
     * Merges what a browser kept while signed out into the account, in one transaction: history entries are added
     * (a newer copy already in the account wins), favorites are added unless already saved (the account's saved price
     * and date win); favorites of products no longer in the catalog and any beyond the limit are left out.
     */
    async merge(shopperId: string, body: { history: HistoryEntryInput[]; favorites: FavoriteInput[] }): Promise<{ entries: HistoryEntry[]; favorites: Favorite[] }> {
      const known = await repo.existingProducts([...new Set(body.favorites.map((f) => f.productId))]);
      return repo.mergeLists(
        shopperId,
        {
          history: body.history.map((input) => historyRow(shopperId, input)),
          favorites: body.favorites.filter((input) => known.has(input.productId)).map((input) => favoriteRow(shopperId, input, clock)),
        },
        { history: historyLimit, favorites: favoritesLimit },
      );
    },
  };
}
export type ShopperDataService = ReturnType<typeof createShopperDataService>;
