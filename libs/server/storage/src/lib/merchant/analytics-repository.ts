import type { OrderLine } from './repository';

/** Rows the dashboard figures are computed from. Times are epoch milliseconds. */
export interface ClickActivityRow {
  t: number;
  requestedUrl: string;
  targetUrl: string;
  referrer: string | null;
  productTitle: string | null;
}

export interface ReferralActivityRow {
  t: number;
  referralId: string;
  /** The store's page the shopper was sent to, as the referral asked for it (the store offer's link). */
  requestedUrl: string;
  productName: string | null;
  sourceUrl: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
}

export interface ConversionRow {
  id: string;
  t: number;
  orderId: string;
  valueCents: number;
  currency: string;
  referralId: string | null;
  /** Set when the conversion's referral belongs to the business and is inside the attribution window. */
  referredAt: number | null;
  /** The attributed referral's store page (its offer's link), as it asked for it. */
  referralUrl: string | null;
  productName: string | null;
  sourceUrl: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  /** The order's lines, when the store named them. */
  lines: OrderLine[] | null;
}

/** One of the business's offers in the catalog, with the product it is a listing of: what clicks, referrals and order lines name. */
export interface StoreOfferRow {
  productId: number | null;
  productTitle: string | null;
  externalId: string;
  url: string;
  canonicalUrl: string;
  /** Its part or model number (a store's SKU when its feed gives it so). */
  model: string | null;
}

export interface ActivityRow {
  id: string;
  type: 'click' | 'referral' | 'conversion' | 'event';
  name: string;
  t: number;
  detail: string | null;
  url: string | null;
  valueCents: number | null;
  currency: string | null;
  referralId: string | null;
}

/** The figures of the merchant dashboard: tracking rows and conversions, always scoped to one business. Times are epoch ms. */
export interface AnalyticsRepository {
  /** The business's clicks (redirects to its store and `product_click` events) in [start, end), with the offer's title when known. */
  clicks(businessId: string, start: number, end: number): Promise<ClickActivityRow[]>;
  /** The business's referrals in [start, end). */
  referrals(businessId: string, start: number, end: number): Promise<ReferralActivityRow[]>;
  /**
   * The business's conversions in [start, end), oldest first, each with its referral when that belongs to the business
   * and the order falls in the attribution window of `windowMs` (see attribution-window.ts).
   */
  conversions(businessId: string, start: number, end: number, windowMs: number): Promise<ConversionRow[]>;
  /** A page of the business's activity (clicks, referrals, conversions, events other than purchases), newest first, and how many match. */
  activity(businessId: string, options: { type?: string; q?: string; limit: number; offset: number }): Promise<{ rows: ActivityRow[]; total: number }>;
  /** The business's offers with their products (the catalog's one row per product its figures are grouped by). */
  storeOffers(businessId: string): Promise<StoreOfferRow[]>;
  /** When the store's tracking script last reported an event (page view, purchase, referral landing), or null. */
  lastScriptEventAt(businessId: string): Promise<number | null>;
}
