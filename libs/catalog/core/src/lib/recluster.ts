import { op, type IngestionStore } from './ingestion-store';
import type { ProductMatcher } from './matching';
import { placeOffer } from './place-offer';
import { productOf } from './ports';

export interface ReclusterOptions {
  batchSize?: number;
  bulk?: boolean;
  onProgress?: (done: number) => void;
}

const nowIso = () => new Date().toISOString();

/**
 * Puts the offers `ids` back into products, in one unit of work: each where the matcher places it, else into a new
 * product that takes back the id of the product the offer was in before (`productBefore`), unless a new product took
 * it already (`reused`, or earlier in this unit). Answers the ids taken back and how many products were made.
 */
async function placeBatch(store: IngestionStore, matcher: ProductMatcher, ids: readonly number[], productBefore: ReadonlyMap<number, number | null>, reused: ReadonlySet<number>, bulk: boolean) {
  return store.unitOfWork(function* () {
    const dirty = new Set<number>();
    // Ids taken back in this unit of work count once it commits.
    const taken = new Set<number>();
    let created = 0;
    for (const id of ids) {
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
      if (productId === null) {
        const previous = productBefore.get(offer.id);
        const takeBack = previous != null && !reused.has(previous) && !taken.has(previous) ? previous : undefined;
        if (takeBack !== undefined) taken.add(takeBack);
        productId = yield* op('createProduct', { ...productOf(offer), id: takeBack }, nowIso());
        created++;
      }
      yield* op('setOfferProduct', offer.id, productId);
      dirty.add(productId);
    }
    if (dirty.size > 0) yield* op('refreshProducts', [...dirty], nowIso());
    return { taken, created };
  });
}

/** Each old product id not taken back leads to the new product that holds most of its offers (the lower id on a tie). */
function redirectsOf(now: ReadonlyArray<{ id: number; productId: number | null }>, productBefore: ReadonlyMap<number, number | null>, reused: ReadonlySet<number>): Array<[number, number]> {
  const moved = new Map<number, Map<number, number>>();
  for (const row of now) {
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
  return redirects;
}

/**
 * Re-clusters the whole catalog with the current matcher: every offer is taken off its product and put back
 * in id order, as ingest would. Runs in batches of transactions; products left without offers are removed.
 * A new product takes back the id of the product its first offer was in, unless another new product already
 * has: a product the matcher leaves whole keeps its id, so favorites, price alerts and links to it still find it.
 */
export async function reclusterCatalog(store: IngestionStore, matcher: ProductMatcher, options: ReclusterOptions = {}) {
  const batchSize = options.batchSize ?? 2000;
  const before = await store.offerProducts('by-id');
  const ids = before.map((row) => row.id);
  const productBefore = new Map(before.map((row) => [row.id, row.productId]));
  const reused = new Set<number>();
  await store.unclusterAll();
  let productsCreated = 0;
  for (let start = 0; start < ids.length; start += batchSize) {
    const done = await placeBatch(store, matcher, ids.slice(start, start + batchSize), productBefore, reused, options.bulk === true);
    for (const id of done.taken) reused.add(id);
    productsCreated += done.created;
    options.onProgress?.(Math.min(ids.length, start + batchSize));
  }
  await store.redirectProducts(redirectsOf(await store.offerProducts('any'), productBefore, reused), nowIso());
  return { offers: ids.length, productsCreated, productsKept: reused.size };
}
