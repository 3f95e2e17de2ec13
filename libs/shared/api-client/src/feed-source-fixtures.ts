/** Feed sources and their runs as the API answers them (the admin console's and the merchant dashboard's tests). */
import type { FeedRun, FeedSource } from '@pricehunt/contracts';

/** An instant `minutes` from now (negative: in the past), as the API writes it. */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export function feedRun(changes: Partial<FeedRun> = {}): FeedRun {
  return {
    id: 'run-1',
    status: 'succeeded',
    startedAt: minutesFromNow(-60),
    finishedAt: minutesFromNow(-59),
    rowsRead: 120,
    added: 3,
    changed: 1,
    unchanged: 114,
    gone: 2,
    rejected: 0,
    error: null,
    importRunId: null,
    ...changes,
  };
}

export function feedSource(changes: Partial<FeedSource> = {}): FeedSource {
  return {
    id: 'src-bestbuy',
    url: 'https://feeds.example.com/exports/2026/bestbuy-products.tsv',
    format: 'gmc-tsv',
    retailerId: 'bestbuy',
    retailerName: 'Best Buy',
    businessId: null,
    intervalMinutes: 360,
    status: 'active',
    nextRunAt: minutesFromNow(180),
    failures: 0,
    running: false,
    lastRun: feedRun(),
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    ...changes,
  };
}
