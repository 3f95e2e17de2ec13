import type { BreakdownDimension, Metrics, SeriesPoint } from '@pricehunt/contracts';
import type { ClickActivityRow, ConversionRow, ReferralActivityRow } from '@pricehunt/storage';
import { hostOf, named, pathLabel, type ProductCatalog, type ProductRef, refOf, splitByLines, utmOf } from './analytics-products';
import { bucketIndex, type Bucket } from './time';

export interface BusinessAnalyticsSettings {
  businessId: string;
  currency: string;
  attributionWindowDays: number;
}

export interface Facts {
  clicks: ClickActivityRow[];
  referrals: ReferralActivityRow[];
  conversions: ConversionRow[];
}

export interface Tally {
  clicks: number;
  referrals: number;
  conversions: number;
  revenueCents: number;
}

export const emptyTally = (): Tally => ({ clicks: 0, referrals: 0, conversions: 0, revenueCents: 0 });

/** Figures of a tally; the conversion rate is attributed conversions per referral sent to the store. */
export function metricsOf(t: Tally): Metrics {
  return { ...t, conversionRate: t.referrals > 0 ? Math.round((t.conversions / t.referrals) * 10_000) / 10_000 : 0 };
}

export const change = (now: number, before: number): number | null => (before === 0 ? null : Math.round(((now - before) / before) * 10_000) / 10_000);

export const isAttributed = (c: ConversionRow) => c.referredAt !== null;
/** Revenue counts attributed orders in the business's currency (orders in another currency still count as orders). */
export const revenueOf = (c: ConversionRow, currency: string) => (c.currency === currency ? c.valueCents : 0);

export function tally(f: Facts, currency: string): Tally {
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

export function series(f: Facts, list: Bucket[], currency: string): SeriesPoint[] {
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
export const referralProduct = (catalog: ProductCatalog, r: { requestedUrl?: string | null; referralUrl?: string | null; productName: string | null }) =>
  catalog.ofUrl(r.requestedUrl ?? r.referralUrl) ?? named(r.productName);

/**
 * An attributed order's revenue by product: split among its lines' products by price × quantity when the store
 * named its lines, else all of it to its referral's product.
 */
export function revenueByProduct(catalog: ProductCatalog, c: ConversionRow, currency: string): Array<[ProductRef, number]> {
  const revenue = revenueOf(c, currency);
  const lines = c.lines ?? [];
  const parts = revenue > 0 && lines.length > 0 ? splitByLines(revenue, lines) : [];
  if (parts.length === 0) return [[referralProduct(catalog, c), revenue]];
  return lines.map((line, index) => [catalog.ofLine(line), parts[index] as number]);
}

export function breakdown(f: Facts, dimension: BreakdownDimension, currency: string, catalog: ProductCatalog) {
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
