import type { Watch, WatchInput, WatchPatch } from '@pricehunt/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/use-async';
import { useAccount } from '../account/account-context';
import type { WatchCreated } from './watches-api';

export type WatchesStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface WatchesValue {
  /** `idle` until something asks for the list (and always while nobody is signed in). */
  status: WatchesStatus;
  watches: Watch[];
  error: string | null;
  /** Asks for the signed-in shopper's list, once per account (components that show watches call it). */
  need(): void;
  reload(): void;
  /** Watches a product or a link; signed out, `email` is required and the answer is `pending`. */
  create(input: WatchInput): Promise<WatchCreated>;
  update(id: string, patch: WatchPatch): Promise<Watch>;
  remove(id: string): Promise<void>;
  /** The shopper's watch of a product, if any. */
  watchOf(productId: number): Watch | undefined;
}

const WatchesContext = createContext<WatchesValue | null>(null);

// The requests and their schemas load with the first component that needs them, not with the site's first page.
const api = () => import('./watches-api').then((module) => module.watchesApi);

interface ListState {
  /** The account the list is of. */
  owner: string;
  status: WatchesStatus;
  watches: Watch[];
  error: string | null;
}

const IDLE = { status: 'idle' as const, watches: [] as Watch[], error: null };

/**
 * The signed-in shopper's watches: loaded when a page first needs them (the watch button, the Watches page), kept for
 * the account, and changed in place by what the shopper does here.
 */
export function WatchesProvider({ children }: { children: ReactNode }) {
  const { status: accountStatus, user } = useAccount();
  const owner = accountStatus === 'signed-in' && user ? user.id : null;
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [list, setList] = useState<ListState | null>(null);

  useEffect(() => {
    if (!wanted || owner === null) return;
    const controller = new AbortController();
    setList({ owner, status: 'loading', watches: [], error: null });
    api()
      .then((client) => client.list(controller.signal))
      .then(
        (watches) => {
          if (!controller.signal.aborted) setList({ owner, status: 'ready', watches, error: null });
        },
        (caught: unknown) => {
          if (!controller.signal.aborted) setList({ owner, status: 'error', watches: [], error: errorMessage(caught, 'Your watches could not be loaded') });
        },
      );
    return () => controller.abort();
  }, [wanted, owner, attempt]);

  // A list of another account (signed out since, or someone else signed in) is no one's now.
  const current = list && owner !== null && list.owner === owner ? list : null;
  const change = useCallback(
    (edit: (watches: Watch[]) => Watch[]) => setList((state) => (state && state.owner === owner && state.status === 'ready' ? { ...state, watches: edit(state.watches) } : state)),
    [owner],
  );

  const need = useCallback(() => setWanted(true), []);
  const reload = useCallback(() => {
    setWanted(true);
    setAttempt((n) => n + 1);
  }, []);
  const create = useCallback(
    async (input: WatchInput) => {
      const created = await (await api()).create(input);
      if (created.kind === 'watch') change((watches) => [created.watch, ...watches.filter((watch) => watch.id !== created.watch.id)]);
      return created;
    },
    [change],
  );
  const update = useCallback(
    async (id: string, patch: WatchPatch) => {
      const saved = await (await api()).update(id, patch);
      change((watches) => watches.map((watch) => (watch.id === saved.id ? saved : watch)));
      return saved;
    },
    [change],
  );
  const remove = useCallback(
    async (id: string) => {
      await (await api()).remove(id);
      change((watches) => watches.filter((watch) => watch.id !== id));
    },
    [change],
  );
  const watches = current?.watches ?? IDLE.watches;
  const watchOf = useCallback((productId: number) => watches.find((watch) => watch.productId === productId), [watches]);

  const value = useMemo<WatchesValue>(
    () => ({ status: current?.status ?? IDLE.status, watches, error: current?.error ?? null, need, reload, create, update, remove, watchOf }),
    [current, watches, need, reload, create, update, remove, watchOf],
  );
  return <WatchesContext.Provider value={value}>{children}</WatchesContext.Provider>;
}

/** The shopper's watches; `load` asks for the list when someone is signed in. */
export function useWatches({ load = false }: { load?: boolean } = {}): WatchesValue {
  const value = useContext(WatchesContext);
  if (!value) throw new Error('useWatches must be used inside <WatchesProvider>');
  const { need } = value;
  useEffect(() => {
    if (load) need();
  }, [load, need]);
  return value;
}
