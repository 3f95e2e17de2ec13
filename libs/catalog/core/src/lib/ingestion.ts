import { randomUUID } from 'node:crypto';
import type { FeedOffer, FeedRow } from '@pricehunt/catalog-feeds';
import { getRetailer } from '@pricehunt/marketplace';
import { openBulkPath } from './bulk-path';
import { FeedImport, slugId } from './feed-import';
import { holdImportRun, noRowKeptFailure, thisProcess } from './import-runs';
import { op, type IngestionStore } from './ingestion-store';
import type { ProductMatcher } from './matching';
import type { ImportOptions, ImportSummary } from './import-options';
import { productOf } from './ports';
import { createRowPath } from './row-path';
import { joinLoneOffers, joinProductsSharingPartNumbers, type JoinDeps } from './import-joins';
import { reclusterCatalog, resumeRecluster, type ReclusterOptions, type ResumeOptions } from './recluster';

export { productOf };

export type { ImportFormat, ImportOptions, ImportProgress, ImportSummary } from './import-options';

/**
 * Ends an import run once its rows are written: retitles the products the bulk path touched, joins the products it
 * split (not after a failure), refreshes the search views, and records the run's outcome; answers its summary with
 * the counts its batches committed.
 */
async function finishRun({ store, ...joinDeps }: JoinDeps, run: FeedImport, touched: ReadonlySet<number> | null, end: { failure: string | undefined; fixedRetailerId: string | null; started: number }): Promise<ImportSummary> {
  const { runId } = run;
  let { failure } = end;
  const { progress } = run;
  try {
    // Every batch the writer committed counts, also when a later one failed (then every product is retitled from
    // what the database holds).
    if (touched && touched.size > 0) await store.retitleProducts([...touched]);
    // Products the import began and then joined into others are not counted as created.
    if (!failure && progress.inserted + progress.updated > 0) {
      const joined = await joinProductsSharingPartNumbers({ store, ...joinDeps }, runId, run.importedKeys, run.createdProducts);
      run.productsCreated = Math.max(0, run.productsCreated - joined - (await joinLoneOffers({ store, ...joinDeps }, runId, run.createdProducts)));
    }
    if (progress.inserted + progress.updated > 0) await store.refreshSearchViews();
  } catch (error) {
    failure ??= error instanceof Error ? error.message : String(error);
  }
  const { errors, errorCount, warnings, warningCount } = run;
  // A run that read rows and kept none of them (each refused) imported nothing: it failed, for the reasons its rows give.
  if (!failure && progress.rows > 0 && progress.inserted + progress.updated + progress.unchanged === 0) failure = noRowKeptFailure(progress.rows, errors, errorCount);
  const status = failure ? 'failed' : 'succeeded';
  const report = { errors, errorCount, truncated: errorCount > errors.length, warnings, warningCount, ...(failure ? { failure } : {}) };
  const retailerIds = [...new Set([...(end.fixedRetailerId ? [end.fixedRetailerId] : []), ...[...run.retailerCache.values()].map((retailer) => retailer.id)])].sort();
  await store.finishImportRun({ id: runId, status, report, retailerIds });
  // The counts are those the run's batches committed with them: what is on disk.
  const stored = await store.importRunCounts(runId);
  const counts = stored
    ? { rows: stored.totalRows, inserted: stored.inserted, updated: stored.updated, unchanged: stored.unchanged, skipped: stored.skipped, productsCreated: stored.productsCreated }
    : { ...progress, productsCreated: run.productsCreated };
  const durationMs = Date.now() - end.started;
  return {
    runId,
    status,
    ...counts,
    errors,
    errorCount,
    warnings,
    warningCount,
    ...(failure ? { failure } : {}),
    durationMs,
    offersPerSecond: durationMs > 0 ? Math.round(((counts.inserted + counts.updated + counts.unchanged) * 1000) / durationMs) : 0,
  };
}

