import type { Favorite, HistoryEntry, ShopperUser } from '@pricehunt/contracts';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { AccountStatus } from '../account/account-context';
import { localFavorites, localHistory } from './local-store';

export type LibraryStatus = 'loading' | 'ready' | 'error';

/** The account side of the library, loaded when it is first used. */
export const remote = () => import('./remote-store').then((module) => module.remoteStore);

type RemoteStore = Awaited<ReturnType<typeof remote>>;
type AccountLists = { entries: HistoryEntry[]; favorites: Favorite[] };

export interface LibraryLists {
  history: HistoryEntry[];
  setHistory: Dispatch<SetStateAction<HistoryEntry[]>>;
  favorites: Favorite[];
  setFavorites: Dispatch<SetStateAction<Favorite[]>>;
  status: LibraryStatus;
  error: string | null;
  /** Loads the account's lists again (after a failed load). */
  reload(): void;
}

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Your saved searches and favorites could not be loaded';
}

/** The account's lists, with what this browser kept merged into them first (and then cleared locally). */
async function loadAccountLists(store: RemoteStore): Promise<AccountLists> {
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
}

/**
 * The shopper's history and favorites as they load: this browser's while signed out (or while the account is asked),
 * the account's once signed in.
 */
export function useLibraryLists(accountStatus: AccountStatus, user: ShopperUser | null): LibraryLists {
  // Empty until the page is in the browser's hands: the server rendered it without this browser's lists.
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [favorites, setFavorites] = useState<Favorite[]>([]);
  const [status, setStatus] = useState<LibraryStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // One load per signed-in account (and retry), even when effects run twice.
  const loads = useRef(new Map<string, Promise<AccountLists>>());

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
      load = remote().then(loadAccountLists);
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

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { history, setHistory, favorites, setFavorites, status, error, reload };
}
