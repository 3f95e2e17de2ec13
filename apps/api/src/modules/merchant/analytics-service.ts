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
import { type AnalyticsRepository, attributionWindowMs, type ClickActivityRow, type ConversionRow, type OrderLine, type ReferralActivityRow, type StoreOfferRow } from '@pricehunt/storage';
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

/** What a figure is credited to in the product breakdown: a catalog product (`product:<id>`) or, failing one, a name. */
interface ProductRef {
  key: string;
  label: string;
}

const named = (label: string | null | undefined): ProductRef => {
  const text = label?.trim() || NONE;
  return { key: `name:${text}`, label: text };
};

/** A page's address without its query and fragment (`host/path`), lower case: a store's product page whatever variant or tag it carries. */
function pageOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return null;
  }
}

/** The link without what a referral adds to it (`ref`, `pricehunt_ref`, UTM values). */
function withoutTracking(url: string): string {
  try {
    const u = new URL(url);
    for (const key of [...u.searchParams.keys()]) if (key === 'ref' || key === 'pricehunt_ref' || key.startsWith('utm_')) u.searchParams.delete(key);
    return u.href;
  } catch {
    return url;
  }
}

/**
 * The business's catalog products, found from what clicks, referrals and order lines name: an offer's link (as given,
 * without tracking values, or its page whatever the variant), the store's own product or variant id, its SKU (the
 * offer's part number). One product is one row however its offers or the shoppers' searches titled it.
 */
function productCatalog(offers: readonly StoreOfferRow[]) {
  const byUrl = new Map<string, ProductRef>();
  const byPage = new Map<string, ProductRef>();
  const byExternalId = new Map<string, ProductRef>();
  const bySku = new Map<string, ProductRef>();
  const keep = (map: Map<string, ProductRef>, key: string | null | undefined, ref: ProductRef) => {
    if (key && !map.has(key)) map.set(key, ref);
  };
  for (const offer of offers) {
    if (offer.productId === null) continue;
    const ref = { key: `product:${offer.productId}`, label: offer.productTitle?.trim() || pathLabel(offer.url) };
    keep(byUrl, offer.url, ref);
    keep(byUrl, offer.canonicalUrl, ref);
    keep(byPage, pageOf(offer.url), ref);
    keep(byPage, pageOf(offer.canonicalUrl), ref);
    keep(byExternalId, offer.externalId, ref);
    keep(bySku, offer.model?.trim().toLowerCase(), ref);
  }
  const ofUrl = (url: string | null | undefined): ProductRef | null => {
    if (!url) return null;
    const plain = withoutTracking(url);
    return byUrl.get(url) ?? byUrl.get(plain) ?? byPage.get(pageOf(plain) ?? '') ?? null;
  };
  return {
    ofUrl,
    ofLine: (line: OrderLine): ProductRef =>
      (line.productId !== null ? byExternalId.get(line.productId) : undefined) ??
      ofUrl(line.url) ??
      (line.sku !== null ? bySku.get(line.sku.trim().toLowerCase()) : undefined) ??
      named(line.name ?? line.sku ?? line.productId ?? line.url),
  };
}
type ProductCatalog = ReturnType<typeof productCatalog>;

/**
 * `cents` split among an order's lines by each line's price × quantity (scaled to the order's value when the lines add
 * up to another total, as shipping, taxes or a discount make them; the largest remainders take the odd cents), so the
 * parts add up to `cents`. Empty when the lines carry no amount.
 */
