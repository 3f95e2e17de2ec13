import type { DatabaseHandle } from '../db/client';
import { createGroupCommitQueue, createImmediateQueue, createWriterThreadQueue, type WriteOp, type WriteQueue } from '../db/write-queue';
import type { ClickRow, EventRow, OrderRow, RedirectTrustRepository, ReferralRow, StoreOwner, StoredReferral, TrackingRepository } from './repository';

const INSERT_CLICK = `insert into clicks (id, created_at, requested_url, target_url, host, source, session_id, referrer, user_agent,
  business_id, client_timestamp, signed) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_REFERRAL = `insert into referrals (id, referral_id, created_at, business_domain, business_id, requested_url, target_url,
  source_url, product_name, user_id, utm_source, utm_medium, utm_campaign, referrer, user_agent)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_EVENT = `insert into events (id, created_at, event_type, business_domain, business_id, session_id, user_id, referral_id,
  url, value_cents, currency, client_timestamp, data, user_agent) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
/** An order counts once per business and order id: a repeated one keeps the first row. */
const INSERT_ORDER = `insert into conversions (id, business_id, order_id, value_cents, currency, referral_id, session_id, source, event_id,
  occurred_at, created_at, lines) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`;
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

/** Inserts an event attributed as it commits (see insertEventAttributedSql; to no business when `storeDomains` is empty). */
function insertEventAttributed(r: EventRow, storeDomains: readonly string[]): WriteOp {
  if (!storeDomains.length) return insertEvent({ ...r, businessId: null });
  return {
    sql: insertEventAttributedSql(storeDomains.length),
    params: [
      r.id, r.createdAt, r.eventType, r.businessDomain, ...storeDomains, r.sessionId, r.userId,
      r.referralId, r.url, r.valueCents, r.currency, r.clientTimestamp, r.data, r.userAgent,
    ],
  };
}

/**
 * The write queue of the tracking rows: group commit on a writer thread with its own connection (on a database file),
 * group commit on the connection itself (an in-memory database, which a thread cannot share), or one transaction per
 * write when `groupCommit` is false.
 */
function trackingWriteQueue({ sqlite }: DatabaseHandle, groupCommit: boolean): WriteQueue {
  if (!groupCommit) return createImmediateQueue(sqlite);
  if (sqlite.memory) return createGroupCommitQueue(sqlite);
  return createWriterThreadQueue(sqlite.name, { connection: sqlite });
}

/**
 * Clicks, referrals and events on SQLite. Reads run on the app's connection; inserts go through the write queue
 * (group commit, see db/write-queue.ts), and each resolves only once its batch is committed and on disk.
 */
export function createSqliteTrackingRepository(handle: DatabaseHandle, options: { groupCommit?: boolean } = {}): TrackingRepository {
  const { sqlite } = handle;
  const writes = trackingWriteQueue(handle, options.groupCommit ?? true);
  const referralById = sqlite.prepare<[string], StoredReferral>(
    `select referral_id as referralId, business_domain as businessDomain, requested_url as requestedUrl, target_url as targetUrl
     from referrals where referral_id = ?`,
  );
  return {
    async findReferral(referralId) {
      return referralById.get(referralId);
    },
    recordClick(r: ClickRow) {
      return writes.run({
        sql: INSERT_CLICK,
        params: [r.id, r.createdAt, r.requestedUrl, r.targetUrl, r.host, r.source, r.sessionId, r.referrer, r.userAgent, r.businessId, r.clientTimestamp, r.signed ? 1 : 0],
      });
    },
    recordReferral(r: ReferralRow) {
      return writes.run({
        sql: INSERT_REFERRAL,
        params: [
          r.id, r.referralId, r.createdAt, r.businessDomain, r.businessId, r.requestedUrl, r.targetUrl, r.sourceUrl, r.productName,
          r.userId, r.utmSource, r.utmMedium, r.utmCampaign, r.referrer, r.userAgent,
        ],
      });
    },
    recordEvent(r: EventRow, storeDomains: readonly string[]) {
      return writes.run(insertEventAttributed(r, storeDomains));
    },
    async recordPurchase(r: EventRow, orders: readonly OrderRow[]) {
      if (!orders.length) return writes.run(insertEvent(r));
      // This rare write runs as one transaction on the app's connection (its commit is on disk: synchronous=FULL).
      const event = insertEvent(r);
      await writes.transaction(() => {
        sqlite.prepare(event.sql).run(...event.params);
        const insertOrder = sqlite.prepare(INSERT_ORDER);
        for (const o of orders) {
          insertOrder.run(o.id, o.businessId, o.orderId, o.valueCents, o.currency, o.referralId, o.sessionId, o.source, o.eventId, o.occurredAt, o.createdAt, o.lines ? JSON.stringify(o.lines) : null);
        }
      });
    },
    close: () => writes.close(),
  };
}

/** Verified store domains and catalog offer links on SQLite, read on the app's connection. */
export function createSqliteRedirectTrustRepository({ sqlite }: DatabaseHandle): RedirectTrustRepository {
  const ownerByDomain = sqlite.prepare<[string], StoreOwner>(
    'select b.id, b.status from verified_domains v join businesses b on b.id = v.business_id where v.domain = ?',
  );
  const offerByCanonicalUrl = sqlite.prepare<[string], { url: string; canonicalUrl: string }>(
    "select url, canonical_url as canonicalUrl from offers where canonical_url = ? and business_id is null and origin = 'feed'",
  );
  return {
    async findStoreOwner(domains) {
      for (const domain of domains) {
        const owner = ownerByDomain.get(domain);
        if (owner) return owner;
      }
      return undefined;
    },
    async findCatalogOfferLink(canonicalUrl) {
      return offerByCanonicalUrl.get(canonicalUrl);
    },
  };
}
