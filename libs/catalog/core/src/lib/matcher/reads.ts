/**
 * What the matcher's ranking reads from the catalog and its full-text index, as steps (steps.ts) that ask for one read
 * at a time, and those reads answered through the storage ports.
 */
import type { CatalogRepository, IndexHit, OfferItem, OfferRef, SearchIndexRepository } from '../ports';
import { perform, type AsyncOps, type Step as StepOf } from '../steps';

/**
 * What ranking reads from the catalog and its full-text index, in batches where it would loop (a bulk import's
 * in-memory `CandidateLookup` answers the GTIN, model-number and member look-ups itself).
 */
export interface MatcherReads {
  offersWithGtin(gtin: string, limit: number): OfferRef[];
  offersWithModelKey(modelKey: string, limit: number): OfferRef[];
  /** The first `limit` offers (oldest first) of each product. */
  offerRefsOfProducts(productIds: readonly number[], limit: number): Map<number, OfferRef[]>;
  /** The offers among `ids` that exist. */
  offerItems(ids: readonly number[]): Map<number, OfferItem>;
  offersAtAmong(retailerId: string, offerIds: readonly number[]): Set<number>;
  productsWithOfferAt(retailerId: string, productIds: readonly number[]): Set<number>;
  candidates(words: readonly string[], options: { limit?: number; rarest?: number }): IndexHit[];
  leadingCandidates(words: readonly string[], options: { limit?: number; elsewhereThan?: string }): IndexHit[];
  documentFrequencies(words: readonly string[]): Map<string, number>;
  documentCount(): number;
}

/** `MatcherReads` answered asynchronously (through the storage ports). */
export type AsyncMatcherReads = AsyncOps<MatcherReads>;

/** A ranking step: asks for reads of `MatcherReads`, one at a time, and answers T (see steps.ts). */
export type MatcherStep<T> = StepOf<MatcherReads, T>;

/** Asks for one read (`yield* read(...)` answers it). */
export const read = <K extends keyof MatcherReads>(method: K, ...args: Parameters<MatcherReads[K]>) => perform<MatcherReads, K>(method, ...args);

/** A full-text hit as a candidate offer. */
export const hitRef = (hit: IndexHit): OfferRef => ({ id: hit.offerId, productId: hit.productId, updatedAt: hit.updatedAt });

/** `AsyncMatcherReads` through the catalog's storage ports. */
export function portReads(catalog: CatalogRepository, index: SearchIndexRepository): AsyncMatcherReads {
  return {
    offersWithGtin: (gtin, limit) => catalog.offersWithGtin(gtin, limit),
    offersWithModelKey: (modelKey, limit) => catalog.offersWithModelKey(modelKey, limit),
    offerRefsOfProducts: (productIds, limit) => catalog.offerRefsOfProducts(productIds, limit),
    offerItems: (ids) => catalog.offerItems(ids),
    offersAtAmong: (retailerId, offerIds) => catalog.offersAtAmong(retailerId, offerIds),
    productsWithOfferAt: (retailerId, productIds) => catalog.productsWithOfferAt(retailerId, productIds),
    candidates: (words, options) => index.candidates(words, options),
    leadingCandidates: (words, options) => index.leadingCandidates(words, options),
    documentFrequencies: (words) => index.offerCounts(words),
    documentCount: () => index.documentCount(),
  };
}
