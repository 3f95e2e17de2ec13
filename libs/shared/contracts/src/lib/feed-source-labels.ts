import type { FeedRun, FeedSource } from './feed-sources';

/**
 * How feed sources and their runs read on screens (the console's Sources page, the merchant's Integrate page), so
 * both apps word a schedule and a run's outcome alike.
 */

const MINUTES_PER_DAY = 24 * 60;

/** "every 30 min", "every 6 h", "every 1 h 30 min", "every day", "every 7 days". */
export function feedIntervalLabel(minutes: number): string {
  if (minutes >= MINUTES_PER_DAY && minutes % MINUTES_PER_DAY === 0) {
    const days = minutes / MINUTES_PER_DAY;
    return days === 1 ? 'every day' : `every ${days} days`;
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `every ${minutes} min`;
  return rest === 0 ? `every ${hours} h` : `every ${hours} h ${rest} min`;
}

export const FEED_RUN_STATUS_LABELS: Readonly<Record<FeedRun['status'], string>> = {
  running: 'Running',
  succeeded: 'Succeeded',
  'not-modified': 'Not modified',
  failed: 'Failed',
};

/** What a run did to the catalog: "+3 added · 1 changed · 2 gone · 0 rejected". */
export function feedRunCounts(run: Pick<FeedRun, 'added' | 'changed' | 'gone' | 'rejected'>): string {
  return `+${run.added} added · ${run.changed} changed · ${run.gone} gone · ${run.rejected} rejected`;
}

/** A run's outcome in a line: "Running", "Not modified", its counts, or "Failed: <error>". */
export function feedRunOutcome(run: Pick<FeedRun, 'status' | 'added' | 'changed' | 'gone' | 'rejected' | 'error'>): string {
  switch (run.status) {
    case 'running':
      return 'Running';
    case 'not-modified':
      return 'Not modified';
    case 'failed':
      return run.error ? `Failed: ${run.error}` : 'Failed';
    default:
      return feedRunCounts(run);
  }
}

/** How long a run took ("42 s", "3 min 5 s", "1 h 2 min"), or null while it runs. */
export function feedRunDuration(run: Pick<FeedRun, 'startedAt' | 'finishedAt'>): string | null {
  if (!run.finishedAt) return null;
  const seconds = Math.max(0, Math.round((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** "in 5 min", "3 h ago", "in 2 days", "just now" (within a minute either way). */
export function relativeTimeLabel(iso: string, now: number): string {
  const diff = Date.parse(iso) - now;
  const minutes = Math.round(Math.abs(diff) / 60_000);
  if (minutes < 1) return 'just now';
  const amount =
    minutes < 60 ? `${minutes} min` : minutes < 36 * 60 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / MINUTES_PER_DAY)} days`;
  return diff > 0 ? `in ${amount}` : `${amount} ago`;
}

/** A source a worker is reading now: its lease is held, or its last run has not ended. */
export const feedSourceIsRunning = (source: Pick<FeedSource, 'running' | 'lastRun'>): boolean => source.running || source.lastRun?.status === 'running';

/** How long after falling due a source is watched closely for a worker to take it (none may be running). */
export const FEED_SOURCE_DUE_WATCH_MS = 2 * 60_000;

/**
 * A source whose state is about to change: it runs now, or it fell due a moment ago and a worker takes it within its
 * poll interval. Screens ask about such sources often (every 2 s) and about the others now and then.
 */
export function feedSourceIsBusy(source: Pick<FeedSource, 'status' | 'running' | 'lastRun' | 'nextRunAt'>, now: number): boolean {
  if (feedSourceIsRunning(source)) return true;
  const due = Date.parse(source.nextRunAt);
  return source.status === 'active' && due <= now && now - due < FEED_SOURCE_DUE_WATCH_MS;
}

/** Screens ask about sources every 2 s while one is busy (`feedSourceIsBusy`), every 30 s otherwise. */
export const FEED_SOURCE_POLL_MS = { busy: 2_000, idle: 30_000 } as const;

/** How soon a screen showing `sources` asks about them again. */
export function feedSourcePollInterval(sources: ReadonlyArray<Pick<FeedSource, 'status' | 'running' | 'lastRun' | 'nextRunAt'>>, now = Date.now()): number {
  return sources.some((source) => feedSourceIsBusy(source, now)) ? FEED_SOURCE_POLL_MS.busy : FEED_SOURCE_POLL_MS.idle;
}

/**
 * When the source runs next, for a schedule column: "Paused", "Running now", "due now" or "due 5 min ago" (a worker
 * takes a due source within its poll interval), or the time relative to `now` ("in 3 h").
 */
export function feedNextRunLabel(source: Pick<FeedSource, 'status' | 'running' | 'lastRun' | 'nextRunAt'>, now: number): string {
  if (source.status === 'paused') return 'Paused';
  if (feedSourceIsRunning(source)) return 'Running now';
  const due = Date.parse(source.nextRunAt);
  // Within a minute either way is now (the page's clock and the server's differ by a little).
  if (due - now < 60_000) return now - due < 60_000 ? 'due now' : `due ${relativeTimeLabel(source.nextRunAt, now)}`;
  return relativeTimeLabel(source.nextRunAt, now);
}
