import type { ConversionRecord } from '../merchant/repository';
export interface ClickRow {
  id: string;
  createdAt: number;
  requestedUrl: string;
  targetUrl: string;
  host: string;
  source: string;
  sessionId: string | null;
  referrer: string | null;
  userAgent: string | null;
  businessId: string | null;
  clientTimestamp: number | null;
  signed: boolean;
}

export interface ReferralRow {
  id: string;
  referralId: string;
  createdAt: number;
  businessDomain: string;
  businessId: string | null;
  requestedUrl: string;
  targetUrl: string;
  sourceUrl: string | null;
  productName: string | null;
  userId: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  userAgent: string | null;
}

export interface EventRow {
  id: string;
  createdAt: number;
  eventType: string;
  businessDomain: string | null;
  businessId: string | null;
  sessionId: string | null;
  userId: string | null;
  referralId: string | null;
  url: string | null;
  valueCents: number | null;
  currency: string | null;
  clientTimestamp: number | null;
  data: string;
  userAgent: string | null;
}

/** A conversion a purchase event reports: the business's order, stored once per business and order id (a conversion's row). */
export type OrderRow = ConversionRecord;

/** A stored referral, as a retry of it is compared with. */
export interface StoredReferral {
  referralId: string;
  businessDomain: string;
  requestedUrl: string;
  targetUrl: string;
}

/** A business that verified a store domain, and whether it is active. */
export interface StoreOwner {
  id: string;
  status: 'active' | 'suspended';
}

/** Clicks, referrals, events and the orders purchases report. Each write resolves only once its row is durably committed. */
export interface TrackingRepository {
  /** The referral stored under `referralId`, if any. */
  findReferral(referralId: string): Promise<StoredReferral | undefined>;
  /** Stores a click; resolves once it is durably committed. */
  recordClick(row: ClickRow): Promise<void>;
  /** Stores a referral; resolves once it is durably committed (rejects on a referral id already stored). */
  recordReferral(row: ReferralRow): Promise<void>;
  /**
   * Stores an event attributed, as it commits, to the active business that verified the most specific of
   * `storeDomains` (most specific first; no business when empty or when none is verified); `row.businessId` is
   * ignored. Resolves once it is durably committed.
   */
  recordEvent(row: EventRow, storeDomains: readonly string[]): Promise<void>;
  /**
   * Stores a purchase event with the business it carries and the orders it reports (an order id its business
   * already has keeps its first row), atomically; resolves once durably committed.
   */
  recordPurchase(row: EventRow, orders: readonly OrderRow[]): Promise<void>;
  /** Commits every write handed over so far, then accepts no more. */
  close(): Promise<void>;
}

/** The look-ups behind the redirect allow-list and attribution: proved store domains and catalog offer links. */
export interface RedirectTrustRepository {
  /** The business that verified the first of `domains` (most specific first) that any business verified, if any. */
  findStoreOwner(domains: readonly string[]): Promise<StoreOwner | undefined>;
  /**
   * The link of the catalog offer (from a feed an admin imported, no merchant's) whose canonical URL is
   * `canonicalUrl`: its URL as stored and its canonical URL, or undefined.
   */
  findCatalogOfferLink(canonicalUrl: string): Promise<{ url: string; canonicalUrl: string } | undefined>;
}
