import type { Favorite, FavoriteInput, HistoryEntry } from '@pricehunt/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAccount } from '../account/account-context';
import { localFavorites, localHistory } from './local-store';

export type LibraryStatus = 'loading' | 'ready' | 'error';

export interface LibraryValue {
  /** Where history and favorites live: the browser (signed out) or the account (signed in). */
  storage: 'local' | 'account';
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
const remote = () => import('./remote-store').then((module) => module.remoteStore);

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Your saved searches and favorites could not be loaded';
}

/**
 * The shopper's history and favorites. Signed out they live in local storage; at sign-in what the browser kept is
 * merged into the account (and cleared locally); signed in every change goes to the API.
 */
export function LibraryProvider({ children }: { children: ReactNode }) {
  const { status: accountStatus, user } = useAccount();
  const storage = accountStatus === 'signed-in' ? 'account' : 'local';
  // Empty until the page is in the browser's hands: the server rendered it without this browser's lists.
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [favorites, setFavorites] = useState<Favorite[]>([]);
  const [status, setStatus] = useState<LibraryStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // One load per signed-in account (and retry), even when effects run twice.
  const loads = useRef(new Map<string, Promise<{ entries: HistoryEntry[]; favorites: Favorite[] }>>());

  useEffect(() => {
    if (accountStatus === 'loading') {
      // This browser's lists meanwhile (a signed-in shopper's are merged into the account and cleared).
      setHistory(localHistory.read());
      setFavorites(localFavorites.read());
      return;
    }
    if (accountStatus === 'signed-out' || !user) {
      loads.current.clear();
      setHistory(localHistory.read());
      setFavorites(localFavorites.read());
      setStatus('ready');
      setError(null);
      return;
    }
    const key = `${user.id}:${attempt}`;
    let load = loads.current.get(key);
    if (!load) {
      load = remote().then(async (store) => {
        const keptHistory = localHistory.read();
        const keptFavorites = localFavorites.read();
        if (keptHistory.length === 0 && keptFavorites.length === 0) {
          const [entries, saved] = await Promise.all([store.history(), store.favorites()]);
          return { entries, favorites: saved };
        }
        const merged = await store.merge(
          keptHistory,
          keptFavorites.map(({ currentPriceCents: _c, offerCount: _o, ...favorite }) => favorite),
        );
        localHistory.clear();
        localFavorites.clear();
        return merged;
      });
      loads.current.set(key, load);
    }
    let active = true;
    setStatus('loading');
    load.then(
      (lists) => {
        if (!active) return;
        setHistory(lists.entries);
        setFavorites(lists.favorites);
        setStatus('ready');
        setError(null);
      },
      (caught: unknown) => {
        if (!active) return;
        loads.current.delete(key);
        setStatus('error');
        setError(message(caught));
      },
    );
    return () => {
      active = false;
    };
  }, [accountStatus, user, attempt]);

  const addHistory = useCallback(
    async (entry: HistoryEntry) => {
      if (storage === 'local') return setHistory(localHistory.add(entry));
      const saved = await (await remote()).addHistory(entry);
      setHistory((list) => [saved, ...list.filter((e) => e.requestId !== saved.requestId)]);
    },
    [storage],
  );

  const removeHistory = useCallback(
    async (requestId: string) => {
      if (storage === 'local') return setHistory(localHistory.remove(requestId));
      await (await remote()).removeHistory(requestId);
      setHistory((list) => list.filter((e) => e.requestId !== requestId));
    },
    [storage],
  );

  const clearHistory = useCallback(async () => {
    if (storage === 'local') {
      localHistory.clear();
      return setHistory([]);
    }
    await (await remote()).clearHistory();
    setHistory([]);
  }, [storage]);

  const addFavorite = useCallback(
    async (input: FavoriteInput) => {
      if (storage === 'local') {
        const favorite: Favorite = {
          productId: input.productId,
          title: input.title,
          brand: input.brand ?? null,
          imageUrl: input.imageUrl ?? null,
          savedPriceCents: input.savedPriceCents ?? null,
          currency: input.currency ?? null,
          savedAt: input.savedAt ?? new Date().toISOString(),
          currentPriceCents: input.savedPriceCents ?? null,
          offerCount: null,
          alert: null,
        };
        return setFavorites(localFavorites.add(favorite));
      }
      const saved = await (await remote()).addFavorite(input);
      setFavorites((list) => [saved, ...list.filter((f) => f.productId !== saved.productId)]);
    },
    [storage],
  );

  const removeFavorite = useCallback(
    async (productId: number) => {
      if (storage === 'local') return setFavorites(localFavorites.remove(productId));
      await (await remote()).removeFavorite(productId);
      setFavorites((list) => list.filter((f) => f.productId !== productId));
    },
    [storage],
  );

  const replaceFavorite = (saved: Favorite) => setFavorites((list) => list.map((f) => (f.productId === saved.productId ? saved : f)));
  const setPriceAlert = useCallback(
    async (productId: number, belowCents: number) => {
      if (storage === 'local') throw new Error('Sign in to get price alerts by email');
      replaceFavorite(await (await remote()).setPriceAlert(productId, belowCents));
    },
    [storage],
  );
  const removePriceAlert = useCallback(
    async (productId: number) => {
      if (storage === 'local') return;
      replaceFavorite(await (await remote()).removePriceAlert(productId));
    },
    [storage],
  );

  const isFavorite = useCallback((productId: number) => favorites.some((f) => f.productId === productId), [favorites]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

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
