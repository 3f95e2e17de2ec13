import { Card, EmptyState, useNow } from '@pricehunt/ui';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { QueryState } from '../../components/query-state';
import { TableSkeleton } from '../../components/table-skeleton';
import { CatalogNav } from '../catalog/catalog-nav';
import { AddSourceCard } from './add-source-form';
import { useFeedSources } from './api';
import { ActionMessages } from './action-messages';
import type { ActionMessage } from './source-actions';
import { SOURCE_COLUMNS, SourcesTable } from './sources-table';

/** What a page that sends the admin here may say on arrival (a source's page, after removing it). */
export interface SourcesPageState {
  notice?: string;
}

/** /admin/catalog/sources: the feeds the catalog refreshes on a schedule, their last runs, and a form to add one. */
export default function SourcesPage() {
  useEffect(() => {
    document.title = 'Feed sources · PriceHunt admin';
  }, []);
  const sources = useFeedSources();
  const now = useNow();
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = (location.state as SourcesPageState | null)?.notice;
  const [message, setMessage] = useState<ActionMessage | null>(arrival ? { kind: 'notice', text: arrival } : null);
  useEffect(() => {
    // Said once: a reload of the page does not say it again.
    if (arrival) navigate(location.pathname, { replace: true, state: null });
  }, [arrival, location.pathname, navigate]);
  const items = sources.data?.items;

  return (
    <div className="adm-page">
      <CatalogNav />
      <div className="adm-page__header">
        <h1>Feed sources</h1>
        <p className="adm-muted adm-intro">
          Feeds the catalog reads again on a schedule. A worker runs each source when it falls due and records what the run changed.
        </p>
      </div>
      <ActionMessages message={message} />
      <Card title="Sources">
        {/* A failed refresh keeps the sources last loaded on screen, under its message. */}
        <QueryState isLoading={false} error={sources.error} onRetry={() => void sources.refetch()} />
        {sources.isLoading ? (
          <TableSkeleton label="Loading feed sources…" columns={SOURCE_COLUMNS} actions />
        ) : items && items.length === 0 ? (
          <EmptyState
            title="No feed sources yet"
            description="Add one with the form below: give the feed's URL, its format and its retailer, and the catalog reads it on the schedule you set."
          />
        ) : items ? (
          <SourcesTable sources={items} now={now} onMessage={setMessage} />
        ) : null}
      </Card>
      <AddSourceCard
        sources={items ?? []}
        onAdded={(source) => setMessage({ kind: 'notice', text: `Added the source of ${source.retailerName}: its first run is due now.` })}
      />
    </div>
  );
}
