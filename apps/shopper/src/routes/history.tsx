import { Button } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useLibrary } from '../features/library/library-context';
import { LibraryStates } from '../features/library/library-states';
import { StorageNote } from '../features/library/storage-note';
import { ProductImage } from '../features/search/product-image';
import { formatDateTime, formatMoney } from '../lib/format';
import { errorMessage } from '../lib/use-async';
import { usePageTitle } from '../lib/use-page-title';

/** /history: every search, newest first; re-open, remove one, or clear all. */
export default function HistoryPage() {
  const { history, status, error, removeHistory, clearHistory, reload } = useLibrary();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  usePageTitle('History');

  const run = async (action: () => Promise<void>, done: string) => {
    try {
      await action();
      toast.info(done);
    } catch (caught) {
      toast.error(errorMessage(caught));
    }
  };

  return (
    <div className="ph-page ph-library">
      <div className="ph-section-head">
        <h1>Search history</h1>
        {history.length > 0 && status === 'ready' ? (
          confirming ? (
            <div className="ph-confirm" role="group" aria-label="Clear all history?">
              <span>Clear all {history.length} searches?</span>
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  setConfirming(false);
                  void run(clearHistory, 'History cleared');
                }}
              >
                Yes, clear history
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              Clear history
            </Button>
          )
        ) : null}
      </div>
      <StorageNote />
      <LibraryStates
        status={status}
        error={error}
        onRetry={reload}
        isEmpty={history.length === 0}
        loadingLabel="Loading history"
        emptyTitle="No searches yet"
        emptyDescription="Paste a product link or search for a product, and it will be listed here."
        emptyAction="Start a search"
      />
      {status === 'ready' && history.length > 0 ? (
        <ul className="ph-list">
          {history.map((entry) => {
            const name = entry.title ?? entry.input;
            return (
              <li key={entry.requestId} className="ph-list__item">
                <ProductImage src={entry.imageUrl} alt={name} size="sm" />
                <div className="ph-list__body">
                  <Link className="ph-list__title" to={paths.newSearch(entry.requestId, entry.slug)}>
                    {name}
                  </Link>
                  <p className="ph-list__meta">
                    <span className="ph-badge">{entry.kind === 'url' ? 'Link' : 'Search'}</span>
                    {entry.title && entry.kind === 'query' ? <span>“{entry.input}”</span> : null}
                    {entry.bestPriceCents !== null ? <span>best {formatMoney(entry.bestPriceCents, entry.currency)}</span> : null}
                    {entry.offerCount !== null ? <span>{entry.offerCount === 1 ? '1 offer' : `${entry.offerCount} offers`}</span> : null}
                    <time dateTime={entry.searchedAt}>{formatDateTime(entry.searchedAt)}</time>
                    {entry.productId !== null ? (
                      <Link to={paths.product(entry.productId, entry.title ?? entry.input)} aria-label={`Product page of ${name}`}>
                        Product page
                      </Link>
                    ) : null}
                  </p>
                </div>
                <Button variant="ghost" size="sm" aria-label={`Remove ${name} from history`} onClick={() => void run(() => removeHistory(entry.requestId), 'Removed from history')}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
