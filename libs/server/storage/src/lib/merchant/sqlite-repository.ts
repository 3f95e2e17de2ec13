import { and, asc, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { businesses, conversions, merchantSettings, storeSyncs, verifiedDomains } from '../db/schema';
import type { ActivityRow, AnalyticsRepository, ClickActivityRow, ConversionRow, ReferralActivityRow, StoreOfferRow } from './analytics-repository';
import { insideAttributionWindowSql } from './attribution-window';
import { activityPattern, byDomain, type MerchantPart } from './shared';
import type { ConversionRecord, MerchantRepository, MerchantSettingsRow, OrderLine, VerifiedDomainRow } from './repository';
import { INTERRUPTED_SYNC } from './repository';

/** The merchant module's storage on SQLite: settings, proofs, conversions, store syncs and the removal of a business's data. */
export function createSqliteMerchantRepository(handle: DatabaseHandle): MerchantRepository {
  return { ...settingsPart(handle), ...domainsPart(handle), ...conversionsPart(handle), ...syncsPart(handle), ...removalPart(handle) };
}

/** A business's merchant settings. */
function settingsPart({ db }: DatabaseHandle): MerchantPart<'findSettings' | 'insertSettings' | 'updateSettings' | 'findByApiKeyHash'> {
  const findSettings = (businessId: string): MerchantSettingsRow | undefined =>
    db.select().from(merchantSettings).where(eq(merchantSettings.businessId, businessId)).get();
  return {
    async findSettings(businessId) {
      return findSettings(businessId);
    },
    async insertSettings(row) {
      return db.insert(merchantSettings).values(row).onConflictDoNothing().returning().get() ?? (findSettings(row.businessId) as MerchantSettingsRow);
    },
    async updateSettings(businessId, changes) {
      return db
        .update(merchantSettings)
        .set({ ...changes, updatedAt: Date.now() })
        .where(eq(merchantSettings.businessId, businessId))
        .returning()
        .get();
    },
    async findByApiKeyHash(hash) {
      return db.select().from(merchantSettings).where(eq(merchantSettings.apiKeyHash, hash)).get();
    },
  };
}

type DomainKeys =
  | 'findVerifiedDomain'
  | 'findVerifiedOwner'
  | 'claimVerifiedDomain'
  | 'claimProofsToCheck'
  | 'recordProofCheck'
  | 'releaseVerifiedDomain'
  | 'changeStoreDomain'
  | 'countStoreHeldOffers';

/** Verified store domains, their proofs re-checked, and the store domain changed. */
function domainsPart({ db, sqlite }: DatabaseHandle): MerchantPart<DomainKeys> {
  const findVerifiedOwner = (domain: string): VerifiedDomainRow | undefined => db.select().from(verifiedDomains).where(eq(verifiedDomains.domain, domain)).get();
  const releaseVerifiedDomain = (businessId: string) => void db.delete(verifiedDomains).where(eq(verifiedDomains.businessId, businessId)).run();

  return {
    async findVerifiedDomain(businessId) {
      return db.select().from(verifiedDomains).where(eq(verifiedDomains.businessId, businessId)).get();
    },
    async findVerifiedOwner(domain) {
      return findVerifiedOwner(domain);
    },
    async claimVerifiedDomain(row) {
      return sqlite.transaction(() => {
        const owner = findVerifiedOwner(row.domain);
        if (owner && owner.businessId !== row.businessId) return false;
        releaseVerifiedDomain(row.businessId);
        db.insert(verifiedDomains).values({ ...row, checkedAt: row.verifiedAt, failedChecks: 0 }).run();
        return true;
      })();
    },
    async claimProofsToCheck(before, at, limit) {
      // One statement: SQLite's single writer makes the pick and the mark one step.
      const rows = sqlite
        .prepare(
          `UPDATE verified_domains SET checked_at = @at WHERE domain IN (
             SELECT domain FROM verified_domains WHERE coalesce(checked_at, verified_at) < @before
             ORDER BY coalesce(checked_at, verified_at), domain LIMIT @limit)
           RETURNING domain, business_id AS businessId, method, verified_at AS verifiedAt, checked_at AS checkedAt, failed_checks AS failedChecks`,
        )
        .all({ before, at, limit }) as VerifiedDomainRow[];
      return byDomain(rows);
    },
    async recordProofCheck(domain, checkedAt, failedChecks) {
      db.update(verifiedDomains).set({ checkedAt, failedChecks }).where(eq(verifiedDomains.domain, domain)).run();
    },
    async releaseVerifiedDomain(businessId) {
      releaseVerifiedDomain(businessId);
    },
    async changeStoreDomain(businessId, storeDomain) {
      sqlite.transaction(() => {
        releaseVerifiedDomain(businessId);
        db.update(businesses).set({ storeDomain, updatedAt: new Date().toISOString() }).where(eq(businesses.id, businessId)).run();
      })();
    },
    async countStoreHeldOffers(businessId) {
      return sqlite.prepare("SELECT count(*) FROM offers WHERE business_id = ? AND held = 'store'").pluck().get(businessId) as number;
    },
  };
}

/** Conversions reported by the store, and the referrals they name. */
function conversionsPart({ db, sqlite }: DatabaseHandle): MerchantPart<'insertConversion' | 'findReferral'> {
  return {
    async insertConversion(row) {
      const inserted = db.insert(conversions).values(row).onConflictDoNothing().returning().get();
      if (inserted) return { row: inserted, created: true };
      const existing = db
        .select()
        .from(conversions)
        .where(and(eq(conversions.businessId, row.businessId), eq(conversions.orderId, row.orderId)))
        .get() as ConversionRecord;
      return { row: existing, created: false };
    },
    async findReferral(businessId, referralId) {
      return sqlite.prepare('SELECT created_at AS createdAt FROM referrals WHERE referral_id = ? AND business_id = ?').get(referralId, businessId) as
        | { createdAt: number }
        | undefined;
    },
  };
}

/** Store syncs: started, updated, read, and those a restart interrupted failed. */
function syncsPart({ db }: DatabaseHandle): MerchantPart<'insertSync' | 'updateSync' | 'findSync' | 'latestSync' | 'failInterruptedSyncs' | 'syncsEndedUnrecorded' | 'markSyncRunRecorded'> {
  return {
    async insertSync(row) {
      return db.insert(storeSyncs).values(row).onConflictDoNothing().returning().get();
    },
    async updateSync(id, changes) {
      db.update(storeSyncs).set(changes).where(eq(storeSyncs.id, id)).run();
    },
    async findSync(businessId, id) {
      return db.select().from(storeSyncs).where(and(eq(storeSyncs.id, id), eq(storeSyncs.businessId, businessId))).get();
    },
    async latestSync(businessId) {
      return db.select().from(storeSyncs).where(eq(storeSyncs.businessId, businessId)).orderBy(desc(storeSyncs.startedAt)).limit(1).get();
    },
    async failInterruptedSyncs(silentSince) {
      return db
        .update(storeSyncs)
        .set({ status: 'failed', error: INTERRUPTED_SYNC, finishedAt: Date.now() })
        .where(and(eq(storeSyncs.status, 'running'), lt(storeSyncs.heartbeatAt, silentSince)))
        .returning()
        .all();
    },
    async syncsEndedUnrecorded(limit) {
      return db
        .select()
        .from(storeSyncs)
        .where(and(ne(storeSyncs.status, 'running'), isNull(storeSyncs.runRecordedAt)))
        .orderBy(asc(storeSyncs.finishedAt), asc(storeSyncs.id))
        .limit(limit)
        .all();
    },
    async markSyncRunRecorded(id, at) {
      db.update(storeSyncs).set({ runRecordedAt: at }).where(eq(storeSyncs.id, id)).run();
    },
  };
}

/** A business's data removed (clicks, events, referrals, offers and their prices, imports, sessions, the business). */
function removalPart({ sqlite }: DatabaseHandle): MerchantPart<'deleteBusinessData'> {
  return {
    async deleteBusinessData(businessId) {
      return sqlite.transaction(() => {
        const productIds = sqlite
          .prepare('SELECT DISTINCT product_id FROM offers WHERE business_id = ? AND product_id IS NOT NULL')
          .pluck()
          .all(businessId) as number[];
        sqlite.prepare('DELETE FROM clicks WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM events WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM referrals WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM price_points WHERE offer_id IN (SELECT id FROM offers WHERE business_id = ?)').run(businessId);
        const offers = sqlite.prepare('DELETE FROM offers WHERE business_id = ?').run(businessId).changes;
        sqlite.prepare('DELETE FROM import_runs WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM sessions WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM businesses WHERE id = ?').run(businessId);
        return { offers, productIds };
      })();
    },
  };
}

/** The dashboard's figures on SQLite: clicks, referrals, events (tracking) and conversions (merchant), always of one business. */
export function createSqliteAnalyticsRepository(handle: DatabaseHandle): AnalyticsRepository {
  return { ...trafficPart(handle), ...activityPart(handle) };
}

/** Clicks, referrals and conversions in a time range. */
function trafficPart({ sqlite }: DatabaseHandle): Pick<AnalyticsRepository, 'clicks' | 'referrals' | 'conversions'> {
  const clicks = sqlite.prepare(`
    SELECT c.created_at AS t, c.requested_url AS requestedUrl, c.target_url AS targetUrl, c.referrer AS referrer,
           (SELECT o.title FROM offers o WHERE o.canonical_url = c.requested_url OR o.url = c.requested_url LIMIT 1) AS productTitle
    FROM clicks c
    WHERE c.business_id = @businessId AND c.created_at >= @start AND c.created_at < @end
    UNION ALL
    SELECT e.created_at, coalesce(json_extract(e.data, '$.productUrl'), json_extract(e.data, '$.url'), e.url, ''), '', e.url,
           coalesce(json_extract(e.data, '$.product_name'), json_extract(e.data, '$.productName'))
    FROM events e
    WHERE e.business_id = @businessId AND e.event_type = 'product_click' AND e.created_at >= @start AND e.created_at < @end`);
  const referrals = sqlite.prepare(`
    SELECT r.created_at AS t, r.referral_id AS referralId, r.requested_url AS requestedUrl, r.product_name AS productName, r.source_url AS sourceUrl,
           r.utm_source AS utmSource, r.utm_campaign AS utmCampaign
    FROM referrals r
    WHERE r.business_id = ? AND r.created_at >= ? AND r.created_at < ?`);
  const conversions = sqlite.prepare(`
    SELECT c.id, c.occurred_at AS t, c.order_id AS orderId, c.value_cents AS valueCents, c.currency,
           c.referral_id AS referralId, r.created_at AS referredAt, r.requested_url AS referralUrl, r.product_name AS productName, r.source_url AS sourceUrl,
           r.utm_source AS utmSource, r.utm_campaign AS utmCampaign, c.lines
    FROM conversions c
    LEFT JOIN referrals r
      ON r.referral_id = c.referral_id AND r.business_id = c.business_id
     AND ${insideAttributionWindowSql('r.created_at', 'c.occurred_at', '@windowMs')}
    WHERE c.business_id = @businessId AND c.occurred_at >= @start AND c.occurred_at < @end
    ORDER BY c.occurred_at`);
  return {
    async clicks(businessId, start, end) {
      return clicks.all({ businessId, start, end }) as ClickActivityRow[];
    },
    async referrals(businessId, start, end) {
      return referrals.all(businessId, start, end) as ReferralActivityRow[];
    },
    async conversions(businessId, start, end, windowMs) {
      return (conversions.all({ businessId, start, end, windowMs }) as Array<Omit<ConversionRow, 'lines'> & { lines: string | null }>).map((row) => ({
        ...row,
        lines: row.lines === null ? null : (JSON.parse(row.lines) as OrderLine[]),
      }));
    },
  };
}

/** The activity feed, the store's offers and the tracking script's last sign of life. */
function activityPart({ sqlite }: DatabaseHandle): Pick<AnalyticsRepository, 'storeOffers' | 'activity' | 'lastScriptEventAt'> {
  const activitySql = (filter: string) => `
    SELECT * FROM (
      SELECT 'click:' || id AS id, 'click' AS type, source AS name, created_at AS t, host AS detail, requested_url AS url,
             NULL AS valueCents, NULL AS currency, NULL AS referralId
        FROM clicks WHERE business_id = @businessId
      UNION ALL
      SELECT 'referral:' || id, 'referral', coalesce(utm_campaign, 'referral'), created_at, product_name, target_url, NULL, NULL, referral_id
        FROM referrals WHERE business_id = @businessId
      UNION ALL
      SELECT 'conversion:' || id, 'conversion', source, occurred_at, 'Order ' || order_id, NULL, value_cents, currency, referral_id
        FROM conversions WHERE business_id = @businessId
      UNION ALL
      SELECT 'event:' || id, 'event', event_type, created_at, NULL, url, value_cents, currency, referral_id
        FROM events WHERE business_id = @businessId AND event_type <> 'purchase'
    ) AS a
    WHERE (@type IS NULL OR a.type = @type)
      AND (@q IS NULL OR a.name LIKE @q ESCAPE '\\' OR a.detail LIKE @q ESCAPE '\\' OR a.url LIKE @q ESCAPE '\\' OR a.referralId LIKE @q ESCAPE '\\')
    ${filter}`;
  const activityPage = sqlite.prepare(activitySql('ORDER BY a.t DESC, a.id DESC LIMIT @limit OFFSET @offset'));
  const activityCount = sqlite.prepare(`SELECT count(*) AS n FROM (${activitySql('')})`);
  const storeOffers = sqlite.prepare(`
    SELECT o.product_id AS productId, p.title AS productTitle, o.external_id AS externalId, o.url, o.canonical_url AS canonicalUrl, o.model
    FROM offers o LEFT JOIN products p ON p.id = o.product_id
    WHERE o.business_id = ?
    ORDER BY o.id`);
  const lastScriptEvent = sqlite.prepare(
    `SELECT max(created_at) AS t FROM events WHERE business_id = ? AND event_type IN ('page_view', 'purchase', 'referral_landing')`,
  );

  return {
    async storeOffers(businessId) {
      return storeOffers.all(businessId) as StoreOfferRow[];
    },
    async activity(businessId, options) {
      const q = activityPattern(options.q);
      const params = { businessId, type: options.type ?? null, q, limit: options.limit, offset: options.offset };
      return {
        rows: activityPage.all(params) as ActivityRow[],
        total: (activityCount.get({ businessId, type: params.type, q }) as { n: number }).n,
      };
    },
    async lastScriptEventAt(businessId) {
      return (lastScriptEvent.get(businessId) as { t: number | null }).t;
    },
  };
}
