import type { Favorite, FavoriteInput, HistoryEntry } from '@pricehunt/contracts';
import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { remote } from './library-lists';
import { localFavorites, localHistory } from './local-store';

/** Where history and favorites live: the browser (signed out) or the account (signed in). */
export type LibraryStorage = 'local' | 'account';

type SetList<T> = Dispatch<SetStateAction<T[]>>;

/** A favorite as the browser keeps it: what the page knew when it was saved. */
function localFavorite(input: FavoriteInput): Favorite {
  return {
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
}

/** Puts the account's answer in place of the favorite it is about. */
const replacing = (saved: Favorite) => (list: Favorite[]) => list.map((f) => (f.productId === saved.productId ? saved : f));

/** Adding to, removing from and clearing the history, in the browser or the account. */
export function useHistoryActions(storage: LibraryStorage, setHistory: SetList<HistoryEntry>) {
  const addHistory = useCallback(
    async (entry: HistoryEntry) => {
      if (storage === 'local') return setHistory(localHistory.add(entry));
      const saved = await (await remote()).addHistory(entry);
      setHistory((list) => [saved, ...list.filter((e) => e.requestId !== saved.requestId)]);
    },
    [storage, setHistory],
  );

  const removeHistory = useCallback(
    async (requestId: string) => {
      if (storage === 'local') return setHistory(localHistory.remove(requestId));
      await (await remote()).removeHistory(requestId);
      setHistory((list) => list.filter((e) => e.requestId !== requestId));
    },
    [storage, setHistory],
  );

  const clearHistory = useCallback(async () => {
    if (storage === 'local') {
      localHistory.clear();
      return setHistory([]);
    }
    await (await remote()).clearHistory();
    setHistory([]);
  }, [storage, setHistory]);

  return { addHistory, removeHistory, clearHistory };
}

/** Saving and removing favorites, in the browser or the account, and the account's price alerts on them. */
export function useFavoriteActions(storage: LibraryStorage, setFavorites: SetList<Favorite>) {
  const addFavorite = useCallback(
    async (input: FavoriteInput) => {
      if (storage === 'local') return setFavorites(localFavorites.add(localFavorite(input)));
      const saved = await (await remote()).addFavorite(input);
      setFavorites((list) => [saved, ...list.filter((f) => f.productId !== saved.productId)]);
    },
    [storage, setFavorites],
  );

  const removeFavorite = useCallback(
    async (productId: number) => {
      if (storage === 'local') return setFavorites(localFavorites.remove(productId));
      await (await remote()).removeFavorite(productId);
      setFavorites((list) => list.filter((f) => f.productId !== productId));
    },
    [storage, setFavorites],
  );

  const setPriceAlert = useCallback(
    async (productId: number, belowCents: number) => {
      if (storage === 'local') throw new Error('Sign in to get price alerts by email');
      setFavorites(replacing(await (await remote()).setPriceAlert(productId, belowCents)));
    },
    [storage, setFavorites],
  );
  const removePriceAlert = useCallback(
    async (productId: number) => {
      if (storage === 'local') return;
      setFavorites(replacing(await (await remote()).removePriceAlert(productId)));
    },
    [storage, setFavorites],
  );

  return { addFavorite, removeFavorite, setPriceAlert, removePriceAlert };
}
