import {
  FEED_SOURCE_FORMAT_LABELS,
  feedIntervalLabel,
  feedNextRunLabel,
  feedRunDuration,
  type FeedRun,
  type FeedSource,
} from '@pricehunt/contracts';
import { Card, useNow } from '@pricehunt/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BarChart, chartColors } from '../../components/charts';
import { DataTable, type Column } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { TableSkeleton } from '../../components/table-skeleton';
import { paths } from '../../config/paths';
import { formatCount, formatDateTime } from '../../lib/format';
import { CatalogNav } from '../catalog/catalog-nav';
import { ActionMessages } from './action-messages';
import { useFeedSource } from './api';
import { SourceActions, type ActionMessage } from './source-actions';
import type { SourcesPageState } from './sources-page';
import { FailureText, RelativeTime, RunStatusBadge, SourceStatusBadge } from './source-status';

const RUN_COLUMNS: readonly Column[] = [
  'Started',
  'Duration',
  'Status',
  { label: 'Rows read', numeric: true },
  { label: 'Added', numeric: true },
  { label: 'Changed', numeric: true },
  { label: 'Unchanged', numeric: true },
  { label: 'Gone', numeric: true },
  { label: 'Rejected', numeric: true },
  'Error',
  'Report',
];

/** /admin/catalog/sources/:id: one source, its schedule and buttons, and its last 20 runs (a chart and a table). */
export default function SourceDetailPage() {
  const { id = '' } = useParams();
  const source = useFeedSource(id);
  const now = useNow();
  const navigate = useNavigate();
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const data = source.data;
  useEffect(() => {
    document.title = `${data ? `${data.source.retailerName} feed` : 'Feed source'} · PriceHunt admin`;
  }, [data]);

  return (
    <div className="adm-page">
      <CatalogNav />
      <nav aria-label="Breadcrumb" className="adm-breadcrumb">
        <Link to={paths.sources}>Feed sources</Link> <span aria-hidden="true">/</span>
      </nav>
      <div className="adm-page__header">
        <h1>{data ? `${data.source.retailerName} feed` : 'Feed source'}</h1>
        {data ? <SourceStatusBadge source={data.source} /> : null}
      </div>
      <ActionMessages message={message} />
      {/* A failed refresh keeps the source last loaded on screen, under its message. */}
      <QueryState isLoading={false} error={source.error} onRetry={() => void source.refetch()} />
      {source.isLoading ? (
        <Card title="Runs">
          <TableSkeleton label="Loading the source…" columns={RUN_COLUMNS} rows={4} />
        </Card>
      ) : data ? (
        <>
          <SourceCard
            source={data.source}
            now={now}
            actions={
              <SourceActions
                source={data.source}
                onMessage={setMessage}
                onRemoved={(notice) => {
                  navigate(paths.sources, { replace: true, state: { notice } satisfies SourcesPageState });
                }}
              />
            }
          />
          <RunsCard runs={data.runs} source={data.source} now={now} />
        </>
      ) : null}
    </div>
  );
}

function SourceCard({ source, now, actions }: { source: FeedSource; now: number; actions: ReactNode }) {
  const failing = source.failures > 0 && source.lastRun?.status === 'failed';
  return (
    <Card title="Source">
      <dl className="adm-facts adm-facts--list">
        <div className="adm-facts__wide">
          <dt>Feed URL</dt>
          <dd>
            <a href={source.url} target="_blank" rel="noreferrer noopener">
              {source.url}
            </a>
          </dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{FEED_SOURCE_FORMAT_LABELS[source.format]}</dd>
        </div>
        <div>
          <dt>Retailer</dt>
          <dd>
            {source.retailerName} <span className="adm-muted">({source.retailerId})</span>
          </dd>
        </div>
        <div>
          <dt>Interval</dt>
          <dd>{feedIntervalLabel(source.intervalMinutes)}</dd>
        </div>
        <div>
          <dt>Next run</dt>
          <dd>
            {feedNextRunLabel(source, now)}
            {source.status === 'active' ? <span className="adm-muted"> ({formatDateTime(source.nextRunAt)})</span> : null}
          </dd>
        </div>
        <div>
          <dt>Failures in a row</dt>
          <dd>{source.failures}</dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>{formatDateTime(source.createdAt)}</dd>
        </div>
        {source.businessId ? (
          <div>
            <dt>Owner</dt>
            <dd>
              <Link to={paths.business(source.businessId)}>The merchant&apos;s account</Link>
            </dd>
          </div>
        ) : null}
      </dl>
      {failing ? (
        <div className="adm-failure-block">
          <FailureText error={source.lastRun?.error ?? null} failures={source.failures} />
          <p className="adm-muted">Each failure waits longer before the next try; the source keeps its schedule once a run succeeds.</p>
        </div>
      ) : null}
      <div className="adm-source-actions">{actions}</div>
    </Card>
  );
}

