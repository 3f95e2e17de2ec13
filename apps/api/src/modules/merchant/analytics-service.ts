import type {
  ActivityQuery,
  ActivityResponse,
  AnalyticsQuery,
  AnalyticsResponse,
  AttributionResponse,
  AttributionRow,
  BreakdownDimension,
  Metrics,
  RangeQuery,
  SeriesPoint,
  SummaryResponse,
} from '@pricehunt/contracts';
import { type AnalyticsRepository, attributionWindowMs, type ClickActivityRow, type ConversionRow, type ReferralActivityRow } from '@pricehunt/storage';
import { addDays, dayOf, daysBetween, periodBounds } from '@pricehunt/contracts';
import { bucketIndex, buckets, type Bucket } from './time';

export interface BusinessAnalyticsSettings {
  businessId: string;
  currency: string;
  attributionWindowDays: number;
}

const NONE = '(none)';

interface Facts {
  clicks: ClickActivityRow[];
  referrals: ReferralActivityRow[];
  conversions: ConversionRow[];
}

interface Tally {
  clicks: number;
  referrals: number;
  conversions: number;
  revenueCents: number;
}

const emptyTally = (): Tally => ({ clicks: 0, referrals: 0, conversions: 0, revenueCents: 0 });

/** Figures of a tally; the conversion rate is attributed conversions per referral sent to the store. */
function metricsOf(t: Tally): Metrics {
  return { ...t, conversionRate: t.referrals > 0 ? Math.round((t.conversions / t.referrals) * 10_000) / 10_000 : 0 };
}

const change = (now: number, before: number): number | null => (before === 0 ? null : Math.round(((now - before) / before) * 10_000) / 10_000);

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

function utmOf(url: string | null | undefined, key: 'utm_source' | 'utm_campaign'): string | null {
  if (!url) return null;
  try {
    return new URL(url).searchParams.get(key);
  } catch {
    return null;
  }
}

function refOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('ref');
  } catch {
    return null;
  }
}

function pathLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.pathname}`;
  } catch {
    return url;
  }
}

/**
 * Dashboard figures for one business: clicks (redirects to its store and product clicks), referrals, conversions
 * attributed by last referral inside the attribution window, and their revenue in the business's currency.
 */
export function createAnalyticsService(deps: { repository: AnalyticsRepository; now?: () => number }) {
  const { repository } = deps;

  async function facts(settings: BusinessAnalyticsSettings, start: number, end: number): Promise<Facts> {
    return {
      clicks: await repository.clicks(settings.businessId, start, end),
      referrals: await repository.referrals(settings.businessId, start, end),
      conversions: await repository.conversions(settings.businessId, start, end, attributionWindowMs(settings.attributionWindowDays)),
    };
  }

  const isAttributed = (c: ConversionRow) => c.referredAt !== null;
  /** Revenue counts attributed orders in the business's currency (orders in another currency still count as orders). */
  const revenueOf = (c: ConversionRow, currency: string) => (c.currency === currency ? c.valueCents : 0);

  function tally(f: Facts, currency: string): Tally {
    const t = emptyTally();
    t.clicks = f.clicks.length;
    t.referrals = f.referrals.length;
    for (const c of f.conversions) {
      if (!isAttributed(c)) continue;
      t.conversions++;
      t.revenueCents += revenueOf(c, currency);
    }
    return t;
  }

  function series(f: Facts, list: Bucket[], currency: string): SeriesPoint[] {
    const tallies = list.map(emptyTally);
    const at = (t: number) => tallies[bucketIndex(list, t)];
    for (const c of f.clicks) {
      const b = at(c.t);
      if (b) b.clicks++;
    }
    for (const r of f.referrals) {
      const b = at(r.t);
      if (b) b.referrals++;
    }
    for (const c of f.conversions) {
      const b = at(c.t);
      if (!b || !isAttributed(c)) continue;
      b.conversions++;
      b.revenueCents += revenueOf(c, currency);
    }
    return list.map((bucket, i) => ({ period: bucket.period, ...metricsOf(tallies[i] as Tally) }));
  }

  function breakdown(f: Facts, dimension: BreakdownDimension, currency: string) {
    const rows = new Map<string, Tally>();
    const row = (key: string | null | undefined) => {
      const k = key && key.trim() ? key.trim() : NONE;
      let t = rows.get(k);
      if (!t) rows.set(k, (t = emptyTally()));
      return t;
    };
    const clickKey = (c: ClickActivityRow) => {
      switch (dimension) {
        case 'product':
          return c.productTitle ?? pathLabel(c.requestedUrl);
        case 'retailer':
          return hostOf(c.referrer);
        case 'utm_source':
          return utmOf(c.targetUrl, 'utm_source');
        case 'utm_campaign':
          return utmOf(c.targetUrl, 'utm_campaign');
      }
    };
    const referralKey = (r: { productName: string | null; sourceUrl: string | null; utmSource: string | null; utmCampaign: string | null }) => {
      switch (dimension) {
        case 'product':
          return r.productName;
        case 'retailer':
          return hostOf(r.sourceUrl);
        case 'utm_source':
          return r.utmSource;
        case 'utm_campaign':
          return r.utmCampaign;
      }
    };
    // A click that went on to a referral's target carries its `ref`: it takes the referral's product, source and campaign.
    const referralsById = new Map(f.referrals.map((r) => [r.referralId, r]));
    for (const c of f.clicks) {
      const ref = refOf(c.requestedUrl);
      const referral = ref ? referralsById.get(ref) : undefined;
      row(referral ? referralKey(referral) : clickKey(c)).clicks++;
    }
    for (const r of f.referrals) row(referralKey(r)).referrals++;
    for (const c of f.conversions) {
      if (!isAttributed(c)) continue;
      const t = row(referralKey(c));
      t.conversions++;
      t.revenueCents += revenueOf(c, currency);
    }
    return [...rows.entries()]
      .map(([key, t]) => ({ key, ...metricsOf(t) }))
      .sort((a, b) => b.revenueCents - a.revenueCents || b.referrals - a.referrals || b.clicks - a.clicks || a.key.localeCompare(b.key));
  }

  return {
    async summary(settings: BusinessAnalyticsSettings, range: RangeQuery): Promise<SummaryResponse> {
      const days = daysBetween(range.from, range.to) + 1;
      const previousRange = { from: addDays(range.from, -days), to: addDays(range.from, -1) };
      const { start, end } = periodBounds(range);
      const prev = periodBounds({ ...previousRange, tz: range.tz });
      const currentFacts = await facts(settings, start, end);
      const current = metricsOf(tally(currentFacts, settings.currency));
      const previous = metricsOf(tally(await facts(settings, prev.start, prev.end), settings.currency));
      return {
        range: { from: range.from, to: range.to, tz: range.tz },
        previousRange,
        currency: settings.currency,
        current,
        previous,
        change: {
          clicks: change(current.clicks, previous.clicks),
          referrals: change(current.referrals, previous.referrals),
          conversions: change(current.conversions, previous.conversions),
          revenueCents: change(current.revenueCents, previous.revenueCents),
          conversionRate: change(current.conversionRate, previous.conversionRate),
        },
        trend: series(currentFacts, buckets(range.from, range.to, range.tz, days > 92 ? 'week' : 'day'), settings.currency),
      };
    },

    async analytics(settings: BusinessAnalyticsSettings, query: AnalyticsQuery): Promise<AnalyticsResponse> {
      const { start, end } = periodBounds(query);
      const f = await facts(settings, start, end);
      return {
        range: { from: query.from, to: query.to, tz: query.tz },
        interval: query.interval,
        dimension: query.dimension,
        currency: settings.currency,
        totals: metricsOf(tally(f, settings.currency)),
        series: series(f, buckets(query.from, query.to, query.tz, query.interval), settings.currency),
        breakdown: breakdown(f, query.dimension, settings.currency),
      };
    },

    async attribution(settings: BusinessAnalyticsSettings, range: RangeQuery): Promise<AttributionResponse> {
      const { start, end } = periodBounds(range);
      const all = await repository.conversions(settings.businessId, start, end, attributionWindowMs(settings.attributionWindowDays));
      const attributed = all.filter(isAttributed);
      const group = (key: (c: ConversionRow) => string | null): AttributionRow[] => {
        const rows = new Map<string, { orders: number; revenueCents: number }>();
        for (const c of attributed) {
          const k = key(c)?.trim() || NONE;
          const r = rows.get(k) ?? { orders: 0, revenueCents: 0 };
          r.orders++;
          r.revenueCents += revenueOf(c, settings.currency);
          rows.set(k, r);
        }
        return [...rows.entries()].map(([k, r]) => ({ key: k, ...r }));
      };
      const byRevenue = (a: AttributionRow, b: AttributionRow) => b.revenueCents - a.revenueCents || b.orders - a.orders || a.key.localeCompare(b.key);
      return {
        range: { from: range.from, to: range.to, tz: range.tz },
        windowDays: settings.attributionWindowDays,
        currency: settings.currency,
        reportedOrders: all.length,
        reportedRevenueCents: all.reduce((sum, c) => sum + revenueOf(c, settings.currency), 0),
        attributedOrders: attributed.length,
        attributedRevenueCents: attributed.reduce((sum, c) => sum + revenueOf(c, settings.currency), 0),
        byProduct: group((c) => c.productName).sort(byRevenue),
        byCampaign: group((c) => c.utmCampaign).sort(byRevenue),
        byDay: group((c) => dayOf(c.t, range.tz)).sort((a, b) => a.key.localeCompare(b.key)),
        orders: attributed
          .slice()
          .reverse()
          .slice(0, 200)
          .map((c) => ({
            orderId: c.orderId,
            at: new Date(c.t).toISOString(),
            valueCents: c.valueCents,
            currency: c.currency,
            referralId: c.referralId as string,
            referredAt: new Date(c.referredAt as number).toISOString(),
            productName: c.productName,
            utmCampaign: c.utmCampaign,
            utmSource: c.utmSource,
          })),
      };
    },

    async activity(businessId: string, query: ActivityQuery): Promise<ActivityResponse> {
      const { rows, total } = await repository.activity(businessId, {
        type: query.type,
        q: query.q || undefined,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          type: r.type,
          name: r.name,
          at: new Date(r.t).toISOString(),
          detail: r.detail,
          url: r.url,
          valueCents: r.valueCents,
          currency: r.currency,
          referralId: r.referralId,
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
