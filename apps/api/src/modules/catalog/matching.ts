import {
  assignCluster,
  extractModelCandidates,
  getDefaultModel,
  normaliseGtin,
  normaliseModel,
  prepareOffer,
  type ClusterCandidate,
  type OfferLike,
  type PreparedOffer,
} from '@pricehunt/catalog-matching';
import type { CatalogRepository, OfferRow } from './repository';
import { indexWords, type SearchIndex } from './search-index';

/** What the catalog knows, or has read from a page, about one item. */
export interface ItemIdentity {
  title: string;
  brand?: string | null;
  model?: string | null;
  gtin?: string | null;
  /** Price in cents, when known: an implausible price ratio lowers the score. */
  priceCents?: number | null;
}

export interface RankedProduct {
  productId: number;
  /** Matcher confidence in [0, 1]. */
  score: number;
}

export interface MatchOptions {
  /** Look for candidates in the full-text index too (search, and ingest outside the bulk path). */
  useIndex: boolean;
  /** Offers never to count as candidates (the offer being matched itself). */
  excludeOfferId?: number;
  indexLimit?: number;
}

/** The match threshold of the matcher's model: at or above it two offers are the same product. */
export const matchThreshold = () => getDefaultModel().threshold;

/** The normalised model number the catalog keys offers by: the stated MPN, else the strongest model number in the title. */
export function modelKeyOf(item: { title: string; model?: string | null }): string | null {
  const stated = normaliseModel(item.model ?? null);
  if (stated && stated.length >= 3) return stated;
  const fromTitle = extractModelCandidates(item.title).filter((candidate) => /[A-Z]/.test(candidate) && /\d/.test(candidate));
  return fromTitle[0] ?? null;
}

export const gtinOf = (value: string | null | undefined) => normaliseGtin(value ?? null);

const toOfferLike = (item: ItemIdentity): OfferLike => ({
  title: item.title,
  brand: item.brand ?? null,
  mpn: item.model ?? null,
  gtin: item.gtin ?? null,
  price: item.priceCents != null && item.priceCents > 0 ? item.priceCents : null,
});

/**
 * Finds the product clusters an item may belong to and ranks them with the matcher:
 * GTIN lookups, then model-number lookups, then (optionally) full-text candidates; every candidate offer is
 * scored against the item by `scorePair`, a cluster scores as its best member (`assignCluster`).
 */
export function createProductMatcher(repository: CatalogRepository, index: SearchIndex) {
  // Prepared forms of catalog offers, reused while they stay the same (bulk imports score the same members often).
  const prepared = new Map<number, { updatedAt: string; offer: PreparedOffer }>();
  const preparedOf = (row: OfferRow): PreparedOffer => {
    const hit = prepared.get(row.id);
    if (hit && hit.updatedAt === row.updatedAt) return hit.offer;
    if (prepared.size >= 100_000) prepared.clear();
    const offer = prepareOffer(toOfferLike({ title: row.title, brand: row.brand, model: row.model, gtin: row.gtin, priceCents: row.priceCents }));
    prepared.set(row.id, { updatedAt: row.updatedAt, offer });
    return offer;
  };

  return {
    prepare: (item: ItemIdentity) => prepareOffer(toOfferLike(item)),

    /** Product of an offer with the same valid GTIN: equal GTINs decide a match. */
    productWithGtin(gtin: string | null, excludeOfferId?: number): number | null {
      if (!gtin) return null;
      const hit = repository.offersWithGtin(gtin, 3).find((row) => row.id !== excludeOfferId);
      return hit?.productId ?? null;
    },

    /** Ranks candidate products for the item, best first. */
    rank(item: ItemIdentity, options: MatchOptions, preparedItem: PreparedOffer = prepareOffer(toOfferLike(item))): RankedProduct[] {
      const candidateOffers = new Map<number, number>();
      const add = (rows: Array<{ id: number; productId: number | null }>) => {
        for (const row of rows) if (row.productId != null && row.id !== options.excludeOfferId) candidateOffers.set(row.id, row.productId);
      };
      const gtin = gtinOf(item.gtin);
      if (gtin) add(repository.offersWithGtin(gtin, 10));
      const keys = new Set<string>();
      const stated = modelKeyOf({ title: '', model: item.model });
      if (stated) keys.add(stated);
      for (const candidate of extractModelCandidates(item.title)) {
        if (keys.size >= 4) break;
        if (/[A-Z]/.test(candidate) && /\d/.test(candidate)) keys.add(candidate);
      }
      for (const key of keys) add(repository.offersWithModelKey(key, 10));
      if (options.useIndex) {
        const words = indexWords([item.title, item.brand ?? '', item.model ?? ''].join(' '));
        add(index.candidates(words, { limit: options.indexLimit ?? 30 }).map((hit) => ({ id: hit.offerId, productId: hit.productId })));
      }
      if (candidateOffers.size === 0) return [];

      const candidates: ClusterCandidate[] = [];
      for (const [offerId, productId] of candidateOffers) {
        const row = repository.getOffer(offerId);
        if (row) candidates.push({ clusterId: String(productId), offer: preparedOf(row) });
      }
      const assignment = assignCluster(preparedItem, candidates, { threshold: matchThreshold() });
      return assignment.ranked.map((cluster) => ({ productId: Number(cluster.clusterId), score: Math.max(0, Math.min(1, cluster.score)) }));
    },
  };
}

export type ProductMatcher = ReturnType<typeof createProductMatcher>;
