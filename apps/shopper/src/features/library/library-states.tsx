import { Button, EmptyState, Skeleton } from '@pricehunt/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { LibraryStatus } from './library-context';

/** The states a library list (history, favorites) passes through before it has rows to show. */
export function LibraryStates(props: {
  status: LibraryStatus;
  error: string | null;
  onRetry: () => void;
  isEmpty: boolean;
  loadingLabel: string;
  emptyTitle: string;
  emptyDescription: ReactNode;
  emptyAction: string;
}) {
  if (props.status === 'loading') return <Skeleton label={props.loadingLabel} />;
  if (props.status === 'error')
    return (
      <div className="ph-alert ph-alert--error" role="alert">
        <p>{props.error}</p>
        <Button onClick={props.onRetry}>Try again</Button>
      </div>
    );
  if (!props.isEmpty) return null;
  return (
    <EmptyState
      title={props.emptyTitle}
      description={props.emptyDescription}
      action={
        <Link className="ph-link-button" to={paths.home}>
          {props.emptyAction}
        </Link>
      }
    />
  );
}
