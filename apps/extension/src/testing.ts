import { listedOffer } from '@pricehunt/api-client/testing';
import type { SearchOffer, SearchResult } from '@pricehunt/contracts';

export const PAGE_URL = 'https://www.amazon.com/Lumetra-K7-Keyboard/dp/B0K7LUMETR';
export const ADDRESSES = { apiUrl: 'https://api.pricehunt.test', siteUrl: 'https://pricehunt.test' };

/** An offer of product 42 at a store, in stock and new unless told, its redirect link as the API writes it. */
export function offerAt(store: { id: string; name: string }, totalCents: number, extra: Partial<SearchOffer> = {}): SearchOffer {
  const url = extra.url ?? `https://www.${store.id}.com/item/${totalCents}`;
  return {
    ...listedOffer({ id: totalCents, productId: 42, retailer: store, title: 'Lumetra K7 Mechanical Keyboard', brand: 'Lumetra', model: 'K7', url, totalCents }),
    lowestIn90Days: false,
    isBundle: false,
    section: 'new',
    isBestPrice: false,
    savingsCents: null,
    isSource: false,
    ...extra,
  };
}

const AMAZON = { id: 'amazon', name: 'Amazon' };
export const STORES = {
  amazon: AMAZON,
  walmart: { id: 'walmart', name: 'Walmart' },
  bestbuy: { id: 'bestbuy', name: 'Best Buy' },
  newegg: { id: 'newegg', name: 'Newegg' },
};

/** The API's answer for PAGE_URL: Amazon's page at $129.99; Walmart $109.99 and $119.99, Best Buy $114.50 used, Newegg sold out. */
export function answerFor(offers?: SearchOffer[]): SearchResult {
  return {
    success: true,
    requestId: '0d5e3c9a-6b1f-4e2a-8c7d-9f0a1b2c3d4e',
    createdAt: '2026-11-20T10:00:00.000Z',
    input: { url: PAGE_URL, query: null },
    correctedQuery: null,
    identifiedBy: 'known-offer',
    source: {
      offerId: 12999,
      retailer: AMAZON,
      title: 'Lumetra K7 Mechanical Keyboard',
      brand: 'Lumetra',
      model: 'K7',
      gtin: null,
      priceCents: 12_999,
      currency: 'USD',
      imageUrl: null,
      url: PAGE_URL,
      canonicalUrl: 'https://amazon.com/dp/B0K7LUMETR',
      externalId: 'B0K7LUMETR',
    },
    product: { id: 42, title: 'Lumetra K7 Mechanical Keyboard', brand: 'Lumetra', model: 'K7', gtin: null, category: null, categorySlug: null, imageUrl: null, offerCount: 5, bestPriceCents: 10_999, currency: 'USD', confidence: 1 },
    offers: offers ?? [
      offerAt(STORES.walmart, 10_999, { savingsCents: 2_000, isBestPrice: true }),
      offerAt(STORES.walmart, 11_999, { savingsCents: 1_000 }),
      offerAt(STORES.bestbuy, 11_450, { condition: 'used', section: 'second_hand', shippingCents: null }),
      offerAt(AMAZON, 12_999, { url: PAGE_URL, isSource: true, savingsCents: 0 }),
      offerAt(STORES.newegg, 9_999, { availability: 'out_of_stock', section: 'out_of_stock' }),
    ],
    matches: [],
    similarProducts: [],
    unreadPage: null,
    variants: [],
    priceRange: null,
    condition: null,
    cheapestFirst: false,
  };
}
