import { randomUUID } from 'node:crypto';
import type { FeedOffer, FeedRow } from '@pricehunt/catalog-feeds';
import { getRetailer } from '@pricehunt/marketplace';
import { openBulkPath } from './bulk-path';
import { FeedImport, slugId } from './feed-import';
import { holdImportRun, noRowKeptFailure, thisProcess } from './import-runs';
import { op, type IngestionStep, type IngestionStore } from './ingestion-store';
import type { ProductMatcher } from './matching';
import { placeOffer } from './place-offer';
import type { ImportOptions, ImportSummary } from './import-options';
import { productOf } from './ports';
import { createRowPath } from './row-path';
import { present } from '@pricehunt/contracts';

export { productOf };

export type { ImportFormat, ImportOptions, ImportProgress, ImportSummary } from './import-options';

/**
 * Up to this many model keys (or products), what the end of an import joins is found key by key (product by product)
 * instead of by a pass over the whole catalog.
 */
const LOOKED_UP_ONE_BY_ONE = 20_000;

/**
 * The joins at the end of an import commit in transactions of about this many milliseconds: one per join would sync
 * the disk thousands of times on a large import, one for all would keep other writers waiting for seconds.
 */
const JOIN_TRANSACTION_MS = 50;

/**
 * Puts feed rows into the catalog. Rows are taken in batches, written in short transactions (row by row: units of work
 * of about ROW_TRANSACTION_MS; bulk: one per batch; atomic: one for the whole run at its end): a row the parser
 * rejected, or that conflicts with the catalog, is reported with its line, field and reason and skipped; the good
 * rows are kept; a failure of the database itself rolls its transaction back, so no offer is ever half-written. Each new offer is put into a product cluster by the matcher; product figures (offer count, best
 * price) and price history are kept in the same transaction.
 */
