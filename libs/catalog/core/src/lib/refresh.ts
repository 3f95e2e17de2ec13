import type { FeedRow } from '@pricehunt/catalog-feeds';
import { changeOf, FeedImport } from './feed-import';
import type { ImportOptions, ImportSummary } from './ingestion';
import { op, type IngestionStore, type SourcedOffer } from './ingestion-store';
import type { RetailerRow } from './ports';

/** Refreshes in a row a feed may leave an offer out before the offer is retired (the default of `retireAfterRuns`). */
export const RETIRE_AFTER_RUNS = 3;

/**
 * A feed that lists fewer than this share of the offers its retailer has in stock from it is taken for a broken feed
 * (an export cut short, a filter left on), not for a retailer that stopped selling most of what it sold: nothing of it
 * is applied, and the source keeps its offers as they were.
 */
export const SHRINK_REFUSED_BELOW = 0.5;
/** Retailers with fewer offers than this may change a feed as much as they like. */
const SHRINK_CHECKED_FROM = 20;

export interface RefreshOptions extends Omit<ImportOptions, 'retailer'> {
  /** The retailer whose offers the feed holds: all of them, so what it leaves out is gone. */
  retailer: { id: string; name: string; domains?: string[] };
  /** Refreshes in a row an offer may be missing before it is retired (removed with its price history). */
  retireAfterRuns?: number;
}

export interface RefreshSummary {
  /** The import run that applied the rows; null when nothing was applied. */
  runId: string | null;
  status: 'succeeded' | 'failed';
  rowsRead: number;
  added: number;
  changed: number;
  unchanged: number;
  /** Offers the feed no longer lists: out of stock at once (retired ones included). */
  gone: number;
  /** Of `gone`, offers missing for `retireAfterRuns` refreshes, now removed. */
  retired: number;
  rejected: number;
  failure?: string;
  import: ImportSummary | null;
}

/** What a refresh decided about the offers its feed did not list, and those it listed again. */
export function missingOffers(offers: readonly SourcedOffer[], listed: ReadonlySet<string>, retireAfterRuns: number) {
  const missing: SourcedOffer[] = [];
  const retired: SourcedOffer[] = [];
  const back: number[] = [];
  for (const offer of offers) {
    if (listed.has(offer.externalId)) {
      if (offer.missingRuns > 0) back.push(offer.id);
    } else if (offer.missingRuns + 1 >= retireAfterRuns) retired.push(offer);
    else missing.push(offer);
  }
  return { missing, retired, back };
}

/**
 * Splits a feed's rows into those that would change the catalog and the number that would not: a row naming an offer
 * of the retailer whose stated columns it repeats is unchanged, decided in memory from one read of the retailer's
 * offers instead of a look-up per row. Rows the parser refused, and rows that cannot be read into an offer, go to
 * the import, which reports them.
 */
export function rowsThatChange(rows: readonly FeedRow[], offers: readonly SourcedOffer[], options: RefreshOptions): { changed: FeedRow[]; unchanged: number } {
  const byExternalId = new Map(offers.map((offer) => [offer.externalId, offer]));
  const probe = new FeedImport('', options, () => '', () => undefined);
  const fresh = new Map<string, RetailerRow>();
  const changed: FeedRow[] = [];
  let unchanged = 0;
  for (const row of rows) {
    const existing = row.offer && byExternalId.get(row.offer.externalId);
    if (existing && row.offer) {
      let same = false;
      try {
        same = changeOf(existing, probe.describe(row.offer, fresh, existing).record) === 'unchanged';
      } catch {
        // Refused: the import says why.
      }
      if (same) {
        unchanged++;
        // A feed listing one offer twice: the second row is the import's to decide.
        byExternalId.delete(row.offer.externalId);
        continue;
      }
    }
    changed.push(row);
  }
  return { changed, unchanged };
}

