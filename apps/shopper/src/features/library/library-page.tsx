import type { ReactNode } from 'react';
import { ProductImage } from '../search/product-image';
import { useLibrary } from './library-context';
import { LibraryStates } from './library-states';
import { StorageNote } from './storage-note';

/** What the list says while it has nothing in it, and the link it offers instead. */
export interface LibraryEmptyText {
  title: string;
  description: ReactNode;
  action: string;
}

export interface LibraryPageProps<Item> {
  title: string;
  /** Beside the heading (history's "Clear history"). */
  headActions?: ReactNode;
  /** The storage note says price alerts come with an account. */
  alerts?: boolean;
  /** The list's items: none shows the empty state. */
  items: readonly Item[];
  /** One item of the list (a keyed `LibraryItem`), shown once the library is ready. */
  renderItem: (item: Item) => ReactNode;
  loadingLabel: string;
  empty: LibraryEmptyText;
}

/**
 * A page of the shopper's library (history, favorites): its heading, where the list is kept, the list's loading, error
 * and empty states, then the list.
 */
export function LibraryPage<Item>({ title, headActions, alerts, items, renderItem, loadingLabel, empty }: LibraryPageProps<Item>) {
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
        isEmpty={items.length === 0}
        loadingLabel={loadingLabel}
        emptyTitle={empty.title}
        emptyDescription={empty.description}
        emptyAction={empty.action}
      />
      {status === 'ready' && items.length > 0 ? <ul className="ph-list">{items.map(renderItem)}</ul> : null}
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
