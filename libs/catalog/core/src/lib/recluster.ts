import { op, type IngestionStore, type ReclusterOffer } from './ingestion-store';
import type { ProductMatcher } from './matching';
import { placeOffer } from './place-offer';
import { productOf, type ProductSuccessor } from './ports';

export interface ReclusterOptions {
  /** Offers a batch (one unit of work) places at most. */
  batchSize?: number;
  /**
   * Milliseconds after which a batch ends with the offer it is placing (default: none). On SQLite a unit of work holds
   * the process's event loop: a server sets it so that requests are answered meanwhile.
   */
  batchMs?: number;
  bulk?: boolean;
  /** Told after each batch how many offers this call has placed. */
  onProgress?: (done: number) => void;
  /** Told of an offer whose placement failed (the error): it was put into a product of its own instead. */
  onUnplaceable?: (offerId: number, error: unknown) => void;
}

/** Batches for a process that also answers requests: units of work of about 100 ms, so no request waits long for one. */
export const SERVING_BATCHES = { batchSize: 200, batchMs: 100 } as const satisfies ReclusterOptions;

export interface ResumeOptions extends ReclusterOptions {
  /** Asked before each batch: true leaves the rest for a later call (the process is stopping). */
  stopping?: () => boolean;
}

export interface ReclusterResult {
  offers: number;
  /** Products the offers are in now. */
  productsCreated: number;
  /** Of those, products that took back the id they had: favorites, alerts and links to them still find them. */
  productsKept: number;
  /** Whether this call carried on a re-clustering begun before it (by a process cut short, or one still at it). */
  resumed: boolean;
  /**
   * Whether this call ended it. False: another process at the same re-clustering ended it first, and the figures above
   * are what this one read as it ended (none, once the other had forgotten the offers).
   */
  ended: boolean;
}

const nowIso = () => new Date().toISOString();

/**
 * Puts up to `limit` offers of the re-clustering back into products, in one unit of work of at most about `budgetMs`:
 * each where the matcher places it, else into a new product that takes back the id of the product the offer was in
 * before, unless a product has it already (one this re-clustering made earlier). Answers how many offers it placed
 * (none: all are placed), and the id of the last.
 */
async function placeBatch(store: IngestionStore, matcher: ProductMatcher, after: number, limit: number, budgetMs: number, bulk: boolean) {
  return store.unitOfWork(function* () {
    const started = Date.now();
    const offers: ReclusterOffer[] = yield* op('reclusterOffersToPlace', after, limit);
    const dirty = new Set<number>();
    let placed = 0;
    let last = after;
    for (const { id, productBefore } of offers) {
      if (placed > 0 && Date.now() - started >= budgetMs) break;
      placed++;
      last = id;
      const offer = yield* op('getOffer', id);
      if (!offer) continue;
      let productId = yield* placeOffer(
        matcher,
        { title: offer.title, brand: offer.brand, model: offer.model, gtin: offer.gtin, priceCents: offer.priceCents },
        {
          match: { useIndex: !bulk, excludeOfferId: offer.id, indexLimit: 20 },
          withOfferAtRetailer: offer.retailerId,
        },
      );
      productId ??= yield* productOfItsOwn(offer, productBefore);
      yield* op('setOfferProduct', offer.id, productId);
      dirty.add(productId);
    }
    if (dirty.size > 0) yield* op('refreshProducts', [...dirty], nowIso());
    return { placed, last };
  });
}

/** A new product for an offer, taking back the id of the product it was in before unless a product has it already. */
function* productOfItsOwn(offer: Parameters<typeof productOf>[0], productBefore: number | null) {
  const takeBack = productBefore !== null && !(yield* op('productExists', productBefore)) ? productBefore : undefined;
  return yield* op('createProduct', { ...productOf(offer), id: takeBack }, nowIso());
}

/**
 * The next offer of the re-clustering, put into a product of its own without asking the matcher (whose placement of it
 * failed), in one unit of work; null when none is left after `after`.
 */
async function placeAlone(store: IngestionStore, after: number): Promise<number | null> {
  return store.unitOfWork(function* () {
    const [next]: ReclusterOffer[] = yield* op('reclusterOffersToPlace', after, 1);
    if (!next) return null;
    const offer = yield* op('getOffer', next.id);
    if (offer) {
      const productId = yield* productOfItsOwn(offer, next.productBefore);
      yield* op('setOfferProduct', offer.id, productId);
      yield* op('refreshProducts', [productId], nowIso());
    }
    return next.id;
  });
}

/**
 * Places the next batch. One offer the matcher cannot place would fail its batch at every try, and every re-clustering
 * after it: a batch that fails is tried again one offer at a time (`careful` offers, so that the others are placed as
 * usual), and an offer that fails alone goes into a product of its own. An error that placing it so meets too (the
 * database's) is the re-clustering's.
 */
