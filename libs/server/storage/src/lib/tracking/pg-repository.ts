import type pg from 'pg';
import { createPgGroupCommit, createPgImmediateQueue, type PgBatchWriter, type PgWriteQueue } from '../db/pg-group-commit';
import type { PostgresHandle } from '../db/pg-client';
import type { ClickRow, EventRow, OrderRow, RedirectTrustRepository, ReferralRow, StoreOwner, StoredReferral, TrackingRepository } from './repository';

/**
 * Every statement below inserts many rows at once from one array per column (INSERT … SELECT FROM unnest): the same
 * text, prepared once per connection, for a batch of any size and for a single row.
 */
const INSERT_CLICKS = {
  name: 'tracking_insert_clicks',
  text: `INSERT INTO clicks (id, created_at, requested_url, target_url, host, source, session_id, referrer, user_agent, business_id,
    client_timestamp, signed)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
    $10::text[], $11::bigint[], $12::boolean[])`,
};
const INSERT_REFERRALS = {
  name: 'tracking_insert_referrals',
  text: `INSERT INTO referrals (id, referral_id, created_at, business_domain, business_id, requested_url, target_url, source_url,
    product_name, user_id, utm_source, utm_medium, utm_campaign, referrer, user_agent)
  SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
    $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])`,
};
/**
 * Events. An event given store domains (a JSON array, most specific first) is attributed as it commits: of the
 * verified store domains among them, the most specific one's business, and only if it is active (the SQL form of
 * `canReceiveAttribution`, as on SQLite); an event without them keeps the business it carries.
 */
const INSERT_EVENTS = {
  name: 'tracking_insert_events',
  text: `INSERT INTO events (id, created_at, event_type, business_domain, business_id, session_id, user_id, referral_id, url,
    value_cents, currency, client_timestamp, data, user_agent)
  SELECT u.id, u.created_at, u.event_type, u.business_domain,
    CASE WHEN u.domains IS NULL THEN u.business_id ELSE (
      SELECT CASE WHEN b.status = 'active' THEN b.id END FROM verified_domains v JOIN businesses b ON b.id = v.business_id
      WHERE v.domain IN (SELECT jsonb_array_elements_text(u.domains)) ORDER BY length(v.domain) DESC LIMIT 1) END,
    u.session_id, u.user_id, u.referral_id, u.url, u.value_cents, u.currency, u.client_timestamp, u.data::jsonb, u.user_agent
  FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[], $8::text[], $9::text[], $10::text[],
    $11::integer[], $12::text[], $13::bigint[], $14::text[], $15::text[])
    AS u(id, created_at, event_type, business_domain, business_id, domains, session_id, user_id, referral_id, url, value_cents, currency,
      client_timestamp, data, user_agent)`,
};
/** An order counts once per business and order id: a repeated one keeps the first row (as on SQLite: any conflict). */
const INSERT_ORDER = `INSERT INTO conversions (id, business_id, order_id, value_cents, currency, referral_id, session_id, source, event_id,
  occurred_at, created_at, lines) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb) ON CONFLICT DO NOTHING`;

/** A tracking write waiting for its batch. */
type TrackingWrite =
  | { kind: 'click'; row: ClickRow }
  | { kind: 'referral'; row: ReferralRow }
  /** `storeDomains` null: the event keeps `row.businessId`. */
  | { kind: 'event'; row: EventRow; storeDomains: readonly string[] | null };

/** The columns of `rows` as arrays, in the order of `columns`. */
function columnsOf<R>(rows: readonly R[], columns: ReadonlyArray<(row: R) => unknown>): unknown[][] {
  return columns.map((column) => rows.map(column));
}

const clickColumns: ReadonlyArray<(r: ClickRow) => unknown> = [
  (r) => r.id, (r) => r.createdAt, (r) => r.requestedUrl, (r) => r.targetUrl, (r) => r.host, (r) => r.source, (r) => r.sessionId,
  (r) => r.referrer, (r) => r.userAgent, (r) => r.businessId, (r) => r.clientTimestamp, (r) => r.signed,
];
const referralColumns: ReadonlyArray<(r: ReferralRow) => unknown> = [
  (r) => r.id, (r) => r.referralId, (r) => r.createdAt, (r) => r.businessDomain, (r) => r.businessId, (r) => r.requestedUrl, (r) => r.targetUrl,
  (r) => r.sourceUrl, (r) => r.productName, (r) => r.userId, (r) => r.utmSource, (r) => r.utmMedium, (r) => r.utmCampaign, (r) => r.referrer,
  (r) => r.userAgent,
];
type EventWrite = Extract<TrackingWrite, { kind: 'event' }>;
const eventColumns: ReadonlyArray<(w: EventWrite) => unknown> = [
  (w) => w.row.id, (w) => w.row.createdAt, (w) => w.row.eventType, (w) => w.row.businessDomain, (w) => w.row.businessId,
  // An empty list attributes to no business, as on SQLite.
  (w) => (w.storeDomains === null ? null : JSON.stringify(w.storeDomains)),
  (w) => w.row.sessionId, (w) => w.row.userId, (w) => w.row.referralId, (w) => w.row.url, (w) => w.row.valueCents, (w) => w.row.currency,
  (w) => w.row.clientTimestamp, (w) => w.row.data, (w) => w.row.userAgent,
];

