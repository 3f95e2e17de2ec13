import type { FeedOffer } from '@pricehunt/catalog-feeds';

/** A feed offer for tests: new, in stock, $100.00 in USD unless the overrides say otherwise. */
export function feedOffer(overrides: Partial<FeedOffer> & Pick<FeedOffer, 'externalId' | 'url' | 'title'>): FeedOffer {
  return { priceCents: 10_000, currency: 'USD', availability: 'in_stock', condition: 'new', ...overrides };
}