/**
 * Applies a complete feed of one retailer as a delta: its rows go through the catalog's import (an unchanged row
 * writes nothing; a changed price or stock updates the offer, adds a price point and refreshes its product's best
 * price), then the retailer's offers the feed left out go out of stock, and those left out `retireAfterRuns` times
 * in a row are removed. A feed that shrank below SHRINK_REFUSED_BELOW of the retailer's offers in stock is refused
 * whole. The rows are applied all at once (`ImportOptions.atomic`): decided first, then written in one transaction, so
 * a refresh cut short (a killed process) leaves the catalog as it was and the next refresh, which reads the feed again,
 * applies all of it; what is missing is decided only after every row was applied.
 */
export function createFeedRefresh(deps: {
  store: IngestionStore;
  importRows: (rows: Iterable<FeedRow>, options: ImportOptions) => Promise<ImportSummary>;
  index?: { changed(): void };
  now?: () => string;
}) {
  const { store } = deps;
  const nowIso = deps.now ?? (() => new Date().toISOString());

  return async function refresh(rows: readonly FeedRow[], options: RefreshOptions): Promise<RefreshSummary> {
    const retireAfterRuns = options.retireAfterRuns ?? RETIRE_AFTER_RUNS;
    const listed = new Set<string>();
    for (const row of rows) if (row.offer) listed.add(row.offer.externalId);
    const rejectedByParser = rows.length - rows.filter((row) => row.offer).length;
    const empty = { added: 0, changed: 0, unchanged: 0, gone: 0, retired: 0 };

    // A page a shopper pasted of the shop is the feed's from the refresh that lists it on; until then, the feed leaving it
    // out says nothing (it never listed it), so it is neither counted nor taken out of stock.
    const before = (await store.unitOfWork(() => op('offersOfRetailer', options.retailer.id))).filter((offer) => offer.origin === 'feed' || listed.has(offer.externalId));
    const claimed = before.filter((offer) => offer.origin === 'page').map((offer) => offer.id);
    const live = before.filter((offer) => offer.missingRuns === 0 && offer.availability !== 'out_of_stock').length;
    if (live >= SHRINK_CHECKED_FROM && listed.size < live * SHRINK_REFUSED_BELOW) {
      return {
        runId: null,
        status: 'failed',
        rowsRead: rows.length,
        ...empty,
        rejected: rejectedByParser,
        failure: `The feed lists ${listed.size} offers where the retailer has ${live} in stock: nothing was applied (a feed that loses more than half of its offers at once is taken for a broken one)`,
        import: null,
      };
    }

    const { changed, unchanged } = rowsThatChange(rows, before, options);
    // Only rows that change something go through the import: an unchanged feed writes nothing at all, not even a run.
    const summary = changed.length > 0 ? await deps.importRows(changed, { ...options, expectedRows: changed.length, atomic: true }) : null;
    const counts = {
      rowsRead: rows.length,
      added: summary?.inserted ?? 0,
      changed: summary?.updated ?? 0,
      unchanged: unchanged + (summary?.unchanged ?? 0),
      rejected: summary?.skipped ?? 0,
    };
    if (summary?.status === 'failed') return { runId: summary.runId, status: 'failed', ...counts, gone: 0, retired: 0, failure: summary.failure, import: summary };

    const now = options.now?.() ?? nowIso();
    // Decided on the offers read before the import: what it added is listed, and the source's lease keeps any other
    // refresh of the retailer away meanwhile.
    const { missing, retired, back } = missingOffers(before, listed, retireAfterRuns);
    const outcome = await store.unitOfWork(function* () {
      yield* op('markFeedOffers', claimed);
      yield* op('clearOffersMissing', back);
      yield* op('markOffersMissing', missing.map((offer) => offer.id), now);
      yield* op('deleteOffers', retired.map((offer) => offer.id));
      const products = [...new Set([...missing, ...retired].map((offer) => offer.productId).filter((id): id is number => id !== null))];
      if (products.length > 0) yield* op('refreshProducts', products, now);
      return { gone: missing.length + retired.length, retired: retired.length };
    });
    if (outcome.retired > 0) deps.index?.changed();
    return { runId: summary?.runId ?? null, status: 'succeeded', ...counts, ...outcome, import: summary };
  };
}