function splitByLines(cents: number, lines: readonly OrderLine[]): number[] {
  const weights = lines.map((line) => line.priceCents * line.quantity);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return [];
  const exact = weights.map((weight) => (cents * weight) / total);
  const parts = exact.map(Math.floor);
  let left = cents - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] as number) + 1;
    left--;
  }
  return parts;
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

  /** The product a referral sent the shopper to: its offer's product, else the name the search gave it. */
  const referralProduct = (catalog: ProductCatalog, r: { requestedUrl?: string | null; referralUrl?: string | null; productName: string | null }) =>
    catalog.ofUrl(r.requestedUrl ?? r.referralUrl) ?? named(r.productName);

  /**
   * An attributed order's revenue by product: split among its lines' products by price × quantity when the store
   * named its lines, else all of it to its referral's product.
   */
  function revenueByProduct(catalog: ProductCatalog, c: ConversionRow, currency: string): Array<[ProductRef, number]> {
    const revenue = revenueOf(c, currency);
    const lines = c.lines ?? [];
    const parts = revenue > 0 && lines.length > 0 ? splitByLines(revenue, lines) : [];
    if (parts.length === 0) return [[referralProduct(catalog, c), revenue]];
    return lines.map((line, index) => [catalog.ofLine(line), parts[index] as number]);
  }

  function breakdown(f: Facts, dimension: BreakdownDimension, currency: string, catalog: ProductCatalog) {
    const rows = new Map<string, { label: string; tally: Tally }>();
    const row = (ref: ProductRef) => {
      let entry = rows.get(ref.key);
      if (!entry) rows.set(ref.key, (entry = { label: ref.label, tally: emptyTally() }));
      return entry.tally;
    };
    const text = (key: string | null | undefined) => named(key);
    const clickKey = (c: ClickActivityRow): ProductRef => {
      switch (dimension) {
        case 'product':
          return catalog.ofUrl(c.requestedUrl) ?? named(c.productTitle ?? pathLabel(c.requestedUrl));
        case 'retailer':
          return text(hostOf(c.referrer));
        case 'utm_source':
          return text(utmOf(c.targetUrl, 'utm_source'));
        case 'utm_campaign':
          return text(utmOf(c.targetUrl, 'utm_campaign'));
      }
    };
    const referralKey = (r: ReferralActivityRow | ConversionRow): ProductRef => {
      switch (dimension) {
        case 'product':
          return referralProduct(catalog, r);
        case 'retailer':
          return text(hostOf(r.sourceUrl));
        case 'utm_source':
          return text(r.utmSource);
        case 'utm_campaign':
          return text(r.utmCampaign);
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
      // The order counts for its referral's product; its value goes to what it bought, line by line.
      row(referralKey(c)).conversions++;
      if (dimension === 'product') for (const [product, cents] of revenueByProduct(catalog, c, currency)) row(product).revenueCents += cents;
      else row(referralKey(c)).revenueCents += revenueOf(c, currency);
    }
    // A name that is a product's title is that product's row.
    const out: Array<{ key: string; tally: Tally }> = [];
    const productByLabel = new Map<string, Tally>();
    for (const [key, { label, tally }] of rows) {
      if (!key.startsWith('product:')) continue;
      out.push({ key: label, tally });
      if (!productByLabel.has(label)) productByLabel.set(label, tally);
    }
    for (const [key, { label, tally }] of rows) {
      if (key.startsWith('product:')) continue;
      const same = productByLabel.get(label);
      if (!same) {
        out.push({ key: label, tally });
        continue;
      }
      same.clicks += tally.clicks;
      same.referrals += tally.referrals;
      same.conversions += tally.conversions;
      same.revenueCents += tally.revenueCents;
    }
    return out
      .map(({ key, tally }) => ({ key, ...metricsOf(tally) }))
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
        breakdown: breakdown(f, query.dimension, settings.currency, productCatalog(query.dimension === 'product' ? await repository.storeOffers(settings.businessId) : [])),
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
      // Orders count for their referral's product; revenue goes to what they bought, line by line.
      const catalog = productCatalog(await repository.storeOffers(settings.businessId));
      const byProduct = (): AttributionRow[] => {
        const rows = new Map<string, { label: string; orders: number; revenueCents: number }>();
        const row = (ref: ProductRef) => {
          let entry = rows.get(ref.key);
          if (!entry) rows.set(ref.key, (entry = { label: ref.label, orders: 0, revenueCents: 0 }));
          return entry;
        };
        for (const c of attributed) {
          row(referralProduct(catalog, c)).orders++;
          for (const [product, cents] of revenueByProduct(catalog, c, settings.currency)) row(product).revenueCents += cents;
        }
        const byLabel = new Map<string, AttributionRow>();
        for (const { label, orders, revenueCents } of rows.values()) {
          const same = byLabel.get(label);
          if (same) {
            same.orders += orders;
            same.revenueCents += revenueCents;
          } else byLabel.set(label, { key: label, orders, revenueCents });
        }
        return [...byLabel.values()];
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
        byProduct: byProduct().sort(byRevenue),
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
            productName: c.productName === null && !c.referralUrl ? null : referralProduct(catalog, c).label,
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
