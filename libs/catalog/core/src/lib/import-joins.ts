import { present } from '@pricehunt/contracts';
import { op, type IngestionStep, type IngestionStore } from './ingestion-store';
import type { ProductMatcher } from './matching';

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

/** What the joins at the end of an import use: the store, the matcher, and the search index told of changes. */
export interface JoinDeps {
  store: IngestionStore;
  matcher: ProductMatcher;
  searchIndex?: { changed(): void };
}

/**
 * Runs `step` for each item in turn, in units of work that end once they have been open for JOIN_TRANSACTION_MS
 * (each step sees what the earlier ones wrote), each taking the products its steps retired (their answers) off the
 * run's count of products created as it commits them. Answers how many were retired.
 */
async function retiringInShortTransactions<T>(store: IngestionStore, runId: string, items: readonly T[], step: (item: T) => IngestionStep<number>): Promise<number> {
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
export async function joinProductsSharingPartNumbers({ store, matcher }: JoinDeps, runId: string, keys: ReadonlySet<string>, created: ReadonlySet<number>): Promise<number> {
  // A few keys are looked up one by one; for many, one pass over the catalog's keys costs less.
  const groups = await store.productsSharingModelKeys(keys.size <= LOOKED_UP_ONE_BY_ONE ? [...keys] : undefined);
  return retiringInShortTransactions(store, runId, groups, function* (ids) {
    const [keep, ...others] = ids;
    if (keep === undefined) return 0;
    const joined: number[] = [];
    for (const other of others) if (created.has(other) && (yield* matcher.steps.mayBeOneProduct(keep, other))) joined.push(other);
    if (joined.length === 0) return 0;
    yield* op('mergeProducts', joined, keep, new Date().toISOString());
    return joined.length;
  });
}

/**
 * Joins the lone offers of the products the import created into the products they belong to (see
 * `matcher.steps.productForLoneOffer`): an offer that states no model number, and no GTIN another offer shares,
 * begins a product of its own on the bulk path, which finds candidates by those alone, and one that came before its
 * product's other offers stays apart on either path. Answers how many products were retired.
 */
export async function joinLoneOffers({ store, matcher, searchIndex }: JoinDeps, runId: string, created: ReadonlySet<number>): Promise<number> {
  searchIndex?.changed();
  const lones = await store.loneOffersWithoutModelNumber(created.size <= LOOKED_UP_ONE_BY_ONE ? [...created] : undefined);
  return retiringInShortTransactions(store, runId, lones, function* (lone) {
    if (!created.has(lone.productId)) return 0;
    const offer = yield* op('getOffer', lone.offerId);
    // An earlier join in this pass may have moved it.
    if (!offer || offer.productId !== lone.productId) return 0;
    const into = yield* matcher.steps.productForLoneOffer({ ...offer, productId: lone.productId });
    if (into === null) return 0;
    yield* op('mergeProducts', [lone.productId], into, new Date().toISOString());
    return 1;
  });
}
