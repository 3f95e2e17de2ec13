import type { SearchOffer } from '@pricehunt/contracts';
import { type DemoProduct, Rng } from '@pricehunt/catalog-feeds';

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** How shoppers' visits spread over the hours of a day (UTC, the demo merchant's time zone): quiet nights, busy evenings. */
export const HOUR_WEIGHTS = [0.4, 0.25, 0.15, 0.1, 0.1, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95, 1, 1.05, 1, 0.95, 0.95, 1, 1.05, 1.15, 1.3, 1.4, 1.35, 1.1, 0.7];
/** Visits per weekday (Sunday first): busier weekends, a quieter Friday. */
export const WEEKDAY_FACTORS = [1.2, 1.05, 1, 1, 1, 0.9, 1.25];
export const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
];

/** What the simulation needs of a product of the demo store (its `/products.json` variant). */
export interface DemoStoreItem {
  handle: string;
  title: string;
  sku: string;
  barcode: string;
  /** Dollars and cents as the store writes them ("59.00"). */
  price: string;
}

/** A campaign that brought shoppers to the site: its UTM values, when it ran (days before the end) and how much it added. */
export interface DemoCampaign {
  source: string;
  medium: string;
  campaign: string;
  /** Whether the campaign ran on a day, given its distance from the end (0 = the last day) and its weekday (0 = Sunday). */
  runs(daysBeforeEnd: number, weekday: number): boolean;
  /** Extra visits on its days, as a share of the day's ordinary ones. */
  lift: number;
  /** Share of store products among what its visitors look for (audio and wearables campaigns favour the store's range). */
  storeShare?: number;
}

/** The demo's campaigns, placed relative to the end of the simulated period so every run of the demo shows them. */
export const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  { source: 'newsletter', medium: 'email', campaign: 'weekly-deals', runs: (_d, weekday) => weekday === 4, lift: 0.35 },
  { source: 'instagram', medium: 'social', campaign: 'audio-week', runs: (d) => d >= 54 && d <= 60, lift: 0.6, storeShare: 0.7 },
  { source: 'google', medium: 'cpc', campaign: 'holiday-gifts', runs: (d) => d <= 11, lift: 0.45 },
];

export type Shopper = { sessionId: string; ip: string; userAgent: string; campaign: DemoCampaign | null };
export type Referral = { referralId: string; targetUrl: string; productName: string; utm: { source: string; medium: string; campaign: string } };

export type Action =
  | { kind: 'visit'; at: number; shopper: Shopper; storeFocus: boolean }
  | { kind: 'click'; at: number; shopper: Shopper; offer: SearchOffer; productName: string; sourceUrl: string }
  | { kind: 'land'; at: number; shopper: Shopper; referral: Referral | null; handle: string }
  | { kind: 'return'; at: number; shopper: Shopper; referral: Referral; handle: string }
  | { kind: 'buy'; at: number; shopper: Shopper; referral: Referral | null; handle: string; pageUrl: string };

/** A min-heap of actions by time (ties keep their insertion order). */
export class Agenda {
  private items: Array<{ action: Action; order: number }> = [];
  private count = 0;
  get size() {
    return this.items.length;
  }
  push(action: Action) {
    const items = this.items;
    items.push({ action, order: this.count++ });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i] as never, items[parent] as never)) break;
      [items[i], items[parent]] = [items[parent] as never, items[i] as never];
      i = parent;
    }
  }
  pop(): Action | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.before(items[l] as never, items[m] as never)) m = l;
        if (r < items.length && this.before(items[r] as never, items[m] as never)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m] as never, items[i] as never];
        i = m;
      }
    }
    return top?.action;
  }
  private before(a: { action: Action; order: number }, b: { action: Action; order: number }) {
    return a.action.at < b.action.at || (a.action.at === b.action.at && a.order < b.order);
  }
}

export const hex = (rng: Rng, length: number) => Array.from({ length }, () => rng.int(16).toString(16)).join('');
export const uuidOf = (rng: Rng) => `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${(8 + rng.int(4)).toString(16)}${hex(rng, 3)}-${hex(rng, 12)}`;
export const weighted = <T>(rng: Rng, items: readonly T[], weight: (item: T) => number): T => {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let draw = rng.next() * total;
  for (const item of items) {
    draw -= weight(item);
    if (draw < 0) return item;
  }
  return items[items.length - 1] as T;
};

/** What a shopper types for a product: its brand and model number, its line and name, or the model number alone. */
export function typedWords(product: DemoProduct, rng: Rng): string {
  const line = [product.family, product.name].filter(Boolean).join(' ');
  const forms = [
    [product.brand, product.model].filter(Boolean).join(' '),
    [product.family.startsWith(product.brand) ? '' : product.brand, line, product.model].filter(Boolean).join(' '),
    product.model.length >= 5 && /\d/.test(product.model) ? product.model : `${product.brand} ${line}`,
  ].filter((form) => form.trim().length >= 3);
  const words = rng.pick(forms).trim();
  return rng.chance(0.55) ? words.toLowerCase() : words;
}

/**
 * The simulated period's plan, day by day: its ordinary visits (daily and weekly rhythms, a growing audience), its
 * campaigns' extra visits, and the store's own customers, each at its time on the agenda. Nothing at or after `end`.
 */
export function planDays(
  agenda: Agenda,
  rng: Rng,
  { days, end, visitsPerDay, storeProducts, newShopper }: { days: number; end: number; visitsPerDay: number; storeProducts: readonly DemoStoreItem[]; newShopper: (campaign: DemoCampaign | null) => Shopper },
) {
const endDay = Math.floor(end / DAY_MS) * DAY_MS;
for (let d = days - 1; d >= 0; d--) {
  const dayStart = endDay - d * DAY_MS;
  const weekday = new Date(dayStart).getUTCDay();
  const growth = 1 + 0.5 * ((days - 1 - d) / Math.max(1, days - 1));
  const ordinary = visitsPerDay * growth * (WEEKDAY_FACTORS[weekday] as number) * (0.85 + 0.3 * rng.next());
  const campaigns = DEMO_CAMPAIGNS.filter((c) => c.runs(d, weekday));
  const visits: Array<DemoCampaign | null> = Array.from({ length: Math.round(ordinary) }, () => null);
  for (const campaign of campaigns) for (let i = 0; i < Math.round(ordinary * campaign.lift); i++) visits.push(campaign);
  for (const campaign of visits) {
    const at = dayStart + weighted(rng, HOUR_WEIGHTS.map((_, h) => h), (h) => HOUR_WEIGHTS[h] as number) * 3_600_000 + rng.int(3_600_000);
    const storeFocus = rng.chance(campaign?.storeShare ?? 0.45);
    if (at < end) agenda.push({ kind: 'visit', at, shopper: newShopper(campaign), storeFocus });
  }
  // The store's own customers (its regulars, its ads): page views and orders PriceHunt never referred.
  for (let i = 0, n = rng.between(1, 3); i < n; i++) {
    const at = dayStart + rng.int(DAY_MS);
    const handle = rng.pick(storeProducts).handle;
    if (at < end) agenda.push({ kind: 'land', at, shopper: newShopper(null), referral: null, handle });
  }
}
}
