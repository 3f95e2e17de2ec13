import { parsePrice } from './price';
import { getSessionId } from './session';
import { getUtmParams } from './utm';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const DATA_LAYER_CURRENCY = 'USD';
export const UNKNOWN_PRODUCT_NAME = 'Unknown Product';

/** A product as the search and comparison pages have it (SPEC §3 product suggestion). */
export interface DataLayerProduct {
  url: string;
  name?: string | null;
  title?: string | null;
  price?: string | number | null;
}

export interface DataLayerItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: 1;
}

export interface DataLayerCustomParameters {
  product_url: string;
  alternatives_count?: number;
  session_id: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
}

export interface DataLayerEvent {
  event: 'product_search' | 'price_comparison';
  ecommerce: { currency: typeof DATA_LAYER_CURRENCY; items: DataLayerItem[] };
  custom_parameters: DataLayerCustomParameters;
}

function item(product: DataLayerProduct): DataLayerItem {
  const name = (product.name ?? product.title ?? '').trim();
  return {
    item_id: product.url,
    item_name: name || UNKNOWN_PRODUCT_NAME,
    price: parsePrice(product.price) ?? 0,
    quantity: 1,
  };
}

function customParameters(product: DataLayerProduct): DataLayerCustomParameters {
  const utm = getUtmParams();
  return {
    product_url: product.url,
    session_id: getSessionId(),
    referrer: typeof document !== 'undefined' && document.referrer ? document.referrer : null,
    utm_source: utm.source ?? null,
    utm_medium: utm.medium ?? null,
    utm_campaign: utm.campaign ?? null,
    utm_term: utm.term ?? null,
    utm_content: utm.content ?? null,
  };
}

function push(event: DataLayerEvent): DataLayerEvent {
  if (typeof window !== 'undefined') {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(event);
  }
  return event;
}

/** Pushes `product_search` to `window.dataLayer` for the product a shopper searched for. */
export function pushProductSearch(product: DataLayerProduct): DataLayerEvent {
  return push({ event: 'product_search', ecommerce: { currency: DATA_LAYER_CURRENCY, items: [item(product)] }, custom_parameters: customParameters(product) });
}

/** Pushes `price_comparison` to `window.dataLayer`: the product plus how many alternatives were shown. */
export function pushPriceComparison(product: DataLayerProduct, alternatives: readonly unknown[] | number): DataLayerEvent {
  const count = typeof alternatives === 'number' ? alternatives : alternatives.length;
  if (!Number.isInteger(count) || count < 0) throw new RangeError('alternatives must be a list or a non-negative whole number');
  return push({
    event: 'price_comparison',
    ecommerce: { currency: DATA_LAYER_CURRENCY, items: [item(product)] },
    custom_parameters: { ...customParameters(product), alternatives_count: count },
  });
}
