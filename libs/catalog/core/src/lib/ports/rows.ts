import type { Availability, Condition } from '@pricehunt/contracts';
import type { PriceGroup } from '@pricehunt/catalog-pricing';
import { categorySlug } from '../category';

/** A model key found as the start of a longer one is at least this long, and the longer one adds at most this many characters. */
const MIN_EXTENDED_KEY = 6;
const MAX_KEY_SUFFIX = 4;

/**
 * The keys a model key may extend by a colour or region code, longest first: `7516790100SL` → `7516790100S`,
 * `7516790100`, … (a part number stated with its suffix against the same number a title states without it).
 */
export function shorterModelKeys(modelKey: string): string[] {
  const keys: string[] = [];
  for (let cut = modelKey.length - 1; cut >= Math.max(MIN_EXTENDED_KEY, modelKey.length - MAX_KEY_SUFFIX); cut--) keys.push(modelKey.slice(0, cut));
  return keys;
}

/** An offer row as the catalog stores it. */
export interface OfferRow {
  id: number;
  retailerId: string;
  externalId: string;
  canonicalUrl: string;
  url: string;
  host: string;
  title: string;
  brand: string | null;
  model: string | null;
  modelKey: string | null;
  gtin: string | null;
  priceCents: number;
  currency: string;
  shippingCents: number | null;
  availability: Availability;
  condition: Condition;
  imageUrl: string | null;
  category: string | null;
  businessId: string | null;
  productId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** An offer joined with what the search answer shows about its retailer and owning business. */
export interface OfferWithRetailer extends OfferRow {
  /** Why shoppers do not see the offer (`offers.held`), or null. */
  held: 'store' | 'price' | null;
  /** The offers of its product it compares with (`offers.price_group`, written with the product's figures). */
  priceGroup: PriceGroup;
  /** `page` for an offer read from a product page a shopper pasted or watches (its link is shown signed), else `feed`. */
  origin: 'feed' | 'page';
  retailerName: string;
  businessDomain: string | null;
  /** 1 when the owning business connected its Shopify store (its domain may be its own, not *.myshopify.com). */
  shopifyStore: 0 | 1;
}

export type NewOffer = Omit<OfferRow, 'id' | 'createdAt' | 'updatedAt'>;

/** An offer as ranking compares it: what it says about itself, and when it last changed. */
export interface OfferItem {
  id: number;
  updatedAt: string;
  title: string;
  brand: string | null;
  model: string | null;
  gtin: string | null;
  priceCents: number;
}

/** An offer as candidate lookups return it: enough to group by product and to reuse a prepared form. */
export interface OfferRef {
  id: number;
  productId: number | null;
  updatedAt: string;
}

export interface ProductRow {
  id: number;
  title: string;
  brand: string | null;
  model: string | null;
  modelKey: string | null;
  gtin: string | null;
  category: string | null;
  categorySlug: string | null;
  imageUrl: string | null;
  offerCount: number;
  /** The product's best price as `catalog-pricing` decides it (`bestPrice`), written with its figures. */
  bestPriceCents: number | null;
  /** The condition of the offer `bestPriceCents` is the total of (null with no best price). */
  bestPriceCondition: Condition | null;
  /** The offer `bestPriceCents` is the total of. */
  bestOfferId: number | null;
  /** Whether that offer's shipping is known (1 or 0; a total without it is its price "+ shipping"); null with none. */
  bestShippingKnown: number | boolean | null;
  currency: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewProduct = Pick<ProductRow, 'title' | 'brand' | 'model' | 'modelKey' | 'gtin' | 'category' | 'categorySlug' | 'imageUrl'>;

/** A new product as its first offer describes it (an import, a re-cluster, an offer an admin takes out). */
export const productOf = (record: Pick<OfferRow, 'title' | 'brand' | 'model' | 'modelKey' | 'gtin' | 'category' | 'imageUrl'>): NewProduct => ({
  title: record.title,
  brand: record.brand,
  model: record.model,
  modelKey: record.modelKey,
  gtin: record.gtin,
  category: record.category,
  categorySlug: record.category ? categorySlug(record.category) : null,
  imageUrl: record.imageUrl,
});

export interface RetailerRow {
  id: string;
  name: string;
  domains: string[];
  affiliateParam: string | null;
}

/** A product a search box may suggest. */
export interface SuggestionCandidate {
  productId: number;
  title: string;
  offerCount: number;
}
