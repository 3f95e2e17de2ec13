import { apiRequest } from '@pricehunt/api-client';
import {
  favoriteResponseSchema,
  favoritesListResponseSchema,
  historyEntryResponseSchema,
  historyListResponseSchema,
  removedResponseSchema,
  shopperMergeResponseSchema,
  type Favorite,
  type FavoriteInput,
  type HistoryEntry,
  type HistoryEntryInput,
} from '@pricehunt/contracts';

/** The signed-in shopper's history and favorites on the API (loaded only when someone signs in). */
export const remoteStore = {
  async history(): Promise<HistoryEntry[]> {
    return (await apiRequest('/api/shopper/history', { schema: historyListResponseSchema })).entries;
  },
  async addHistory(entry: HistoryEntryInput): Promise<HistoryEntry> {
    return (await apiRequest('/api/shopper/history', { method: 'POST', body: entry, schema: historyEntryResponseSchema })).entry;
  },
  async removeHistory(requestId: string): Promise<void> {
    await apiRequest(`/api/shopper/history/${encodeURIComponent(requestId)}`, { method: 'DELETE', schema: removedResponseSchema });
  },
  async clearHistory(): Promise<void> {
    await apiRequest('/api/shopper/history', { method: 'DELETE', schema: removedResponseSchema });
  },
  async favorites(): Promise<Favorite[]> {
    return (await apiRequest('/api/shopper/favorites', { schema: favoritesListResponseSchema })).favorites;
  },
  async addFavorite(favorite: FavoriteInput): Promise<Favorite> {
    return (await apiRequest('/api/shopper/favorites', { method: 'POST', body: favorite, schema: favoriteResponseSchema })).favorite;
  },
  async removeFavorite(productId: number): Promise<void> {
    await apiRequest(`/api/shopper/favorites/${productId}`, { method: 'DELETE', schema: removedResponseSchema });
  },
  async setPriceAlert(productId: number, belowCents: number): Promise<Favorite> {
    return (await apiRequest(`/api/shopper/favorites/${productId}/alert`, { method: 'PUT', body: { belowCents }, schema: favoriteResponseSchema })).favorite;
  },
  async removePriceAlert(productId: number): Promise<Favorite> {
    return (await apiRequest(`/api/shopper/favorites/${productId}/alert`, { method: 'DELETE', schema: favoriteResponseSchema })).favorite;
  },
  /** Sends what was kept in the browser while signed out; answers the account's lists afterwards. */
  async merge(history: HistoryEntryInput[], favorites: FavoriteInput[]): Promise<{ entries: HistoryEntry[]; favorites: Favorite[] }> {
    const answer = await apiRequest('/api/shopper/merge', { method: 'POST', body: { history, favorites }, schema: shopperMergeResponseSchema });
    return { entries: answer.entries, favorites: answer.favorites };
  },
};
export type RemoteStore = typeof remoteStore;