async function importRows(deps: JoinDeps, rows: Iterable<FeedRow> | AsyncIterable<FeedRow>, options: ImportOptions, runId: string): Promise<ImportSummary> {
  const { store, matcher, searchIndex } = deps;
  const started = Date.now();
  const atomic = options.atomic === true;
  const bulk = atomic || (options.bulk ?? (options.format === 'synthetic' || (options.expectedRows ?? 0) >= 50_000));
  const batchSize = options.batchSize ?? 2000;
  const run = new FeedImport(runId, options, options.now ?? (() => new Date().toISOString()), () => searchIndex?.changed());
  let failure: string | undefined;

  const fixedRetailerId = options.retailer ? (options.retailer.id ?? getRetailer(options.retailer.name.toLowerCase())?.id ?? slugId(options.retailer.name)) : null;
  await store.startImportRun({
    id: runId,
    format: options.format,
    source: options.source,
    retailerId: fixedRetailerId,
    businessId: options.businessId ?? null,
    owner: thisProcess(),
  });

  const path = bulk ? await openBulkPath(run, store, matcher, atomic) : null;
  const flush = path ? path.flush : createRowPath(run, store, matcher).flush;
  // Large imports touch index pages all over the file: they get a bigger page cache while they run, and the writer
  // thread checkpoints as the WAL grows (this connection's few commits leave that to it).
  const tuned = bulk ? store.bulk.tune() : null;
  let batch: FeedRow[] = [];
  try {
    for await (const row of rows as AsyncIterable<FeedRow>) {
      if (row.warnings) run.warn(row.warnings);
      batch.push(row);
      if (batch.length >= batchSize) {
        await flush(batch);
        batch = [];
        // Let other work (HTTP requests of the API, a progress bar) run between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await flush(batch);
    // Everything handed to the writer is committed before the import reports.
    await path?.finish();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    await path?.close();
    tuned?.restore();
  }

  return finishRun(deps, run, path?.touched ?? null, { failure, fixedRetailerId, started });
}

/**
 * Puts feed rows into the catalog. Rows are taken in batches, written in short transactions (row by row: units of work
 * of about ROW_TRANSACTION_MS; bulk: one per batch; atomic: one for the whole run at its end): a row the parser
 * rejected, or that conflicts with the catalog, is reported with its line, field and reason and skipped; the good
 * rows are kept; a failure of the database itself rolls its transaction back, so no offer is ever half-written. Each new offer is put into a product cluster by the matcher; product figures (offer count, best
 * price) and price history are kept in the same transaction.
 */
/** Products computed anew per transaction by `refreshAllProducts`: short enough not to hold the writer up. */
const REFRESHED_PER_TRANSACTION = 2_000;

export function createIngestionService(deps: { store: IngestionStore; matcher: ProductMatcher; index?: { changed(): void } }) {
  const { store, matcher, index: searchIndex } = deps;
  const joinDeps: JoinDeps = { store, matcher, searchIndex };

  // Told after every import that wrote something (price alerts compare the new prices).
  const listeners = new Set<(summary: ImportSummary) => void>();
  async function importAndTell(rows: Iterable<FeedRow> | AsyncIterable<FeedRow>, options: ImportOptions): Promise<ImportSummary> {
    const runId = randomUUID();
    // While it goes on, a start of the API or of a command in this process leaves the run alone.
    const release = holdImportRun(runId);
    let summary: ImportSummary;
    try {
      summary = await importRows(joinDeps, rows, options, runId);
    } finally {
      release();
    }
    if (summary.inserted + summary.updated > 0) {
      for (const listener of listeners) {
        try {
          listener(summary);
        } catch {
          // A listener's failure is its own; the import stands.
        }
      }
    }
    return summary;
  }

  return {
    importRows: importAndTell,
    /** Imports already-parsed offers (line numbers are their 1-based positions). */
    importOffers(offers: readonly FeedOffer[], options: ImportOptions) {
      return importAndTell(
        offers.map((offer, index) => ({ line: index + 1, offer })),
        options,
      );
    },

    /** Calls `listener` after each import that inserted or updated offers; answers a function that stops it. */
    onImported(listener: (summary: ImportSummary) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Re-clusters the whole catalog with the current matcher (see `reclusterCatalog`).
     */
    recluster: (options: ReclusterOptions = {}) => reclusterCatalog(store, matcher, options),

    /**
     * Begins a re-clustering without placing any offer (`IngestionStore.beginRecluster`): false when one is under way
     * already. `resumeRecluster` places the offers.
     */
    beginRecluster: () => store.beginRecluster(),

    /** Carries on a re-clustering left under way, if any (see `resumeRecluster`). */
    resumeRecluster: (options: ResumeOptions = {}) => resumeRecluster(store, matcher, options),

    /** The re-clustering under way: its offers, and how many of them it has yet to place; null when none is. */
    reclusterProgress: () => store.reclusterProgress(),

    /**
     * Computes every product anew from its offers, a few thousand per transaction: its name (`productName`), figures and
     * the colour, storage and size browse filters by. A catalog made by an earlier version's rules is brought up to date
     * with them. Answers how many products were refreshed.
     */
    async refreshAllProducts(): Promise<number> {
      const ids = [...new Set((await store.offerProducts('any')).flatMap((offer) => (offer.productId === null ? [] : [offer.productId])))];
      for (let start = 0; start < ids.length; start += REFRESHED_PER_TRANSACTION) {
        const chunk = ids.slice(start, start + REFRESHED_PER_TRANSACTION);
        await store.unitOfWork(function* () {
          yield* op('refreshProducts', chunk, new Date().toISOString());
        });
      }
      return ids.length;
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