const dayOf = (iso: string) => iso.slice(0, 10);
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

function RunsCard({ runs, source, now }: { runs: FeedRun[]; source: FeedSource; now: number }) {
  if (runs.length === 0) {
    return (
      <Card title="Runs">
        <p className="adm-muted">
          No runs yet.{' '}
          {source.status === 'paused' ? 'The source is paused.' : `Its first run is ${feedNextRunLabel(source, now)}.`}
        </p>
      </Card>
    );
  }
  // Oldest first, left to right; an axis of times when the runs are of one day, of days otherwise.
  const chronological = [...runs].reverse();
  const oneDay = chronological.every((run) => dayOf(run.startedAt) === dayOf(chronological[0]?.startedAt ?? ''));
  const labels = chronological.map((run) => `${shortDay.format(new Date(run.startedAt))} ${shortTime.format(new Date(run.startedAt))} UTC`);
  return (
    <Card title={`Last ${runs.length === 1 ? 'run' : `${runs.length} runs`}`}>
      <BarChart
        title="Offers added, changed and gone per run, oldest first"
        labels={labels}
        height={160}
        emptyText="No run changed an offer"
        formatLabel={(label) => (oneDay ? (label.split(' ')[2] ?? label) : label.split(' ').slice(0, 2).join(' '))}
        series={[
          { name: 'Added', values: chronological.map((run) => run.added), color: chartColors[2] },
          { name: 'Changed', values: chronological.map((run) => run.changed), color: chartColors[0] },
          { name: 'Gone', values: chronological.map((run) => run.gone), color: chartColors[1] },
        ]}
      />
      <DataTable caption={`Runs of the ${source.retailerName} feed, newest first`} columns={RUN_COLUMNS} scrollable>
        {runs.map((run) => (
          <tr key={run.id}>
            <td className="adm-run-started">
              {formatDateTime(run.startedAt)}
              <p className="adm-muted adm-cell-note">
                <RelativeTime iso={run.startedAt} now={now} />
              </p>
            </td>
            <td className="adm-nowrap">{feedRunDuration(run) ?? 'running'}</td>
            <td>
              <RunStatusBadge status={run.status} />
            </td>
            <td className="adm-num">{formatCount(run.rowsRead)}</td>
            <td className="adm-num">{formatCount(run.added)}</td>
            <td className="adm-num">{formatCount(run.changed)}</td>
            <td className="adm-num">{formatCount(run.unchanged)}</td>
            <td className="adm-num">{formatCount(run.gone)}</td>
            <td className="adm-num">{formatCount(run.rejected)}</td>
            <td className={run.error ? 'adm-run-error' : undefined}>
              {run.error ? <p className="adm-failure">{run.error}</p> : <span className="adm-muted">—</span>}
            </td>
            <td>
              {run.importRunId ? (
                <Link to={paths.importRun(run.importRunId)} aria-label={`Import report of the run started ${formatDateTime(run.startedAt)}`}>
                  Rows
                </Link>
              ) : (
                <span className="adm-muted">—</span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}