export function createIngestionService(deps: { store: IngestionStore; matcher: ProductMatcher; index?: { changed(): void } }) {
  const { store, matcher, index: searchIndex } = deps;
  const nowIso = () => new Date().toISOString();

  /**
   * Runs `step` for each item in turn, in units of work that end once they have been open for JOIN_TRANSACTION_MS
   * (each step sees what the earlier ones wrote), each taking the products its steps retired (their answers) off the
   * run's count of products created as it commits them. Answers how many were retired.
   */
  async function retiringInShortTransactions<T>(runId: string, items: readonly T[], step: (item: T) => IngestionStep<number>): Promise<number> {
    let retired = 0;
    let next = 0;
    do {
      const from = next;
      const done = await store.unitOfWork(function* () {
        const started = performance.now();
        let at = from;
        let count = 0;
        while (at < items.length) {
          count += yield* step(present(items[at++]));
          if (performance.now() - started >= JOIN_TRANSACTION_MS) break;
        }
        yield* op('advanceImportRun', runId, { productsCreated: -count });
        return { at, count };
      });
      next = done.at;
      retired += done.count;
    } while (next < items.length);
    return retired;
  }

  /**
   * Products whose offers state one part number (model key) are one product when nothing else tells them apart: an
   * offer with only a GTIN and one with only the part number each start a product before an offer with both shows
   * that they are the same (the bulk path finds candidates by GTIN and part number alone). The products of such a group
   * that the import created are joined into the group's oldest product, whose id they lead to; products that existed
   * before stay as they were. Answers how many products were retired.
   */
  async function joinProductsSharingPartNumbers(runId: string, keys: ReadonlySet<string>, created: ReadonlySet<number>): Promise<number> {
    // A few keys are looked up one by one; for many, one pass over the catalog's keys costs less.
    const groups = await store.productsSharingModelKeys(keys.size <= LOOKED_UP_ONE_BY_ONE ? [...keys] : undefined);
    return retiringInShortTransactions(runId, groups, function* (ids) {
      const [keep, ...others] = ids;
      if (keep === undefined) return 0;
      const joined: number[] = [];
      for (const other of others) if (created.has(other) && (yield* matcher.steps.mayBeOneProduct(keep, other))) joined.push(other);
      if (joined.length === 0) return 0;
      yield* op('mergeProducts', joined, keep, nowIso());
      return joined.length;
    });
  }

  /**
   * Joins the lone offers of the products the import created into the products they belong to (see
   * `matcher.steps.productForLoneOffer`): an offer that states no model number, and no GTIN another offer shares,
   * begins a product of its own on the bulk path, which finds candidates by those alone, and one that came before its
   * product's other offers stays apart on either path. Answers how many products were retired.
   */
  async function joinLoneOffers(runId: string, created: ReadonlySet<number>): Promise<number> {
    searchIndex?.changed();
    const lones = await store.loneOffersWithoutModelNumber(created.size <= LOOKED_UP_ONE_BY_ONE ? [...created] : undefined);
    return retiringInShortTransactions(runId, lones, function* (lone) {
      if (!created.has(lone.productId)) return 0;
      const offer = yield* op('getOffer', lone.offerId);
      // An earlier join in this pass may have moved it.
      if (!offer || offer.productId !== lone.productId) return 0;
      const into = yield* matcher.steps.productForLoneOffer({ ...offer, productId: lone.productId });
      if (into === null) return 0;
      yield* op('mergeProducts', [lone.productId], into, nowIso());
      return 1;
    });
  }

  async function importRows(rows: Iterable<FeedRow> | AsyncIterable<FeedRow>, options: ImportOptions, runId: string): Promise<ImportSummary> {
    const started = Date.now();
    const atomic = options.atomic === true;
    const bulk = atomic || (options.bulk ?? (options.format === 'synthetic' || (options.expectedRows ?? 0) >= 50_000));
    const batchSize = options.batchSize ?? 2000;
    const run = new FeedImport(runId, options, options.now ?? nowIso, () => searchIndex?.changed());
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

    const { progress } = run;
    try {
      // Every batch the writer committed counts, also when a later one failed (then every product is retitled from
      // what the database holds).
      if (path && path.touched.size > 0) await store.retitleProducts([...path.touched]);
      // Products the import began and then joined into others are not counted as created.
      if (!failure && progress.inserted + progress.updated > 0) {
        const joined = await joinProductsSharingPartNumbers(runId, run.importedKeys, run.createdProducts);
        run.productsCreated = Math.max(0, run.productsCreated - joined - (await joinLoneOffers(runId, run.createdProducts)));
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
    const retailerIds = [...new Set([...(fixedRetailerId ? [fixedRetailerId] : []), ...[...run.retailerCache.values()].map((retailer) => retailer.id)])].sort();
    await store.finishImportRun({ id: runId, status, report, retailerIds });
    // The counts are those the run's batches committed with them: what is on disk.
    const stored = await store.importRunCounts(runId);
    const counts = stored
      ? { rows: stored.totalRows, inserted: stored.inserted, updated: stored.updated, unchanged: stored.unchanged, skipped: stored.skipped, productsCreated: stored.productsCreated }
      : { ...progress, productsCreated: run.productsCreated };
    const durationMs = Date.now() - started;
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

  // Told after every import that wrote something (price alerts compare the new prices).
  const listeners = new Set<(summary: ImportSummary) => void>();
  async function importAndTell(rows: Iterable<FeedRow> | AsyncIterable<FeedRow>, options: ImportOptions): Promise<ImportSummary> {
    const runId = randomUUID();
    // While it goes on, a start of the API or of a command in this process leaves the run alone.
    const release = holdImportRun(runId);
    let summary: ImportSummary;
    try {
      summary = await importRows(rows, options, runId);
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
     * Re-clusters the whole catalog with the current matcher: every offer is taken off its product and put back
     * in id order, as ingest would. Runs in batches of transactions; products left without offers are removed.
     * A new product takes back the id of the product its first offer was in, unless another new product already
     * has: a product the matcher leaves whole keeps its id, so favorites, price alerts and links to it still find it.
     */
    async recluster(options: { batchSize?: number; bulk?: boolean; onProgress?: (done: number) => void } = {}) {
      const batchSize = options.batchSize ?? 2000;
      const before = await store.offerProducts('by-id');
      const ids = before.map((row) => row.id);
      const productBefore = new Map(before.map((row) => [row.id, row.productId]));
      const reused = new Set<number>();
      await store.unclusterAll();
      let productsCreated = 0;
      for (let start = 0; start < ids.length; start += batchSize) {
        const done = await store.unitOfWork(function* () {
          const dirty = new Set<number>();
          // Ids taken back in this unit of work count once it commits.
          const taken = new Set<number>();
          let created = 0;
          for (const id of ids.slice(start, start + batchSize)) {
            const offer = yield* op('getOffer', id);
            if (!offer) continue;
            let productId = yield* placeOffer(
              matcher,
              { title: offer.title, brand: offer.brand, model: offer.model, gtin: offer.gtin, priceCents: offer.priceCents },
              {
                match: { useIndex: !options.bulk, excludeOfferId: offer.id, indexLimit: 20 },
                withOfferAtRetailer: offer.retailerId,
              },
            );
            if (productId === null) {
              const previous = productBefore.get(offer.id);
              const id = previous != null && !reused.has(previous) && !taken.has(previous) ? previous : undefined;
              if (id !== undefined) taken.add(id);
              productId = yield* op('createProduct', { ...productOf(offer), id }, nowIso());
              created++;
            }
            yield* op('setOfferProduct', offer.id, productId);
            dirty.add(productId);
          }
          if (dirty.size > 0) yield* op('refreshProducts', [...dirty], nowIso());
          return { taken, created };
        });
        for (const id of done.taken) reused.add(id);
        productsCreated += done.created;
        options.onProgress?.(Math.min(ids.length, start + batchSize));
      }
      // Every other old id is retired: it leads to the new product that holds most of its offers.
      const moved = new Map<number, Map<number, number>>();
      for (const row of await store.offerProducts('any')) {
        const previous = productBefore.get(row.id);
        if (previous == null || row.productId === null || reused.has(previous)) continue;
        let targets = moved.get(previous);
        if (!targets) moved.set(previous, (targets = new Map()));
        targets.set(row.productId, (targets.get(row.productId) ?? 0) + 1);
      }
      const redirects: Array<[number, number]> = [];
      for (const [previous, targets] of moved) {
        let best: [number, number] | null = null;
        for (const [target, count] of targets) if (!best || count > best[1] || (count === best[1] && target < best[0])) best = [target, count];
        if (best) redirects.push([previous, best[0]]);
      }
      await store.redirectProducts(redirects, nowIso());
      return { offers: ids.length, productsCreated, productsKept: reused.size };
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
