import { isApiError } from '@pricehunt/api-client';
import { Button, Skeleton } from '@pricehunt/ui';

/** What a page shows while its data loads, or when loading failed (with a retry). */
export function QueryState({ isLoading, error, onRetry, label = 'Loading…' }: { isLoading: boolean; error: unknown; onRetry?: () => void; label?: string }) {
  if (isLoading) return <Skeleton label={label} />;
  if (!error) return null;
  const message = isApiError(error) || error instanceof Error ? error.message : 'Something went wrong';
  return (
    <div role="alert" className="adm-error adm-error--block">
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function StatusBadge({ status }: { status: 'active' | 'suspended' }) {
  return <span className={`adm-badge adm-badge--${status}`}>{status === 'active' ? 'Active' : 'Suspended'}</span>;
}

export function AdminBadge() {
  return <span className="adm-badge adm-badge--admin">Admin</span>;
}
