import { and, asc, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import { inPgTransaction, type PostgresHandle } from '../db/pg-client';
import { businesses, conversions, merchantSettings, storeSyncs, verifiedDomains } from '../db/pg-schema';
import type { ActivityRow, AnalyticsRepository, ClickActivityRow, ConversionRow, ReferralActivityRow, StoreOfferRow } from './analytics-repository';
import { insideAttributionWindowSql } from './attribution-window';
import { activityPattern, byDomain, type MerchantPart } from './shared';
import type { ConversionRecord, MerchantRepository, MerchantSettingsRow, VerifiedDomainRow } from './repository';
import { INTERRUPTED_SYNC } from './repository';

/** SQLSTATE of a unique violation. */
const UNIQUE_VIOLATION = '23505';
/** How often a proof is tried again when another proof of the same business committed in between (see claimVerifiedDomain). */
const CLAIM_ATTEMPTS = 5;


/** A verified_domains row read by hand-written SQL (epoch ms come back as bigint text: cast in SQL). */
const VERIFIED_DOMAIN_COLUMNS = `domain, business_id AS "businessId", method, verified_at::float8 AS "verifiedAt",
  checked_at::float8 AS "checkedAt", failed_checks AS "failedChecks"`;

/** The merchant module's storage on PostgreSQL: settings, proofs, conversions, store syncs and the removal of a business's data. */
export function createPgMerchantRepository(handle: PostgresHandle): MerchantRepository {
  return { ...settingsPart(handle), ...domainsPart(handle), ...conversionsPart(handle), ...syncsPart(handle), ...removalPart(handle) };
}

/** A business's merchant settings. */
function settingsPart({ db }: PostgresHandle): MerchantPart<'findSettings' | 'insertSettings' | 'updateSettings' | 'findByApiKeyHash'> {
  const findSettings = async (businessId: string) => (await db.select().from(merchantSettings).where(eq(merchantSettings.businessId, businessId)))[0];
  return {
    findSettings,
    async insertSettings(row) {
      // A concurrent first insert wins; ON CONFLICT waits for it, and the read that follows sees it committed.
      const [inserted] = await db.insert(merchantSettings).values(row).onConflictDoNothing().returning();
      return inserted ?? ((await findSettings(row.businessId)) as MerchantSettingsRow);
    },
    async updateSettings(businessId, changes) {
      const [row] = await db
        .update(merchantSettings)
        .set({ ...changes, updatedAt: Date.now() })
        .where(eq(merchantSettings.businessId, businessId))
        .returning();
      return row;
    },
    async findByApiKeyHash(hash) {
      return (await db.select().from(merchantSettings).where(eq(merchantSettings.apiKeyHash, hash)))[0];
    },
  };
}

type DomainKeys = 'findVerifiedDomain' | 'findVerifiedOwner' | 'releaseVerifiedDomain' | 'changeStoreDomain' | 'countStoreHeldOffers';

/** Verified store domains read and released, and the store domain changed. */
function domainsPart(handle: PostgresHandle): MerchantPart<DomainKeys | 'claimVerifiedDomain' | 'claimProofsToCheck' | 'recordProofCheck'> {
  const { db, pool } = handle;
  return {
    ...proofsPart(handle),
    async findVerifiedDomain(businessId) {
      return (await db.select().from(verifiedDomains).where(eq(verifiedDomains.businessId, businessId)))[0];
    },
    async findVerifiedOwner(domain) {
      return (await db.select().from(verifiedDomains).where(eq(verifiedDomains.domain, domain)))[0];
    },
    async releaseVerifiedDomain(businessId) {
      await db.delete(verifiedDomains).where(eq(verifiedDomains.businessId, businessId));
    },
    async changeStoreDomain(businessId, storeDomain) {
      await db.transaction(async (tx) => {
        await tx.delete(verifiedDomains).where(eq(verifiedDomains.businessId, businessId));
        await tx.update(businesses).set({ storeDomain, updatedAt: new Date() }).where(eq(businesses.id, businessId));
      });
    },
    async countStoreHeldOffers(businessId) {
      const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM offers WHERE business_id = $1 AND held = 'store'", [businessId]);
      return rows[0]?.n ?? 0;
    },
  };
}

/** Proofs of a domain claimed, and claimed again in rounds to be re-checked. */
function proofsPart({ db, pool }: PostgresHandle): MerchantPart<'claimVerifiedDomain' | 'claimProofsToCheck' | 'recordProofCheck'> {
  return {
    /**
     * One transaction: the business's proof of another domain goes, then one INSERT … ON CONFLICT (domain) decides.
     * The domain is the table's primary key, so of two proofs racing from any processes one inserts and the other
     * waits for it on the key, then finds it: DO UPDATE … WHERE applies only to the business's own earlier proof (a
     * fresh proof of it), and no row returned means another business holds the domain: ROLLBACK (its other proof
     * stays) and false. Two proofs of one business racing for two domains meet on the business's unique key
     * instead (23505, after the first commits): the later one is tried again and replaces the first, as SQLite's
     * single writer would have it.
     */
    async claimVerifiedDomain(row) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await inPgTransaction(pool, async (client) => {
            await client.query('DELETE FROM verified_domains WHERE business_id = $1 AND domain <> $2', [row.businessId, row.domain]);
            const { rowCount } = await client.query(
              `INSERT INTO verified_domains (domain, business_id, method, verified_at, checked_at, failed_checks)
               VALUES ($1, $2, $3, $4, $4, 0)
               ON CONFLICT (domain) DO UPDATE SET method = excluded.method, verified_at = excluded.verified_at,
                 checked_at = excluded.checked_at, failed_checks = 0
               WHERE verified_domains.business_id = excluded.business_id`,
              [row.domain, row.businessId, row.method, row.verifiedAt],
            );
            if (rowCount === 1) return true;
            throw new ClaimRefused();
          });
        } catch (error) {
          if (error instanceof ClaimRefused) return false;
          if ((error as { code?: string }).code === UNIQUE_VIOLATION && attempt < CLAIM_ATTEMPTS) continue;
          throw error;
        }
      }
    },
    async claimProofsToCheck(before, at, limit) {
      // The rows another instance is taking at the same moment are locked: SKIP LOCKED leaves them to it, and once it
      // commits they were checked at its `at`, no longer before `before`.
      const { rows } = await pool.query<VerifiedDomainRow>(
        `UPDATE verified_domains SET checked_at = $2
         FROM (SELECT domain AS taken FROM verified_domains WHERE coalesce(checked_at, verified_at) < $1
               ORDER BY coalesce(checked_at, verified_at), domain LIMIT $3 FOR UPDATE SKIP LOCKED) round
         WHERE domain = round.taken
         RETURNING ${VERIFIED_DOMAIN_COLUMNS}`,
        [before, at, limit],
      );
      return byDomain(rows);
    },
    async recordProofCheck(domain, checkedAt, failedChecks) {
      await db.update(verifiedDomains).set({ checkedAt, failedChecks }).where(eq(verifiedDomains.domain, domain));
    },
  };
}

