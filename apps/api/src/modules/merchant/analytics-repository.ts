import type Database from 'better-sqlite3';

/** Rows the dashboard figures are computed from. Times are epoch milliseconds. */
export interface ClickRow {
  t: number;
  requestedUrl: string;
  targetUrl: string;
  referrer: string | null;
  productTitle: string | null;
}

export interface ReferralRow {
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

/** SQL over clicks, referrals, events (tracking) and conversions (merchant), always scoped to one business. */
export function createAnalyticsRepository(sqlite: Database.Database) {
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
    SELECT r.created_at AS t, r.referral_id AS referralId, r.product_name AS productName, r.source_url AS sourceUrl,
           r.utm_source AS utmSource, r.utm_campaign AS utmCampaign
    FROM referrals r
    WHERE r.business_id = ? AND r.created_at >= ? AND r.created_at < ?`);
  const conversions = sqlite.prepare(`
    SELECT c.id, c.occurred_at AS t, c.order_id AS orderId, c.value_cents AS valueCents, c.currency,
           c.referral_id AS referralId, r.created_at AS referredAt, r.product_name AS productName, r.source_url AS sourceUrl,
           r.utm_source AS utmSource, r.utm_campaign AS utmCampaign
    FROM conversions c
    LEFT JOIN referrals r
      ON r.referral_id = c.referral_id AND r.business_id = c.business_id
     AND r.created_at <= c.occurred_at AND c.occurred_at - r.created_at <= @windowMs
    WHERE c.business_id = @businessId AND c.occurred_at >= @start AND c.occurred_at < @end
    ORDER BY c.occurred_at`);

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
  const lastScriptEvent = sqlite.prepare(
    `SELECT max(created_at) AS t FROM events WHERE business_id = ? AND event_type IN ('page_view', 'purchase', 'referral_landing')`,
  );

  return {
    clicks: (businessId: string, start: number, end: number) => clicks.all({ businessId, start, end }) as ClickRow[],
    referrals: (businessId: string, start: number, end: number) => referrals.all(businessId, start, end) as ReferralRow[],
    conversions: (businessId: string, start: number, end: number, windowMs: number) =>
      conversions.all({ businessId, start, end, windowMs }) as ConversionRow[],
    activity(businessId: string, options: { type?: string; q?: string; limit: number; offset: number }) {
      const q = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const params = { businessId, type: options.type ?? null, q, limit: options.limit, offset: options.offset };
      return {
        rows: activityPage.all(params) as ActivityRow[],
        total: (activityCount.get({ businessId, type: params.type, q }) as { n: number }).n,
      };
    },
    lastScriptEventAt: (businessId: string) => (lastScriptEvent.get(businessId) as { t: number | null }).t,
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
