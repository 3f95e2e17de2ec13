import type { ProductDetailResponse, SearchOffer, SearchResult, Watch } from '@pricehunt/contracts';

/** Product 7 of the fixtures: what the catalog knows of it, its figures aside. */
const SONY_HEADPHONES = {
  id: 7,
  title: 'Sony WH-1000XM5 Wireless Headphones',
  brand: 'Sony',
  model: 'WH-1000XM5',
  gtin: null,
  category: 'Headphones',
  categorySlug: 'headphones',
  imageUrl: null,
};

export const REQUEST_ID = '5b2f4c1e-8a3d-4f6b-9c2e-1d7a6b5c4e3f';

export function searchOffer(overrides: Partial<SearchOffer> & Pick<SearchOffer, 'id' | 'retailer' | 'priceCents'>): SearchOffer {
  const shipping = overrides.shippingCents ?? 0;
  const url = overrides.url ?? `https://www.${overrides.retailer.id}.com/p/${overrides.id}`;
  return {
    productId: 7,
    title: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
    brand: 'Sony',
    model: 'WH-1000XM5',
    gtin: null,
    price: overrides.priceCents / 100,
    shippingCents: shipping,
    totalCents: overrides.priceCents + shipping,
    currency: 'USD',
    availability: 'in_stock',
    condition: 'new',
    imageUrl: null,
    url,
    redirectUrl: `/api/redirect?to=${encodeURIComponent(url)}&source=product_suggestion&timestamp=1`,
    businessDomain: null,
    isShopify: false,
    lowestIn90Days: false,
    isBundle: false,
    savingsCents: null,
    isBestPrice: false,
    isSource: false,
    ...overrides,
    section: overrides.section ?? sectionOf(overrides),
  };
}

/** The section the API lists an offer in (`catalog-pricing`), from what the fixture says of it. */
function sectionOf(offer: Partial<SearchOffer>): SearchOffer['section'] {
  if (offer.availability === 'out_of_stock') return 'out_of_stock';
  if (offer.isBundle) return 'bundle';
  return offer.condition === 'used' || offer.condition === 'refurbished' ? 'second_hand' : 'new';
}

/** A pasted Amazon link answered with three retailers; Walmart is cheapest. */
export function searchResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    success: true,
    requestId: REQUEST_ID,
    createdAt: '2026-11-20T10:00:00.000Z',
    input: { url: 'https://www.amazon.com/dp/B09XS7JWHH', query: null },
    correctedQuery: null,
    identifiedBy: 'known-offer',
    source: {
      offerId: 1,
      retailer: { id: 'amazon', name: 'Amazon' },
      title: 'Sony WH-1000XM5',
      brand: 'Sony',
      model: 'WH-1000XM5',
      gtin: null,
      priceCents: 39_999,
      currency: 'USD',
      imageUrl: null,
      url: 'https://www.amazon.com/dp/B09XS7JWHH',
      canonicalUrl: 'https://amazon.com/dp/B09XS7JWHH',
      externalId: 'B09XS7JWHH',
    },
    product: {
      ...SONY_HEADPHONES,
      offerCount: 3,
      bestPriceCents: 32_999,
      bestPriceCondition: 'new',
      currency: 'USD',
      confidence: 0.94,
    },
    offers: [
      searchOffer({ id: 2, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 32_999, savingsCents: 7_000, isBestPrice: true }),
      searchOffer({ id: 3, retailer: { id: 'bestbuy', name: 'Best Buy' }, priceCents: 34_999, shippingCents: 599, savingsCents: 4_401 }),
      searchOffer({ id: 1, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 39_999, url: 'https://www.amazon.com/dp/B09XS7JWHH', savingsCents: 0, isSource: true }),
    ],
    matches: [],
    similarProducts: [],
    ...overrides,
    unreadPage: overrides.unreadPage ?? null,
    variants: overrides.variants ?? [],
    priceRange: overrides.priceRange ?? null,
    condition: overrides.condition ?? null,
    cheapestFirst: overrides.cheapestFirst ?? false,
  };
}

/**
 * GET /api/products/7 (the Sony WH-1000XM5) with these offers: the product's figures as given (no price history unless
 * `rest` gives one).
 */
export function productDetailOf(
  offers: SearchOffer[],
  product: Pick<ProductDetailResponse['product'], 'bestPriceCents'> & Partial<ProductDetailResponse['product']>,
  rest: Partial<Omit<ProductDetailResponse, 'product' | 'offers'>> = {},
): ProductDetailResponse {
  return {
    success: true,
    product: {
      ...SONY_HEADPHONES,
      offerCount: offers.length,
      currency: 'USD',
      ...product,
    },
    offers: offers.map(({ savingsCents: _s, isSource: _i, ...offer }) => offer),
    priceHistory: [],
    priceSummaries: [],
    ...rest,
    specs: rest.specs ?? [],
    variants: rest.variants ?? [],
  };
}

/** The signed-in shopper's watch of product 7 (the Sony WH-1000XM5): a $299 target, by email. */
export function watchOf(overrides: Partial<Watch> = {}): Watch {
  return {
    id: '0b6f4c1e-8a3d-4f6b-9c2e-1d7a6b5c4e3f',
    status: 'active',
    productId: 7,
    url: null,
    title: SONY_HEADPHONES.title,
    store: null,
    targetPriceCents: 29_900,
    currency: 'USD',
    currentPriceCents: 32_999,
    bestPriceCents: 32_999,
    lowestPriceCents90d: 31_000,
    inStock: true,
    channels: [{ channel: 'email', target: 'sam@example.com', state: 'ok', failures: 0, lastError: null, lastDeliveredAt: null }],
    createdAt: '2026-11-20T10:00:00.000Z',
    lastCheckedAt: null,
    lastEvent: null,
    ...overrides,
  };
}