/** Conversions reported by the store, and the referrals they name. */
function conversionsPart({ db, pool }: PostgresHandle): MerchantPart<'insertConversion' | 'findReferral'> {
  return {
    async insertConversion(row) {
      // Any conflict (the id, or the business's order id) keeps the stored row, as on SQLite.
      const [inserted] = await db.insert(conversions).values(row).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await db
        .select()
        .from(conversions)
        .where(and(eq(conversions.businessId, row.businessId), eq(conversions.orderId, row.orderId)));
      return { row: existing as ConversionRecord, created: false };
    },
    async findReferral(businessId, referralId) {
      const { rows } = await pool.query<{ createdAt: number }>(
        'SELECT created_at::float8 AS "createdAt" FROM referrals WHERE referral_id = $1 AND business_id = $2',
        [referralId, businessId],
      );
      return rows[0];
    },
  };
}

/** Store syncs: started, updated, read, and those a restart interrupted failed. */
function syncsPart({ db }: PostgresHandle): MerchantPart<'insertSync' | 'updateSync' | 'findSync' | 'latestSync' | 'failInterruptedSyncs' | 'syncsEndedUnrecorded' | 'markSyncRunRecorded'> {
  return {
    async insertSync(row) {
      // The partial unique index on a business's running sync refuses a second one: nothing is inserted.
      const [inserted] = await db.insert(storeSyncs).values(row).onConflictDoNothing().returning();
      return inserted;
    },
    async updateSync(id, changes) {
      await db.update(storeSyncs).set(changes).where(eq(storeSyncs.id, id));
    },
    async findSync(businessId, id) {
      return (await db.select().from(storeSyncs).where(and(eq(storeSyncs.id, id), eq(storeSyncs.businessId, businessId))))[0];
    },
    async latestSync(businessId) {
      // Ties (two syncs started in the same millisecond) go to the id: SQLite answers the one inserted last.
      return (
        await db.select().from(storeSyncs).where(eq(storeSyncs.businessId, businessId)).orderBy(desc(storeSyncs.startedAt), desc(storeSyncs.id)).limit(1)
      )[0];
    },
    async failInterruptedSyncs(silentSince) {
      return db
        .update(storeSyncs)
        .set({ status: 'failed', error: INTERRUPTED_SYNC, finishedAt: Date.now() })
        .where(and(eq(storeSyncs.status, 'running'), lt(storeSyncs.heartbeatAt, silentSince)))
        .returning();
    },
    async syncsEndedUnrecorded(limit) {
      return db
        .select()
        .from(storeSyncs)
        .where(and(ne(storeSyncs.status, 'running'), isNull(storeSyncs.runRecordedAt)))
        .orderBy(asc(storeSyncs.finishedAt), asc(storeSyncs.id))
        .limit(limit);
    },
    async markSyncRunRecorded(id, at) {
      await db.update(storeSyncs).set({ runRecordedAt: at }).where(eq(storeSyncs.id, id));
    },
  };
}

