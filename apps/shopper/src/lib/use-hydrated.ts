import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a page renders on the server and while the browser hydrates what the server sent; true right after, and
 * from the first render of a page the browser renders alone. What only the browser knows (local storage, its clock)
 * is shown once this is true, so hydration finds the markup the server made.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
