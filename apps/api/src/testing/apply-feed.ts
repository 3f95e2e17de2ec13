/**
 * Applies the first N rows of the feed-run tests' feed (`feed-run.ts`) to DATABASE_URL, as the feed worker does
 * (`refresh`: the retailer's complete feed) or as an admin's upload does (`import`), printing `decided N` as rows are
 * decided and `done {summary}` at the end. Run by the tests in a process of its own, which they may kill.
 * Rows are decided in batches of `batch` (the ingestion's own 2,000 unless told).
 *   node --require tsx/cjs apps/api/src/testing/apply-feed.ts refresh|import <rows> [batch]
 */
import { databaseOf, openCatalogDatabase } from '@pricehunt/storage';
import { FEED_RETAILER, feedRows } from './feed-run';

async function main() {
  const [mode, count, batch] = process.argv.slice(2);
  const database = databaseOf(process.env.DATABASE_URL ?? '');
  if (!database || (mode !== 'refresh' && mode !== 'import')) throw new Error('Usage: DATABASE_URL=… apply-feed.ts refresh|import <rows> [batch]');
  const open = await openCatalogDatabase(database);
  const rows = feedRows(Number(count));
  const options = {
    format: 'gmc' as const,
    source: `feed-run test (${mode})`,
    retailer: FEED_RETAILER,
    expectedRows: rows.length,
    ...(batch ? { batchSize: Number(batch) } : {}),
    onProgress: (progress: { rows: number }) => console.log(`decided ${progress.rows}`),
  };
  const summary =
    mode === 'refresh' ? await open.catalog.refresh(rows, options) : await open.catalog.ingestion.importRows(rows, { ...options, atomic: true });
  console.log(`done ${JSON.stringify({ status: summary.status, failure: summary.failure ?? null })}`);
  await open.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
