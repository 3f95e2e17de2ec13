import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouteData } from './route-data';

export type AsyncState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * Runs `load` when `key` changes (and on `reload()`), aborting the previous run. A small stand-in for a query
 * library where a page needs one request and a retry, without adding a dependency to the initial bundle. Data the
 * page was rendered with on the server for `key` (route-data.tsx) is the first state, and is not asked for again.
 */
export function useAsync<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> & { reload: () => void } {
  const rendered = useRouteData<T>(key);
  const [state, setState] = useState<AsyncState<T>>(rendered !== undefined ? { status: 'success', data: rendered } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // The key the server's data stands for: its first run needs no request.
  const renderedKey = useRef(rendered !== undefined ? key : null);

  useEffect(() => {
    if (key === null) return;
    if (renderedKey.current !== null && renderedKey.current === key && attempt === 0) return;
    renderedKey.current = null;
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

/** The message to show for a failed request. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    const message = (error as { message: string }).message;
    if (message) return message;
  }
  return fallback;
}
