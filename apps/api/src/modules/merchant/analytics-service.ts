import type { ActivityQuery, ActivityResponse, AnalyticsQuery, AnalyticsResponse, AttributionResponse, RangeQuery, SummaryResponse } from '@pricehunt/contracts';
import { type AnalyticsRepository, attributionWindowMs } from '@pricehunt/storage';
import { addDays, daysBetween, periodBounds, trendInterval } from '@pricehunt/contracts';
import { attributionReport } from './analytics-attribution';
import { breakdown, type BusinessAnalyticsSettings, change, type Facts, metricsOf, series, tally } from './analytics-figures';
import { productCatalog } from './analytics-products';
import { buckets } from './time';

export type { BusinessAnalyticsSettings } from './analytics-figures';

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
        trend: series(currentFacts, buckets(range.from, range.to, range.tz, trendInterval(range.from, range.to)), settings.currency),
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
        breakdown: breakdown(f, query.dimension, settings.currency, productCatalog(query.dimension === 'product' ? await repository.storeOffers(settings.businessId) : [])),
      };
    },

    attribution(settings: BusinessAnalyticsSettings, range: RangeQuery): Promise<AttributionResponse> {
      return attributionReport(repository, settings, range);
    },

    async activity(businessId: string, query: ActivityQuery): Promise<ActivityResponse> {
      const { rows, total } = await repository.activity(businessId, {
        type: query.type,
        q: query.q || undefined,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map(activityItem),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}

type ActivityRow = Awaited<ReturnType<AnalyticsRepository['activity']>>['rows'][number];

function activityItem(r: ActivityRow): ActivityResponse['items'][number] {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    at: new Date(r.t).toISOString(),
    detail: r.detail,
    url: r.url,
    valueCents: r.valueCents,
    currency: r.currency,
    referralId: r.referralId,
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
