import { isApiError } from '@pricehunt/api-client';
import type { ReactNode } from 'react';

/** Loading and error states of a query, so pages only render data. */
export function QueryState({ isLoading, error, children }: { isLoading: boolean; error: unknown; children: ReactNode }) {
  if (isLoading) {
    return (
      <p role="status" className="md-muted">
        Loading…
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="md-error">
        {isApiError(error) ? error.message : 'Could not load this data. Try again.'}
      </p>
    );
  }
  return <>{children}</>;
}
