import { FEED_RUN_STATUS_LABELS, feedRunCounts, feedSourceIsRunning, relativeTimeLabel, type FeedRun, type FeedSource } from '@pricehunt/contracts';
import { formatDateTime } from '../../lib/format';

/** Active, Paused, or Running: the word carries the state, the colour only repeats it. */
export function SourceStatusBadge({ source }: { source: Pick<FeedSource, 'status' | 'running' | 'lastRun'> }) {
  if (feedSourceIsRunning(source)) return <span className="adm-badge adm-badge--run-running">Running</span>;
  return source.status === 'paused' ? <span className="adm-badge adm-badge--paused">Paused</span> : <span className="adm-badge adm-badge--active">Active</span>;
}

export function RunStatusBadge({ status }: { status: FeedRun['status'] }) {
  return <span className={`adm-badge adm-badge--run-${status}`}>{FEED_RUN_STATUS_LABELS[status]}</span>;
}

/** A time relative to now, with the exact time (UTC) as its tooltip and machine-readable value. */
export function RelativeTime({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {relativeTimeLabel(iso, now)}
    </time>
  );
}

/** "Failed 3 times in a row: <error>", in red: what a failing source's last run met. */
export function FailureText({ error, failures }: { error: string | null; failures: number }) {
  const times = failures > 1 ? ` ${failures} times in a row` : '';
  return (
    <p className="adm-failure">
      <strong>Failed{times}:</strong> {error ?? 'no reason was recorded'}
    </p>
  );
}

/** The last run of a source in a table cell: when, and its outcome (counts, not modified, or the failure in red). */
export function LastRunCell({ source, now }: { source: FeedSource; now: number }) {
  const run = source.lastRun;
  if (!run) return <span className="adm-muted">Never run</span>;
  if (run.status === 'running') {
    return (
      <span>
        Running, started <RelativeTime iso={run.startedAt} now={now} />
      </span>
    );
  }
  return (
    <div className="adm-last-run">
      <RelativeTime iso={run.finishedAt ?? run.startedAt} now={now} />
      {run.status === 'failed' ? (
        <FailureText error={run.error} failures={source.failures} />
      ) : (
        <p className="adm-last-run__outcome">{run.status === 'not-modified' ? 'Not modified' : feedRunCounts(run)}</p>
      )}
    </div>
  );
}