/** Stores a batch of tracking writes: one multi-row INSERT per table the batch touches. */
const writeTracking: PgBatchWriter<TrackingWrite> = Object.assign(writeTrackingRows, {
  // One table, one statement (the common batch: a click burst, a store's events).
  oneStatement: (writes: readonly TrackingWrite[]) => writes.every((w) => w.kind === writes[0]?.kind),
});

async function writeTrackingRows(client: pg.PoolClient, writes: readonly TrackingWrite[]): Promise<void> {
  const clicks: ClickRow[] = [];
  const referrals: ReferralRow[] = [];
  const events: EventWrite[] = [];
  for (const w of writes) {
    if (w.kind === 'click') clicks.push(w.row);
    else if (w.kind === 'referral') referrals.push(w.row);
    else events.push(w);
  }
  if (clicks.length) await client.query({ ...INSERT_CLICKS, values: columnsOf(clicks, clickColumns) });
  if (referrals.length) await client.query({ ...INSERT_REFERRALS, values: columnsOf(referrals, referralColumns) });
  if (events.length) await client.query({ ...INSERT_EVENTS, values: columnsOf(events, eventColumns) });
}

/**
 * Clicks, referrals and events on PostgreSQL. Inserts go through group commit (db/pg-group-commit.ts: one transaction
 * per batch, each write resolving only after its batch's COMMIT returned; a bad row fails alone), or one transaction
 * per write when `groupCommit` is false. A purchase with its orders is its own transaction.
 */
export function createPgTrackingRepository(
  { pool }: PostgresHandle,
  options: { groupCommit?: boolean; maxBatch?: number } = {},
): TrackingRepository & { readonly stats: { batches: number; writes: number } } {
  const writes: PgWriteQueue<TrackingWrite> =
    options.groupCommit === false ? createPgImmediateQueue(pool, writeTracking) : createPgGroupCommit(pool, writeTracking, { maxBatch: options.maxBatch });
  /** Purchases being committed outside the queue; `close` waits for them too. */
  const purchases = new Set<Promise<void>>();
  let closed = false;

  async function commitPurchase(row: EventRow, orders: readonly OrderRow[]): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await writeTrackingRows(client, [{ kind: 'event', row, storeDomains: null }]);
      for (const o of orders) {
        await client.query(INSERT_ORDER, [
          o.id, o.businessId, o.orderId, o.valueCents, o.currency, o.referralId, o.sessionId, o.source, o.eventId, o.occurredAt, o.createdAt,
          o.lines ? JSON.stringify(o.lines) : null,
        ]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').then(
        () => client.release(),
        (rollbackError: Error) => client.release(rollbackError),
      );
      throw error;
    }
    client.release();
  }

  return {
    stats: writes.stats,
    async findReferral(referralId) {
      const { rows } = await pool.query<StoredReferral>(
        `SELECT referral_id AS "referralId", business_domain AS "businessDomain", requested_url AS "requestedUrl", target_url AS "targetUrl"
         FROM referrals WHERE referral_id = $1`,
        [referralId],
      );
      return rows[0];
    },
    recordClick(row) {
      return writes.run({ kind: 'click', row });
    },
    recordReferral(row) {
      return writes.run({ kind: 'referral', row });
    },
    recordEvent(row, storeDomains) {
      return writes.run({ kind: 'event', row, storeDomains });
    },
    recordPurchase(row, orders) {
      // Without orders (or once closed, when the queue refuses it) the event goes through the queue.
      if (!orders.length || closed) return writes.run({ kind: 'event', row, storeDomains: null });
      const done = commitPurchase(row, orders);
      const settled = done.then(
        () => undefined,
        () => undefined,
      );
      purchases.add(settled);
      void settled.then(() => purchases.delete(settled));
      return done;
    },
    async close() {
      closed = true;
      await Promise.all([writes.close(), ...purchases]);
    },
  };
}

/** Verified store domains and catalog offer links on PostgreSQL. */
export function createPgRedirectTrustRepository({ pool }: PostgresHandle): RedirectTrustRepository {
  return {
    async findStoreOwner(domains) {
      if (!domains.length) return undefined;
      // The first of `domains` that any business verified (one query for what SQLite asks domain by domain).
      const { rows } = await pool.query<StoreOwner>(
        `SELECT b.id, b.status FROM verified_domains v JOIN businesses b ON b.id = v.business_id
         WHERE v.domain = ANY($1::text[]) ORDER BY array_position($1::text[], v.domain) LIMIT 1`,
        [domains],
      );
      return rows[0];
    },
    async findCatalogOfferLink(canonicalUrl) {
      const { rows } = await pool.query<{ url: string; canonicalUrl: string }>(
        `SELECT url, canonical_url AS "canonicalUrl" FROM offers WHERE canonical_url = $1 AND business_id IS NULL AND origin = 'feed'`,
        [canonicalUrl],
      );
      return rows[0];
    },
  };
}
