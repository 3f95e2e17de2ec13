import type { OrderLine, StoreOfferRow } from '@pricehunt/storage';

export const NONE = '(none)';

export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

export function utmOf(url: string | null | undefined, key: 'utm_source' | 'utm_campaign'): string | null {
  if (!url) return null;
  try {
    return new URL(url).searchParams.get(key);
  } catch {
    return null;
  }
}

export function refOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('ref');
  } catch {
    return null;
  }
}

export function pathLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.pathname}`;
  } catch {
    return url;
  }
}

/** What a figure is credited to in the product breakdown: a catalog product (`product:<id>`) or, failing one, a name. */
export interface ProductRef {
  key: string;
  label: string;
}

export const named = (label: string | null | undefined): ProductRef => {
  const text = label?.trim() || NONE;
  return { key: `name:${text}`, label: text };
};

/** A page's address without its query and fragment (`host/path`), lower case: a store's product page whatever variant or tag it carries. */
export function pageOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return null;
  }
}

/** The link without what a referral adds to it (`ref`, `pricehunt_ref`, UTM values). */
export function withoutTracking(url: string): string {
  try {
    const u = new URL(url);
    for (const key of [...u.searchParams.keys()]) if (key === 'ref' || key === 'pricehunt_ref' || key.startsWith('utm_')) u.searchParams.delete(key);
    return u.href;
  } catch {
    return url;
  }
}

/**
 * The business's catalog products, found from what clicks, referrals and order lines name: an offer's link (as given,
 * without tracking values, or its page whatever the variant), the store's own product or variant id, its SKU (the
 * offer's part number). One product is one row however its offers or the shoppers' searches titled it.
 */
export function productCatalog(offers: readonly StoreOfferRow[]) {
  const byUrl = new Map<string, ProductRef>();
  const byPage = new Map<string, ProductRef>();
  const byExternalId = new Map<string, ProductRef>();
  const bySku = new Map<string, ProductRef>();
  const keep = (map: Map<string, ProductRef>, key: string | null | undefined, ref: ProductRef) => {
    if (key && !map.has(key)) map.set(key, ref);
  };
  for (const offer of offers) {
    if (offer.productId === null) continue;
    const ref = { key: `product:${offer.productId}`, label: offer.productTitle?.trim() || pathLabel(offer.url) };
    keep(byUrl, offer.url, ref);
    keep(byUrl, offer.canonicalUrl, ref);
    keep(byPage, pageOf(offer.url), ref);
    keep(byPage, pageOf(offer.canonicalUrl), ref);
    keep(byExternalId, offer.externalId, ref);
    keep(bySku, offer.model?.trim().toLowerCase(), ref);
  }
  const ofUrl = (url: string | null | undefined): ProductRef | null => {
    if (!url) return null;
    const plain = withoutTracking(url);
    return byUrl.get(url) ?? byUrl.get(plain) ?? byPage.get(pageOf(plain) ?? '') ?? null;
  };
  return {
    ofUrl,
    ofLine: (line: OrderLine): ProductRef =>
      (line.productId !== null ? byExternalId.get(line.productId) : undefined) ??
      ofUrl(line.url) ??
      (line.sku !== null ? bySku.get(line.sku.trim().toLowerCase()) : undefined) ??
      named(line.name ?? line.sku ?? line.productId ?? line.url),
  };
}
export type ProductCatalog = ReturnType<typeof productCatalog>;

/**
 * `cents` split among an order's lines by each line's price × quantity (scaled to the order's value when the lines add
 * up to another total, as shipping, taxes or a discount make them; the largest remainders take the odd cents), so the
 * parts add up to `cents`. Empty when the lines carry no amount.
 */
export function splitByLines(cents: number, lines: readonly OrderLine[]): number[] {
  const weights = lines.map((line) => line.priceCents * line.quantity);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return [];
  const exact = weights.map((weight) => (cents * weight) / total);
  const parts = exact.map(Math.floor);
  let left = cents - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] as number) + 1;
    left--;
  }
  return parts;
}
