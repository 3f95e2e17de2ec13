import type { HistoryEntry } from '@pricehunt/contracts';
import { Button } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useLibrary } from '../features/library/library-context';
import { LibraryItem, LibraryPage, type LibraryEmptyText } from '../features/library/library-page';
import { formatDateTime, formatMoney } from '../lib/format';
import { errorMessage } from '../lib/use-async';
import { usePageTitle } from '../lib/use-page-title';

interface ClearHistoryProps {
  count: number;
  /** Whether it is asking (the page keeps it: the question stays while the list reloads). */
  confirming: boolean;
  setConfirming(confirming: boolean): void;
  clear(): void;
}

/** "Clear history", asked once more before every search is removed. */
function ClearHistory({ count, confirming, setConfirming, clear }: ClearHistoryProps) {
  if (!confirming) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        Clear history
      </Button>
    );
  }
  return (
    <div className="ph-confirm" role="group" aria-label="Clear all history?">
      <span>Clear all {count} searches?</span>
      <Button
        variant="danger"
        size="sm"
        onClick={() => {
          setConfirming(false);
          clear();
        }}
      >
        Yes, clear history
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </div>
  );
}

/** A search of the history: re-opened by its name, with what it found and when, and "Remove". */
function HistoryItem({ entry, remove }: { entry: HistoryEntry; remove(entry: HistoryEntry): void }) {
  const name = entry.title ?? entry.input;
  const actions = (
    <Button variant="ghost" size="sm" aria-label={`Remove ${name} from history`} onClick={() => remove(entry)}>
      Remove
    </Button>
  );
  return (
    <LibraryItem imageUrl={entry.imageUrl} name={name} actions={actions}>
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
    </LibraryItem>
  );
}

const HISTORY_EMPTY: LibraryEmptyText = {
  title: 'No searches yet',
  description: 'Paste a product link or search for a product, and it will be listed here.',
  action: 'Start a search',
};

/** /history: every search, newest first; re-open, remove one, or clear all. */
export default function HistoryPage() {
  const { history, status, removeHistory, clearHistory } = useLibrary();
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
    <LibraryPage
      title="Search history"
      headActions={
        history.length > 0 && status === 'ready' ? (
          <ClearHistory count={history.length} confirming={confirming} setConfirming={setConfirming} clear={() => void run(clearHistory, 'History cleared')} />
        ) : null
      }
      items={history}
      renderItem={(entry) => <HistoryItem key={entry.requestId} entry={entry} remove={(removed) => void run(() => removeHistory(removed.requestId), 'Removed from history')} />}
      loadingLabel="Loading history"
      empty={HISTORY_EMPTY}
    />
  );
}
