import type { SearchOffer, SearchResult } from '@pricehunt/contracts';

/** The source every link of the extension carries through `/api/redirect`, so its clicks are told apart. */
export const REDIRECT_SOURCE = 'extension';

/** One other store's offer as the panel and the popup show it. */
export interface StoreOffer {
  store: string;
  totalCents: number;
  /** False when the store does not state its shipping (the total is the price alone, "+ shipping"). */
  shippingKnown: boolean;
  /** Through the API's `/api/redirect`, with the extension as the source. */
  link: string;
}

/** What the extension shows about a product page: the product, the other stores and the best of them. */
export interface Comparison {
  requestId: string;
  productId: number;
  title: string;
  currency: string;
  /** How many other stores sell the product now (the page's own store left out). */
  storeCount: number;
  /** The cheapest new offer at another store (any offer that can be bought, when none is new). */
  best: StoreOffer | null;
  /** The page's price as the catalog knows it (total with shipping), when it does. */
  pagePriceCents: number | null;
  /** How much less the best offer costs than the page (negative: it costs more); null when the two do not compare. */
  savingCents: number | null;
  /** The comparison on the shopper site. */
  comparisonUrl: string;
  /** The other stores' offers, cheapest first, one per store. */
  offers: StoreOffer[];
}

/** `/api/redirect?…` of an offer made absolute on the API's address, its source the extension. */
export function extensionRedirectLink(apiUrl: string, redirectUrl: string): string | null {
  if (!redirectUrl.startsWith('/api/redirect?')) return null;
  let link: URL;
  try {
    link = new URL(`${apiUrl}${redirectUrl}`);
  } catch {
    return null;
  }
  if (!link.searchParams.get('to')) return null;
  link.searchParams.set('source', REDIRECT_SOURCE);
  return link.href;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The shopper site's page of a stored search: `/search/<requestId>/<host>-<last path segment>`, as the site names it. */
export function comparisonUrlOf(siteUrl: string, requestId: string, pageUrl: string): string {
  let slug = 'product';
  try {
    const url = new URL(pageUrl);
    slug = slugify(`${url.hostname.replace(/^www\./, '')} ${url.pathname.split('/').filter(Boolean).pop() ?? ''}`) || slug;
  } catch {
    // The slug only decorates the address: the request id is what the page loads.
  }
  return `${siteUrl}/search/${encodeURIComponent(requestId)}/${slug}`;
}

const canBeBought = (offer: SearchOffer) => offer.section !== 'out_of_stock';

/**
 * Reads a search answer for a pasted page: null when it names no product. The API decides the order, the sections
 * and the savings; this only picks the other stores' offers (one per store, the cheapest) and the best of them.
 */
export function comparisonOf(result: SearchResult, addresses: { apiUrl: string; siteUrl: string }, pageUrl: string): Comparison | null {
  const product = result.product;
  if (!product) return null;
  const pageStore = result.source.retailer?.id ?? null;
  const others = result.offers.filter((offer) => !offer.isSource && offer.retailer.id !== pageStore && canBeBought(offer));
  const cheapestPerStore = new Map<string, SearchOffer>();
  for (const offer of [...others].sort((a, b) => a.totalCents - b.totalCents)) {
    if (!cheapestPerStore.has(offer.retailer.id)) cheapestPerStore.set(offer.retailer.id, offer);
  }
  const view = (offer: SearchOffer): StoreOffer | null => {
    const link = extensionRedirectLink(addresses.apiUrl, offer.redirectUrl);
    return link ? { store: offer.retailer.name, totalCents: offer.totalCents, shippingKnown: offer.shippingCents !== null, link } : null;
  };
  const newOffers = others.filter((offer) => offer.section === 'new');
  const bestOffer = [...(newOffers.length ? newOffers : others)].sort((a, b) => a.totalCents - b.totalCents)[0] ?? null;
  return {
    requestId: result.requestId,
    productId: product.id,
    title: product.title,
    currency: bestOffer?.currency ?? product.currency ?? result.source.currency ?? 'USD',
    storeCount: cheapestPerStore.size,
    best: bestOffer ? view(bestOffer) : null,
    pagePriceCents: result.source.priceCents,
    savingCents: bestOffer?.savingsCents ?? null,
    comparisonUrl: comparisonUrlOf(addresses.siteUrl, result.requestId, pageUrl),
    offers: [...cheapestPerStore.values()].map(view).filter((offer): offer is StoreOffer => offer !== null),
  };
}

/** "$1,249.50" (in the offer's currency). */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