/** A business's data removed (clicks, events, referrals, offers and their prices, imports, sessions, the business). */
function removalPart({ pool }: PostgresHandle): MerchantPart<'deleteBusinessData'> {
  return {
    async deleteBusinessData(businessId) {
      return inPgTransaction(pool, async (client) => {
        // In the order SQLite finds them: by the business's offers in id order, each product once.
        const { rows } = await client.query<{ product_id: number }>(
          'SELECT product_id FROM offers WHERE business_id = $1 AND product_id IS NOT NULL GROUP BY product_id ORDER BY min(id)',
          [businessId],
        );
        await client.query('DELETE FROM clicks WHERE business_id = $1', [businessId]);
        await client.query('DELETE FROM events WHERE business_id = $1', [businessId]);
        await client.query('DELETE FROM referrals WHERE business_id = $1', [businessId]);
        await client.query('DELETE FROM price_points WHERE offer_id IN (SELECT id FROM offers WHERE business_id = $1)', [businessId]);
        const offers = (await client.query('DELETE FROM offers WHERE business_id = $1', [businessId])).rowCount ?? 0;
        await client.query('DELETE FROM import_runs WHERE business_id = $1', [businessId]);
        await client.query('DELETE FROM sessions WHERE business_id = $1', [businessId]);
        await client.query('DELETE FROM businesses WHERE id = $1', [businessId]);
        return { offers, productIds: rows.map((r) => r.product_id) };
      });
    },
  };
}

/** The proof of a domain another business holds: ends the claim's transaction (rolled back). */
class ClaimRefused extends Error {}

/**
 * What SQLite's json_extract answers for a JSON value (given as node-postgres parses jsonb): text as text, numbers as
 * numbers, true and false as 1 and 0, arrays and objects as their JSON text.
 */
function sqliteJsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

// Rows come in SQLite's order: its plans read them by the (business, time) indexes, so equal times in insertion
// order; here the time-ordered ids (UUID v7) break those ties. A click's offer is the first by id of those whose
// canonical URL or URL it asked for (SQLite scans offers in rowid order and takes the first that matches). Events' JSON values are taken as jsonb (a JSON null
// counts as none, as json_extract has it) and turned into what SQLite answers in TypeScript.
const clicksSql = `
  SELECT c.created_at::float8 AS t, to_jsonb(c.requested_url) AS "requestedUrl", c.target_url AS "targetUrl", c.referrer AS referrer,
         to_jsonb((SELECT o.title FROM offers o WHERE o.canonical_url = c.requested_url OR o.url = c.requested_url
                   ORDER BY o.id LIMIT 1)) AS "productTitle", 0 AS part, c.id
  FROM clicks c
  WHERE c.business_id = $1 AND c.created_at >= $2 AND c.created_at < $3
  UNION ALL
  SELECT e.created_at::float8,
         coalesce(nullif(e.data -> 'productUrl', 'null'), nullif(e.data -> 'url', 'null'), to_jsonb(e.url), '""'), '', e.url,
         coalesce(nullif(e.data -> 'product_name', 'null'), nullif(e.data -> 'productName', 'null')), 1, e.id
  FROM events e
  WHERE e.business_id = $1 AND e.event_type = 'product_click' AND e.created_at >= $2 AND e.created_at < $3
  ORDER BY part, t, id`;
const referralsSql = `
  SELECT r.created_at::float8 AS t, r.referral_id AS "referralId", r.requested_url AS "requestedUrl", r.product_name AS "productName", r.source_url AS "sourceUrl",
         r.utm_source AS "utmSource", r.utm_campaign AS "utmCampaign"
  FROM referrals r
  WHERE r.business_id = $1 AND r.created_at >= $2 AND r.created_at < $3
  ORDER BY r.created_at, r.id`;
// Orders at the same time: by when they were stored, then id (SQLite: insertion order).
const conversionsSql = `
  SELECT c.id, c.occurred_at::float8 AS t, c.order_id AS "orderId", c.value_cents AS "valueCents", c.currency,
         c.referral_id AS "referralId", r.created_at::float8 AS "referredAt", r.requested_url AS "referralUrl", r.product_name AS "productName",
         r.source_url AS "sourceUrl", r.utm_source AS "utmSource", r.utm_campaign AS "utmCampaign", c.lines
  FROM conversions c
  LEFT JOIN referrals r
    ON r.referral_id = c.referral_id AND r.business_id = c.business_id
   AND ${insideAttributionWindowSql('r.created_at', 'c.occurred_at', '$4', 'postgres')}
  WHERE c.business_id = $1 AND c.occurred_at >= $2 AND c.occurred_at < $3
  ORDER BY c.occurred_at, c.created_at, c.id`;

