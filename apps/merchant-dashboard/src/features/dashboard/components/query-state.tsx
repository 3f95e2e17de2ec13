import { isApiError } from '@pricehunt/api-client';
import { Pager } from '@pricehunt/ui';
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

/**
 * One page of a list query: its loading and error states, how many items match (announced when it changes), the
 * page's content, and the pager below.
 */
export function PagedQuery<T extends { total: number; pageSize: number }>({
  query,
  noun,
  page,
  onPage,
  children,
}: {
  query: { isLoading: boolean; error: unknown; data?: T };
  /** What is counted, singular and plural. */
  noun: readonly [string, string];
  page: number;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  return (
    <QueryState isLoading={query.isLoading} error={query.error}>
      {data ? (
        <>
          <p className="md-muted" aria-live="polite">
            {data.total} {data.total === 1 ? noun[0] : noun[1]}
          </p>
          {children(data)}
          <Pager className="md-pagination" page={page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} onPage={onPage} />
        </>
      ) : null}
    </QueryState>
  );
}
