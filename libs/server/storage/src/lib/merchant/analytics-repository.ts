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
  productName: string | null;
  sourceUrl: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
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
  /** When the store's tracking script last reported an event (page view, purchase, referral landing), or null. */
  lastScriptEventAt(businessId: string): Promise<number | null>;
}
