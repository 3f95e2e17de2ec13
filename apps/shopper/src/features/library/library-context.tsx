import type { Favorite, FavoriteInput, HistoryEntry } from '@pricehunt/contracts';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useAccount } from '../account/account-context';
import { useFavoriteActions, useHistoryActions, type LibraryStorage } from './library-actions';
import { useLibraryLists, type LibraryStatus } from './library-lists';

export type { LibraryStatus } from './library-lists';

export interface LibraryValue {
  /** Where history and favorites live: the browser (signed out) or the account (signed in). */
  storage: LibraryStorage;
  status: LibraryStatus;
  error: string | null;
  history: HistoryEntry[];
  favorites: Favorite[];
  addHistory(entry: HistoryEntry): Promise<void>;
  removeHistory(requestId: string): Promise<void>;
  clearHistory(): Promise<void>;
  addFavorite(favorite: FavoriteInput): Promise<void>;
  removeFavorite(productId: number): Promise<void>;
  /** Signed in only: email me when the favorite's best price drops to `belowCents` or below. */
  setPriceAlert(productId: number, belowCents: number): Promise<void>;
  removePriceAlert(productId: number): Promise<void>;
  isFavorite(productId: number): boolean;
  reload(): void;
}

const LibraryContext = createContext<LibraryValue | null>(null);

/**
 * The shopper's history and favorites. Signed out they live in local storage; at sign-in what the browser kept is
 * merged into the account (and cleared locally); signed in every change goes to the API.
 */
export function LibraryProvider({ children }: { children: ReactNode }) {
  const { status: accountStatus, user } = useAccount();
  const storage: LibraryStorage = accountStatus === 'signed-in' ? 'account' : 'local';
  const { history, setHistory, favorites, setFavorites, status, error, reload } = useLibraryLists(accountStatus, user);
  const { addHistory, removeHistory, clearHistory } = useHistoryActions(storage, setHistory);
  const { addFavorite, removeFavorite, setPriceAlert, removePriceAlert } = useFavoriteActions(storage, setFavorites);
  const isFavorite = useCallback((productId: number) => favorites.some((f) => f.productId === productId), [favorites]);

  const value = useMemo<LibraryValue>(
    () => ({ storage, status, error, history, favorites, addHistory, removeHistory, clearHistory, addFavorite, removeFavorite, setPriceAlert, removePriceAlert, isFavorite, reload }),
    [storage, status, error, history, favorites, addHistory, removeHistory, clearHistory, addFavorite, removeFavorite, setPriceAlert, removePriceAlert, isFavorite, reload],
  );
  return <LibraryContext.Provider value={value}>{children}</LibraryContext.Provider>;
}

export function useLibrary(): LibraryValue {
  const value = useContext(LibraryContext);
  if (!value) throw new Error('useLibrary must be used inside <LibraryProvider>');
  return value;
}
