import type { AttributionResponse, AttributionRow, RangeQuery } from '@pricehunt/contracts';
import { dayOf, periodBounds } from '@pricehunt/contracts';
import { type AnalyticsRepository, attributionWindowMs, type ConversionRow } from '@pricehunt/storage';
import { type BusinessAnalyticsSettings, isAttributed, referralProduct, revenueByProduct, revenueOf } from './analytics-figures';
import { NONE, productCatalog, type ProductRef } from './analytics-products';

/** Orders reported by the store in a range: how many a referral brought, their revenue by product, campaign and day. */
export async function attributionReport(repository: AnalyticsRepository, settings: BusinessAnalyticsSettings, range: RangeQuery): Promise<AttributionResponse> {
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
}