async function placeNext(
  store: IngestionStore,
  matcher: ProductMatcher,
  after: number,
  options: ResumeOptions,
  state: { careful: number },
): Promise<{ placed: number; last: number; retry: boolean }> {
  const limit = state.careful > 0 ? 1 : (options.batchSize ?? 2000);
  const budgetMs = options.batchMs ?? Number.POSITIVE_INFINITY;
  try {
    const batch = await placeBatch(store, matcher, after, limit, budgetMs, options.bulk === true);
    state.careful = Math.max(0, state.careful - batch.placed);
    return { ...batch, retry: false };
  } catch (error) {
    if (limit > 1) {
      state.careful = limit;
      return { placed: 0, last: after, retry: true };
    }
    const alone = await placeAlone(store, after).catch(() => null);
    if (alone === null) throw error;
    options.onUnplaceable?.(alone, error);
    state.careful--;
    return { placed: 1, last: alone, retry: false };
  }
}

/**
 * What the offers of a re-clustering came to: the products they are in, those that took back an id, and where each
 * old id not taken back leads: to the product that holds most of its offers (the lower id on a tie).
 */
function outcomeOf(rows: ReadonlyArray<ReclusterOffer & { productId: number | null }>) {
  const now = new Set<number>();
  const before = new Set<number>();
  for (const row of rows) {
    if (row.productId !== null) now.add(row.productId);
    if (row.productBefore !== null) before.add(row.productBefore);
  }
  const kept = new Set([...now].filter((id) => before.has(id)));
  const moved = new Map<number, Map<number, number>>();
  for (const row of rows) {
    if (row.productBefore === null || row.productId === null || kept.has(row.productBefore)) continue;
    let targets = moved.get(row.productBefore);
    if (!targets) moved.set(row.productBefore, (targets = new Map()));
    targets.set(row.productId, (targets.get(row.productId) ?? 0) + 1);
  }
  const redirects: Array<[number, number]> = [];
  for (const [previous, targets] of moved) {
    const best = mostHeld(targets);
    if (best !== null) redirects.push([previous, best]);
  }
  return { products: now.size, kept: kept.size, redirects };
}

/** Of products by how many offers of an old product each holds, the one that holds most (the lower id on a tie). */
function mostHeld(targets: ReadonlyMap<number, number>): number | null {
  let best: [number, number] | null = null;
  for (const [target, count] of targets) if (!best || count > best[1] || (count === best[1] && target < best[0])) best = [target, count];
  return best ? best[0] : null;
}

/**
 * Where an old product id leads while a re-clustering is under way, from its recorded offers counted by the product
 * each is in now (null: not placed yet): the product that holds most of those already placed, as its redirect will
 * when the re-clustering ends; 'placing' when none is placed yet; null when the re-clustering took no offer off it.
 */
export function successorWhilePlacing(rows: ReadonlyArray<{ productId: number | null; offers: number }>): ProductSuccessor {
  const placed = new Map<number, number>();
  for (const row of rows) if (row.productId !== null) placed.set(row.productId, row.offers);
  return mostHeld(placed) ?? (rows.length > 0 ? 'placing' : null);
}

/** Places the offers the re-clustering under way has yet to place, then ends it; null when `stopping` cut it short. */
async function carryOn(store: IngestionStore, matcher: ProductMatcher, options: ResumeOptions, resumed: boolean): Promise<ReclusterResult | null> {
  let done = 0;
  const state = { careful: 0 };
  // Offers are placed in id order, each batch after the last one placed; once none is left after it, a last look
  // from the start finds any another process at it left behind (its batch rolled back when it died).
  for (let after = 0; ; ) {
    if (options.stopping?.()) return null;
    const { placed, last, retry } = await placeNext(store, matcher, after, options, state);
    if (retry) continue;
    if (placed === 0) {
      if (after === 0) break;
      after = 0;
      continue;
    }
    after = last;
    done += placed;
    options.onProgress?.(done);
    // A unit of work on SQLite runs synchronously: requests waiting meanwhile are answered before the next one.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const rows = await store.reclusterOutcome();
  const outcome = outcomeOf(rows);
  // Another process carrying on the same re-clustering may have ended it first, with the same redirects.
  const ended = await store.finishRecluster(outcome.redirects, nowIso());
  return { offers: rows.length, productsCreated: outcome.products, productsKept: outcome.kept, resumed, ended };
}

/**
 * Re-clusters the whole catalog with the current matcher: every offer is taken off its product and put back in id
 * order, as ingest would, in batches of transactions; products left without offers are removed. A new product takes
 * back the id of the product its first offer was in, unless another new product already has: a product the matcher
 * leaves whole keeps its id, so favorites, price alerts and links to it still find it.
 *
 * The store records the re-clustering when it begins, in the transaction that takes the offers off: one cut short
 * (its process killed) is carried on by `resumeRecluster`, and one under way when this is called is carried on too
 * (`resumed`), with any other process at it, each batch placing offers none has placed.
 */
export async function reclusterCatalog(store: IngestionStore, matcher: ProductMatcher, options: ReclusterOptions = {}): Promise<ReclusterResult> {
  const begun = await store.beginRecluster();
  const result = await carryOn(store, matcher, options, !begun);
  if (!result) throw new Error('a re-clustering without a way to stop was stopped');
  return result;
}

/** Carries on a re-clustering left under way (the API does it when it starts); null when none is, or when `stopping` cut it short. */
export async function resumeRecluster(store: IngestionStore, matcher: ProductMatcher, options: ResumeOptions = {}): Promise<ReclusterResult | null> {
  if (!(await store.reclusterProgress())) return null;
  return carryOn(store, matcher, options, true);
}
