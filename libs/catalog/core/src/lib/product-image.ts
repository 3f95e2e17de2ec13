import type { Availability, Condition } from '@pricehunt/contracts';

/** What choosing a product's picture reads of each of its offers. */
export interface ImageCandidate {
  id: number;
  imageUrl: string | null;
  condition: Condition;
  availability: Availability;
}

/**
 * The picture a product is shown with, from its offers' images: the one most offers share (retailers mostly publish
 * the maker's own picture; an odd one out is a retailer's photo or a wrong listing); among images shared equally,
 * one of a new offer in stock, then of a new offer, then any; then the image of the oldest offer (lowest id), then
 * the URL's order, so the same offers always give the same picture. Null when no offer has an image.
 */
export function chooseProductImage(offers: readonly ImageCandidate[]): string | null {
  const byImage = new Map<string, { count: number; rank: number; firstId: number }>();
  for (const offer of offers) {
    const url = offer.imageUrl?.trim();
    if (!url) continue;
    const rank = offer.condition === 'new' ? (offer.availability === 'in_stock' ? 0 : 1) : 2;
    const seen = byImage.get(url);
    if (seen) {
      seen.count++;
      seen.rank = Math.min(seen.rank, rank);
      seen.firstId = Math.min(seen.firstId, offer.id);
    } else byImage.set(url, { count: 1, rank, firstId: offer.id });
  }
  let best: [string, { count: number; rank: number; firstId: number }] | null = null;
  for (const entry of byImage) {
    if (best === null) {
      best = entry;
      continue;
    }
    const [url, a] = entry;
    const [bestUrl, b] = best;
    const better = a.count !== b.count ? a.count > b.count : a.rank !== b.rank ? a.rank < b.rank : a.firstId !== b.firstId ? a.firstId < b.firstId : url < bestUrl;
    if (better) best = entry;
  }
  return best?.[0] ?? null;
}
