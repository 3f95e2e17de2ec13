import type { ActivityFigures, AdminRetailer, AuditEntry, AuditQuery, NewAuditEntry, BusinessFigures, BusinessListQuery, OverviewResponse } from '@pricehunt/contracts';

/** A business row as the admin console reads it (no password hash). */
export interface AdminBusinessRow {
  id: string;
  email: string;
  storeName: string | null;
  storeDomain: string | null;
  isAdmin: boolean;
  status: 'active' | 'suspended';
  createdAt: string;
  updatedAt: string;
  /** The business proved its current store domain. */
  domainVerified: boolean;
}

/** What an admin changes of a business: its status, its admin access. */
export interface BusinessState {
  status: 'active' | 'suspended';
  isAdmin: boolean;
}

/** A retailer's settings an admin edits. */
export type RetailerSettings = {
  name: string;
  domains: string[];
  affiliateParam: string | null;
};

/**
 * The admin console's storage: businesses as admins manage them, figures for the overview read across domains
 * (accounts, tracking, catalog, merchant conversions; what this installation does not hold counts as empty),
 * retailers' settings, and the audit log.
 */
export interface AdminRepository {
  findBusiness(id: string): Promise<AdminBusinessRow | undefined>;
  /** One page of businesses and the number matching the query. */
  listBusinesses(query: BusinessListQuery): Promise<{ total: number; items: AdminBusinessRow[] }>;
  /**
   * One transaction: when the business's status and admin access are still `expected`, applies `change` (stamped
   * `now`), ends every session in which the business is signed in when `endSessions` (then `audit.after` records
   * `sessionsEnded`), and records `audit`. Answers the business as changed, the audit entry and the sessions ended;
   * null when the business is gone or was changed meanwhile (nothing written). With `refreshStoreTrust` (a change of
   * status), the business's offers are shown or hidden as its store's trust now says, and their products' figures
   * refreshed, in the same transaction (the catalog's refreshStoreTrust): no suspended business's offers stay shown.
   */
  changeBusiness(input: {
    id: string;
    expected: BusinessState;
    change: Partial<BusinessState>;
    endSessions: boolean;
    refreshStoreTrust?: boolean;
    audit: NewAuditEntry;
    now: string;
  }): Promise<{ business: AdminBusinessRow; audit: AuditEntry; sessionsEnded: number } | null>;
  /** The time zone a business's figures are counted in and the currency of their revenue (its settings', or the defaults). */
  businessReporting(businessId: string): Promise<{ timeZone: string; currency: string }>;
  /**
   * The business's activity in [`period.start`, `period.end`) (epoch ms) and ever, as its dashboard counts it: clicks
   * (redirects to its store and its `product_click` events), referrals, conversions its referrals earned inside its
   * attribution window and their revenue in its currency; its offers and its live sessions.
   */
  businessFigures(businessId: string, period: { start: number; end: number }): Promise<Omit<BusinessFigures, 'period'>>;
  /** Businesses by status, admin access and store; `newLast30Days` counts those created from `since` on. */
  businessCounts(since: string): Promise<OverviewResponse['businesses']>;
  /** Figures per UTC day from `fromMs` on, keyed `YYYY-MM-DD` (days without activity are absent). */
  dailyActivity(fromMs: number): Promise<Map<string, ActivityFigures>>;
  /** Offers, products, and retailers with their offers (most first). */
  catalogSize(): Promise<OverviewResponse['catalog']>;
  /** Every retailer by name, with its offers and its last import. */
  listRetailers(): Promise<AdminRetailer[]>;
  findRetailer(id: string): Promise<AdminRetailer | undefined>;
  /** Another retailer than `exceptId` that already lists one of these domains. */
  retailerOwningDomain(domains: string[], exceptId: string): Promise<{ id: string; domain: string } | undefined>;
  /**
   * One transaction: when the retailer's settings are still `expected` and no other retailer lists one of the new
   * domains, applies `changes`, records `audit` (stamped `now`) and answers the retailer; null (nothing written) otherwise.
   */
  updateRetailer(input: {
    id: string;
    expected: RetailerSettings;
    changes: Partial<RetailerSettings>;
    audit: NewAuditEntry;
    now: string;
  }): Promise<AdminRetailer | null>;
  countProducts(): Promise<number>;
  /** The database's size, its write-ahead log's, and the rows of the tables the overview shows. */
  databaseSize(): Promise<OverviewResponse['database']>;
  /** Records an audit entry stamped `now`; answers it as stored. */
  insertAudit(entry: NewAuditEntry, now: string): Promise<AuditEntry>;
  /** One page of the audit log, newest first (entries of one business, of one action, or all). */
  listAudit(query: AuditQuery): Promise<{ total: number; items: AuditEntry[] }>;
}
