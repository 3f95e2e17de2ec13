import { isApiError, type ApiError } from '@pricehunt/api-client';
import { Button } from '@pricehunt/ui';
import { useEffect, useState } from 'react';
import type { AsyncState } from '../lib/use-async';

/** Seconds to wait when the API says "not yet" (503) without saying how long (the page, and the server's Retry-After). */
export const DEFAULT_WAIT_SECONDS = 5;

/** The API's "not ready yet, ask again" (a 503: the product is being regrouped with its offers, the database is busy). */
export const isNotReady = (error: unknown): error is ApiError => isApiError(error) && error.status === 503;

/**
 * The "not ready yet" answer the page waits on: the product request's own while it failed so, and the last one while
 * it is asked again (so that the notice stays instead of a skeleton flashing in between); null once anything else came.
 */
export function useNotReady(detail: AsyncState<unknown>): ApiError | null {
  const [last, setLast] = useState<ApiError | null>(null);
  const current = detail.status === 'error' && isNotReady(detail.error) ? detail.error : null;
  useEffect(() => {
    if (current) setLast(current);
    else if (detail.status !== 'loading') setLast(null);
  }, [current, detail.status]);
  return current ?? (detail.status === 'loading' ? last : null);
}

/**
 * A product the catalog is regrouping (or cannot read this moment): says so, counts down the wait the API asked for and
 * asks again by itself, with a button to ask at once.
 */
export function ProductNotReady({ error, asking, onRetry }: { error: ApiError; asking: boolean; onRetry: () => void }) {
  const wait = error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS;
  const [left, setLeft] = useState(wait);
  useEffect(() => {
    if (asking) return;
    setLeft(wait);
    const started = Date.now();
    const tick = setInterval(() => setLeft(Math.max(0, wait - Math.floor((Date.now() - started) / 1000))), 1000);
    const retry = setTimeout(onRetry, wait * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(retry);
    };
  }, [error, asking, wait, onRetry]);
  return (
    <div className="ph-alert ph-alert--info ph-results__error" role="status">
      <h1 className="ph-results__error-title">This product is being updated</h1>
      <p>{error.message}</p>
      <p className="ph-muted">{asking ? 'Asking again…' : `Asking again in ${left === 1 ? '1 second' : `${left} seconds`}.`}</p>
      <Button onClick={onRetry} disabled={asking}>
        Try now
      </Button>
    </div>
  );
}