// SQLite's LIKE ignores the case of ASCII letters only; so does ILIKE under the "C" collation, given explicitly since
// a cluster's character classification (LC_CTYPE, e.g. C.UTF-8) may fold other letters too.
const activitySql = (filter: string) => `
  SELECT * FROM (
    SELECT 'click:' || id AS id, 'click' AS type, source AS name, created_at::float8 AS t, host AS detail, requested_url AS url,
           NULL::integer AS "valueCents", NULL::text AS currency, NULL::text AS "referralId"
      FROM clicks WHERE business_id = $1
    UNION ALL
    SELECT 'referral:' || id, 'referral', coalesce(utm_campaign, 'referral'), created_at::float8, product_name, target_url, NULL, NULL, referral_id
      FROM referrals WHERE business_id = $1
    UNION ALL
    SELECT 'conversion:' || id, 'conversion', source, occurred_at::float8, 'Order ' || order_id, NULL, value_cents, currency, referral_id
      FROM conversions WHERE business_id = $1
    UNION ALL
    SELECT 'event:' || id, 'event', event_type, created_at::float8, NULL, url, value_cents, currency, referral_id
      FROM events WHERE business_id = $1 AND event_type <> 'purchase'
  ) AS a
  WHERE ($2::text IS NULL OR a.type = $2::text)
    AND ($3::text IS NULL OR ${['a.name', 'a.detail', 'a.url', 'a."referralId"'].map((column) => `${column} COLLATE "C" ILIKE $3::text ESCAPE '\\'`).join(' OR ')})
  ${filter}`;
const activityPageSql = activitySql('ORDER BY a.t DESC, a.id DESC LIMIT $4 OFFSET $5');
const activityCountSql = `SELECT count(*)::float8 AS n FROM (${activitySql('')}) AS matching`;
const storeOffersSql = `
  SELECT o.product_id AS "productId", p.title AS "productTitle", o.external_id AS "externalId", o.url, o.canonical_url AS "canonicalUrl", o.model
  FROM offers o LEFT JOIN products p ON p.id = o.product_id
  WHERE o.business_id = $1
  ORDER BY o.id`;
const lastScriptEventSql = `SELECT max(created_at)::float8 AS t FROM events WHERE business_id = $1 AND event_type IN ('page_view', 'purchase', 'referral_landing')`;

/** The dashboard's figures on PostgreSQL: clicks, referrals, events (tracking) and conversions (merchant), always of one business. */
export function createPgAnalyticsRepository(handle: PostgresHandle): AnalyticsRepository {
  return { ...trafficPart(handle), ...activityPart(handle) };
}

/** Clicks, referrals and conversions in a time range. */
function trafficPart({ pool }: PostgresHandle): Pick<AnalyticsRepository, 'clicks' | 'referrals' | 'conversions'> {
  return {
    async clicks(businessId, start, end) {
      const { rows } = await pool.query<ClickActivityRow & { part: number; id: string }>(clicksSql, [businessId, start, end]);
      return rows.map(({ t, requestedUrl, targetUrl, referrer, productTitle }) => ({
        t,
        requestedUrl: sqliteJsonValue(requestedUrl) as string,
        targetUrl,
        referrer,
        productTitle: sqliteJsonValue(productTitle) as string | null,
      }));
    },
    async referrals(businessId, start, end) {
      return (await pool.query<ReferralActivityRow>(referralsSql, [businessId, start, end])).rows;
    },
    async conversions(businessId, start, end, windowMs) {
      return (await pool.query<ConversionRow>(conversionsSql, [businessId, start, end, windowMs])).rows;
    },
  };
}

/** The activity feed, the store's offers and the tracking script's last sign of life. */
function activityPart({ pool }: PostgresHandle): Pick<AnalyticsRepository, 'storeOffers' | 'activity' | 'lastScriptEventAt'> {
  return {
    async storeOffers(businessId) {
      return (await pool.query<StoreOfferRow>(storeOffersSql, [businessId])).rows;
    },
    async activity(businessId, options) {
      const q = activityPattern(options.q);
      const type = options.type ?? null;
      const [page, count] = await Promise.all([
        pool.query<ActivityRow>(activityPageSql, [businessId, type, q, options.limit, options.offset]),
        pool.query<{ n: number }>(activityCountSql, [businessId, type, q]),
      ]);
      return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
    },
    async lastScriptEventAt(businessId) {
      return (await pool.query<{ t: number | null }>(lastScriptEventSql, [businessId])).rows[0]?.t ?? null;
    },
  };
}
