import { isApiError } from '@pricehunt/api-client';
import {
  FEED_RUN_STATUS_LABELS,
  FEED_SOURCE_FORMAT_LABELS,
  feedIntervalLabel,
  feedNextRunLabel,
  feedRunOutcome,
  feedSourceIsRunning,
  relativeTimeLabel,
  type FeedRun,
  type FeedSource,
} from '@pricehunt/contracts';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useNow } from '@pricehunt/ui';
import { useAddFeedSource, useFeedSource, useFeedSources, useRemoveFeedSource, useRunFeedSource, useUpdateFeedSource } from './feed-sources-api';
import { DataTable } from '../dashboard/components/data-table';

/** The intervals a merchant picks from (minutes). */
const INTERVALS = [30, 60, 180, 360, 720, 1440] as const;
const DEFAULT_INTERVAL = 360;
/** Runs shown under a source, newest first. */
const RUNS_SHOWN = 5;

const messageOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * Step 4 of Integrate: the business's feeds that PriceHunt reads again on a schedule (a feed URL, or its connected
 * Shopify store), their schedule and last runs, Run now and Pause/Resume, and a form to add a feed URL.
 */
export function ScheduledRefresh({ verified, storeDomain }: { verified: boolean; storeDomain: string | null }) {
  const sources = useFeedSources();
  const now = useNow();
  const headingId = useId();
  const items = sources.data?.items;
  return (
    <section className="md-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>4. Scheduled refresh</h2>
      <p>
        Your connected Shopify store is read again every 6 hours. Or give PriceHunt the address of your Google Merchant Center feed and it reads it
        again on the schedule you choose, so your prices and stock stay current. Products your feed no longer lists are shown as out of stock.
      </p>
      {sources.error ? (
        // A failed refresh keeps the feeds last loaded on screen, under its message.
        <div role="alert" className="md-error">
          <p>{messageOf(sources.error, 'Could not load your scheduled feeds.')}</p>
          <button type="button" className="md-button md-button--secondary" onClick={() => void sources.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {sources.isLoading ? (
        <p role="status" className="md-muted">
          Loading your scheduled feeds…
        </p>
      ) : !items ? null : items.length > 0 ? (
        <>
          {items.map((source) => (
            <SourceItem key={source.id} source={source} now={now} />
          ))}
          <p className="md-muted">
            Your store has one scheduled feed. To read another address, remove this one first.
          </p>
        </>
      ) : (
        <>
          <p className="md-muted">No scheduled feed yet.</p>
          <AddFeedForm verified={verified} storeDomain={storeDomain} />
        </>
      )}
    </section>
  );
}

function SourceStatus({ source }: { source: FeedSource }) {
  if (feedSourceIsRunning(source)) return <span className="md-badge md-badge--running">Running</span>;
  return source.status === 'paused' ? <span className="md-badge md-badge--paused">Paused</span> : <span className="md-badge md-badge--active">Active</span>;
}

/** A source's three actions, the confirmation that guards Remove, and what the last action said. */
function useSourceActions(source: FeedSource) {
  const run = useRunFeedSource();
  const update = useUpdateFeedSource();
  const remove = useRemoveFeedSource();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const paused = source.status === 'paused';
  const runNow = () => run.mutate(source.id, { onSuccess: () => setNotice('Your feed is due now and will be read shortly.') });
  const togglePause = () =>
    update.mutate(
      { id: source.id, body: { status: paused ? 'active' : 'paused' } },
      { onSuccess: (answer) => setNotice(answer.source.status === 'paused' ? 'Scheduled refresh is paused.' : 'Scheduled refresh is on again.') },
    );
  // Awaited: the list refreshed after the removal no longer holds this feed, and mutate's callbacks end with it.
  const removeFeed = () => {
    remove.mutateAsync(source.id).catch(() => undefined);
  };
  const error = run.error ?? update.error ?? remove.error;
  const pending = { run: run.isPending, update: update.isPending, remove: remove.isPending };
  return { runNow, togglePause, removeFeed, pending, confirming, setConfirming, notice, error };
}

function SourceItem({ source, now }: { source: FeedSource; now: number }) {
  const headingId = useId();
  const actions = useSourceActions(source);
  const { notice, error } = actions;
  const paused = source.status === 'paused';
  return (
    <article className="md-source" aria-labelledby={headingId}>
      <header className="md-source__header">
        <h3 id={headingId} className="md-subheading">
          {FEED_SOURCE_FORMAT_LABELS[source.format]}
        </h3>
        <SourceStatus source={source} />
      </header>
      <p className="md-url md-cell-wrap">{source.url}</p>
      <SourceFacts source={source} now={now} />
      <SourceActions source={source} actions={actions} />
      {paused ? <p className="md-muted">Paused: the feed is not read until you resume it.</p> : null}
      <div role="status" className="md-live">
        {notice && !error ? <p className="md-success">{notice}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="md-error">
          {messageOf(error, 'That did not work. Try again.')}
        </p>
      ) : null}
      <RecentRuns id={source.id} lastRunId={source.lastRun?.id ?? null} />
    </article>
  );
}

/** Schedule, next run and last run; then, while runs fail, how many failed in a row and why. */
function SourceFacts({ source, now }: { source: FeedSource; now: number }) {
  const paused = source.status === 'paused';
  const failing = source.failures > 0 && source.lastRun?.status === 'failed';
  return (
    <>
      <dl className="md-source__facts">
        <div>
          <dt>Schedule</dt>
          <dd>{feedIntervalLabel(source.intervalMinutes)}</dd>
        </div>
        <div>
          <dt>Next run</dt>
          <dd title={paused ? undefined : formatDateTime(source.nextRunAt)}>{feedNextRunLabel(source, now)}</dd>
        </div>
        <div>
          <dt>Last run</dt>
          <dd>
            {source.lastRun ? (
              <>
                {relativeTimeLabel(source.lastRun.finishedAt ?? source.lastRun.startedAt, now)}: {source.lastRun.status === 'failed' ? 'failed' : feedRunOutcome(source.lastRun)}
              </>
            ) : (
              'not yet'
            )}
          </dd>
        </div>
      </dl>
      {failing ? (
        <p className="md-error md-failure">
          <strong>
            The last {source.failures > 1 ? `${source.failures} runs` : 'run'} failed{source.failures > 1 ? ' in a row' : ''}:
          </strong>{' '}
          {source.lastRun?.error ?? 'no reason was recorded'}. We try again later, waiting longer after each failure; check that the feed&apos;s address
          answers.
        </p>
      ) : null}
    </>
  );
}

/** Run now, Pause or Resume, and Remove with its inline confirmation. */
function SourceActions({ source, actions }: { source: FeedSource; actions: ReturnType<typeof useSourceActions> }) {
  const paused = source.status === 'paused';
  const { pending, confirming, setConfirming } = actions;
  return (
    <div className="md-actions">
      <button type="button" className="md-button" disabled={paused || feedSourceIsRunning(source) || pending.run} onClick={actions.runNow}>
        Run now
      </button>
      <button type="button" className="md-button md-button--secondary" disabled={pending.update} onClick={actions.togglePause}>
        {paused ? 'Resume' : 'Pause'}
      </button>
      {confirming ? (
        <span className="md-confirm" role="group" aria-label="Remove this feed?">
          <span>Stop reading this feed? Your products stay as it last left them.</span>
          <button type="button" className="md-button md-button--danger" disabled={pending.remove} onClick={actions.removeFeed}>
            Remove feed
          </button>
          <button type="button" className="md-button md-button--secondary" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </span>
      ) : (
        <button type="button" className="md-button md-button--secondary" onClick={() => setConfirming(true)}>
          Remove
        </button>
      )}
    </div>
  );
}

/** The source's last runs, newest first: when, status, what changed, and a failure's reason in red. */
function RecentRuns({ id, lastRunId }: { id: string; lastRunId: string | null }) {
  const detail = useFeedSource(id);
  if (lastRunId === null) return null;
  if (detail.isLoading) return <p className="md-muted">Loading the last runs…</p>;
  if (detail.error) return <p className="md-error">{messageOf(detail.error, 'Could not load the last runs.')}</p>;
  const runs: FeedRun[] = detail.data?.runs.slice(0, RUNS_SHOWN) ?? [];
  if (runs.length === 0) return null;
  return (
    <DataTable caption="Last runs" showCaption columns={['Started', 'Status', 'Added', 'Changed', 'Gone', 'Rejected', 'Error']}>
      {runs.map((run) => (
        <tr key={run.id}>
          <td>{formatDateTime(run.startedAt)}</td>
          <td>
            <span className={`md-badge md-badge--run-${run.status}`}>{FEED_RUN_STATUS_LABELS[run.status]}</span>
          </td>
          <td>{formatNumber(run.added)}</td>
          <td>{formatNumber(run.changed)}</td>
          <td>{formatNumber(run.gone)}</td>
          <td>{formatNumber(run.rejected)}</td>
          <td className="md-cell-wrap">{run.error ? <span className="md-error">{run.error}</span> : '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * "Add a feed URL": address, Google Merchant Center TSV or XML, and how often. The API refuses a store whose domain
 * is not verified (409 naming storeDomain): the form says why and what to do.
 */
function AddFeedForm({ verified, storeDomain }: { verified: boolean; storeDomain: string | null }) {
  const add = useAddFeedSource();
  const id = useId();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<FeedFormat>('gmc-tsv');
  const [interval, setIntervalMinutes] = useState<number>(DEFAULT_INTERVAL);
  const error = add.error;
  const urlError = isApiError(error) ? error.fieldMessage('url') : undefined;
  const formatError = isApiError(error) ? error.fieldMessage('format') : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ url, format, intervalMinutes: interval }, { onSuccess: () => setUrl('') });
  };

  return (
    <form className="md-feed-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="md-subheading">
        Add a feed URL
      </h3>
      {!verified ? (
        <p className="md-muted">
          PriceHunt reads feeds only for a verified store: verify {storeDomain ?? 'your store domain'} in step 1 first.
        </p>
      ) : null}
      <div className="md-field">
        <label htmlFor={`${id}-url`}>Feed URL</label>
        <input
          id={`${id}-url`}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={`https://${storeDomain ?? 'shop.example.com'}/feed.xml`}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${id}-url-error` : undefined}
        />
        {urlError ? (
          <p id={`${id}-url-error`} className="md-error">
            {urlError}
          </p>
        ) : null}
      </div>
      <FormatAndInterval id={id} format={format} onFormat={setFormat} formatError={formatError} interval={interval} onInterval={setIntervalMinutes} />
      <AddFeedError error={error} storeDomain={storeDomain} fieldNamed={Boolean(urlError || formatError)} />
      <button type="submit" className="md-button" disabled={add.isPending}>
        Add feed
      </button>
    </form>
  );
}

type FeedFormat = 'gmc-tsv' | 'gmc-xml';

interface FormatAndIntervalProps {
  id: string;
  format: FeedFormat;
  onFormat(format: FeedFormat): void;
  formatError: string | undefined;
  interval: number;
  onInterval(minutes: number): void;
}

/** The feed's format (with the API's message about it) beside how often it is read. */
function FormatAndInterval({ id, format, onFormat, formatError, interval, onInterval }: FormatAndIntervalProps) {
  return (
    <div className="md-form-row">
      <div className="md-field">
        <label htmlFor={`${id}-format`}>Format</label>
        <select
          id={`${id}-format`}
          value={format}
          onChange={(event) => onFormat(event.target.value as FeedFormat)}
          aria-invalid={formatError ? true : undefined}
          aria-describedby={formatError ? `${id}-format-error` : undefined}
        >
          <option value="gmc-tsv">{FEED_SOURCE_FORMAT_LABELS['gmc-tsv']}</option>
          <option value="gmc-xml">{FEED_SOURCE_FORMAT_LABELS['gmc-xml']}</option>
        </select>
        {formatError ? (
          <p id={`${id}-format-error`} className="md-error">
            {formatError}
          </p>
        ) : null}
      </div>
      <div className="md-field">
        <label htmlFor={`${id}-interval`}>Read it</label>
        <select id={`${id}-interval`} value={interval} onChange={(event) => onInterval(Number(event.target.value))}>
          {INTERVALS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {feedIntervalLabel(minutes)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * Why the feed was not added, when no field's message says it: an unverified store (409 naming storeDomain) gets
 * what to do about it, anything else its message.
 */
function AddFeedError({ error, storeDomain, fieldNamed }: { error: Error | null; storeDomain: string | null; fieldNamed: boolean }) {
  if (isApiError(error) && error.status === 409 && error.field === 'storeDomain') {
    return (
      <div role="alert" className="md-callout md-callout--warning">
        <p>
          <strong>{error.message}.</strong> PriceHunt reads a feed only for a store whose domain is proved to be yours, so that nobody can list
          products under your name. Verify {storeDomain ?? 'your store domain'} in step 1 above, then add the feed again.
        </p>
      </div>
    );
  }
  if (!error || fieldNamed) return null;
  return (
    <p role="alert" className="md-error">
      {messageOf(error, 'Could not add the feed. Try again.')}
    </p>
  );
}
