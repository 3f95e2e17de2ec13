import type Database from 'better-sqlite3';
import type { WriteOp } from '../../db/write-queue';

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

const INSERT_CLICK = `insert into clicks (id, created_at, requested_url, target_url, host, source, session_id, referrer, user_agent,
  business_id, client_timestamp, signed) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_REFERRAL = `insert into referrals (id, referral_id, created_at, business_domain, business_id, requested_url, target_url,
  source_url, product_name, user_id, utm_source, utm_medium, utm_campaign, referrer, user_agent)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_EVENT = `insert into events (id, created_at, event_type, business_domain, business_id, session_id, user_id, referral_id,
  url, value_cents, currency, client_timestamp, data, user_agent) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
/**
 * The business an event is attributed to, looked up when the write commits: of the verified store domains among
 * `count` candidates (most specific first: the host, then its parent domains), the most specific one's business,
 * and only if it is active (the SQL form of `canReceiveAttribution`). A domain a business only claimed counts for
 * nothing. One statement per number of candidates, with a placeholder each (cheaper per row than unpacking a JSON
 * array with json_each).
 */
const attributedInsertSql: string[] = [];
function insertEventAttributedSql(count: number): string {
  return (attributedInsertSql[count] ??= `insert into events (id, created_at, event_type, business_domain, business_id, session_id, user_id,
  referral_id, url, value_cents, currency, client_timestamp, data, user_agent)
  values (?, ?, ?, ?, (select case when b.status = 'active' then b.id end from verified_domains v join businesses b on b.id = v.business_id
    where v.domain in (${Array.from({ length: count }, () => '?').join(', ')}) order by length(v.domain) desc limit 1),
  ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
}

/** Inserts an event with the business it already carries. */
function insertEvent(r: EventRow): WriteOp {
  return {
    sql: INSERT_EVENT,
    params: [
      r.id, r.createdAt, r.eventType, r.businessDomain, r.businessId, r.sessionId, r.userId, r.referralId, r.url, r.valueCents,
      r.currency, r.clientTimestamp, r.data, r.userAgent,
    ],
  };
}

/**
 * SQL for clicks, referrals and events. Reads run on the request's connection; inserts are returned as
 * write operations for the write queue (which commits them, possibly on its writer thread).
 */
export function createTrackingRepository(sqlite: Database.Database) {
  const businessByDomain = sqlite.prepare<[string], { id: string; status: 'active' | 'suspended' }>(
    'select b.id, b.status from verified_domains v join businesses b on b.id = v.business_id where v.domain = ?',
  );
  const referralById = sqlite.prepare<[string], { referral_id: string; business_domain: string; requested_url: string; target_url: string }>(
    'select referral_id, business_domain, requested_url, target_url from referrals where referral_id = ?',
  );
  const offerByCanonicalUrl = sqlite.prepare<[string], { url: string; canonicalUrl: string }>(
    'select url, canonical_url as canonicalUrl from offers where canonical_url = ? and business_id is null',
  );
  return {
    /**
     * The link of the catalog offer (from a feed an admin imported, no merchant's) whose canonical URL is
     * `canonicalUrl`: its URL and canonical URL, or undefined.
     */
    findTrustedOffer(canonicalUrl: string): { url: string; canonicalUrl: string } | undefined {
      return offerByCanonicalUrl.get(canonicalUrl);
    },
    /** The business that verified exactly `domain` as its store domain. */
    findBusinessByVerifiedDomain(domain: string): { id: string; status: 'active' | 'suspended' } | undefined {
      return businessByDomain.get(domain);
    },
    findReferral(referralId: string) {
      return referralById.get(referralId);
    },
    insertClick(r: ClickRow): WriteOp {
      return {
        sql: INSERT_CLICK,
        params: [r.id, r.createdAt, r.requestedUrl, r.targetUrl, r.host, r.source, r.sessionId, r.referrer, r.userAgent, r.businessId, r.clientTimestamp, r.signed ? 1 : 0],
      };
    },
    insertReferral(r: ReferralRow): WriteOp {
      return {
        sql: INSERT_REFERRAL,
        params: [
          r.id, r.referralId, r.createdAt, r.businessDomain, r.businessId, r.requestedUrl, r.targetUrl, r.sourceUrl, r.productName,
          r.userId, r.utmSource, r.utmMedium, r.utmCampaign, r.referrer, r.userAgent,
        ],
      };
    },
    /**
     * Inserts an event attributed, as it commits, to the business owning one of `storeDomains` (see
     * insertEventAttributedSql; none when empty): the request's thread then reads nothing. `r.businessId` is ignored.
     */
    insertEventAttributed(r: EventRow, storeDomains: readonly string[]): WriteOp {
      if (!storeDomains.length) return insertEvent({ ...r, businessId: null });
      return {
        sql: insertEventAttributedSql(storeDomains.length),
        params: [
          r.id, r.createdAt, r.eventType, r.businessDomain, ...storeDomains, r.sessionId, r.userId,
          r.referralId, r.url, r.valueCents, r.currency, r.clientTimestamp, r.data, r.userAgent,
        ],
      };
    },
    insertEvent,
  };
}
export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
