import type { ReactNode } from 'react';
import { ProductImage } from '../search/product-image';
import { useLibrary } from './library-context';
import { LibraryStates } from './library-states';
import { StorageNote } from './storage-note';

export interface LibraryPageProps {
  title: string;
  /** Beside the heading (history's "Clear history"). */
  headActions?: ReactNode;
  /** The storage note says price alerts come with an account. */
  alerts?: boolean;
  /** How many items the list has: none shows the empty state. */
  count: number;
  loadingLabel: string;
  emptyTitle: string;
  emptyDescription: ReactNode;
  emptyAction: string;
  /** The list's items (`LibraryItem`s), shown once the library is ready. */
  children: ReactNode;
}

/**
 * A page of the shopper's library (history, favorites): its heading, where the list is kept, the list's loading, error
 * and empty states, then the list.
 */
export function LibraryPage({ title, headActions, alerts, count, loadingLabel, emptyTitle, emptyDescription, emptyAction, children }: LibraryPageProps) {
  const { status, error, reload } = useLibrary();
  return (
    <div className="ph-page ph-library">
      <div className="ph-section-head">
        <h1>{title}</h1>
        {headActions}
      </div>
      <StorageNote alerts={alerts} />
      <LibraryStates
        status={status}
        error={error}
        onRetry={reload}
        isEmpty={count === 0}
        loadingLabel={loadingLabel}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
        emptyAction={emptyAction}
      />
      {status === 'ready' && count > 0 ? <ul className="ph-list">{children}</ul> : null}
    </div>
  );
}

/** One item of a library list: the product's picture, what is known of it, and what can be done with it. */
export function LibraryItem({ imageUrl, name, actions, children }: { imageUrl: string | null | undefined; name: string; actions: ReactNode; children: ReactNode }) {
  return (
    <li className="ph-list__item">
      <ProductImage src={imageUrl} alt={name} size="sm" />
      <div className="ph-list__body">{children}</div>
      {actions}
    </li>
  );
}
