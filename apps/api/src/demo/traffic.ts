import { AFFILIATE_UTM, createReferenceId } from '@pricehunt/affiliate';
import type { SearchOffer, SearchResult } from '@pricehunt/contracts';
import { demoProducts, generateDemoCatalog, Rng, slugify, type DemoProduct } from '@pricehunt/catalog-feeds';
import { buildRedirectLink } from '@pricehunt/tracking';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SettableClock } from '../lib/clock';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** How shoppers' visits spread over the hours of a day (UTC, the demo merchant's time zone): quiet nights, busy evenings. */
const HOUR_WEIGHTS = [0.4, 0.25, 0.15, 0.1, 0.1, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95, 1, 1.05, 1, 0.95, 0.95, 1, 1.05, 1.15, 1.3, 1.4, 1.35, 1.1, 0.7];
/** Visits per weekday (Sunday first): busier weekends, a quieter Friday. */
const WEEKDAY_FACTORS = [1.2, 1.05, 1, 1, 1, 0.9, 1.25];
const USER_AGENTS = [
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

export interface DemoTrafficOptions {
  app: FastifyInstance;
  /** The app's clock (`buildApp(…, { clock })`): set to each request's simulated time. */
  clock: SettableClock;
  seed: number;
  days: number;
  /** The end of the simulated period (ms); nothing is recorded after it. */
  end: number;
  /** The demo catalog's seed (the products searched for and the retailers' links pasted). */
  catalogSeed: number;
  store: { domain: string; products: readonly DemoStoreItem[] };
  /** The store's API key for the conversions API (its server reports some orders, as a store's order webhook would). */
  apiKey: string;
  /** Where the shopper site is: the pages referrals name as their source when no retailer's link was pasted. */
  shopperUrl: string;
  /** Ordinary visits per day at the start of the period (the site grows by half over it). */
  visitsPerDay?: number;
  onProgress?: (day: number, days: number) => void;
}

export interface DemoTrafficCounts {
  visits: number;
  searches: number;
  clicks: number;
  storeClicks: number;
  referrals: number;
  storePageViews: number;
  orders: number;
  referredOrders: number;
  webhookOrders: number;
  /** Requests the API refused or failed: none in a healthy run; the first few are kept in `errors`. */
  failures: number;
  errors: string[];
}

type Shopper = { sessionId: string; ip: string; userAgent: string; campaign: DemoCampaign | null };
type Referral = { referralId: string; targetUrl: string; productName: string; utm: { source: string; medium: string; campaign: string } };

type Action =
  | { kind: 'visit'; at: number; shopper: Shopper; storeFocus: boolean }
  | { kind: 'click'; at: number; shopper: Shopper; offer: SearchOffer; productName: string; sourceUrl: string }
  | { kind: 'land'; at: number; shopper: Shopper; referral: Referral | null; handle: string }
  | { kind: 'return'; at: number; shopper: Shopper; referral: Referral; handle: string }
  | { kind: 'buy'; at: number; shopper: Shopper; referral: Referral | null; handle: string; pageUrl: string };

/** A min-heap of actions by time (ties keep their insertion order). */
class Agenda {
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

const hex = (rng: Rng, length: number) => Array.from({ length }, () => rng.int(16).toString(16)).join('');
const uuidOf = (rng: Rng) => `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${(8 + rng.int(4)).toString(16)}${hex(rng, 3)}-${hex(rng, 12)}`;
const weighted = <T>(rng: Rng, items: readonly T[], weight: (item: T) => number): T => {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let draw = rng.next() * total;
  for (const item of items) {
    draw -= weight(item);
    if (draw < 0) return item;
  }
  return items[items.length - 1] as T;
};

/** What a shopper types for a product: its brand and model number, its line and name, or the model number alone. */
function typedWords(product: DemoProduct, rng: Rng): string {
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
 * Plays shoppers over the last `days` days through the API's own endpoints, each request at its simulated time (the
 * app's clock is set before it): searches of pasted retailers' links and typed words (POST /api/search), "Go to
 * <Retailer>" clicks (GET /api/redirect, the signed links the answers carry), referrals to the demo store as the
 * shopper site sends them (POST /api/trackReferral, then the redirect), the store's page views and purchases as its
 * tracking script reports them (POST /api/track-event, a Shopify order-status page's purchase), and some orders as the
 * store's server reports them (POST /api/merchant/conversions with its API key). Visits follow daily and weekly
 * rhythms, a growing audience and a few campaigns; some referred shoppers come back days later to buy, and the store
 * has customers of its own who never came through PriceHunt. Deterministic in `seed` (with the same catalog, store
 * and end).
 */
export async function simulateDemoTraffic(options: DemoTrafficOptions): Promise<DemoTrafficCounts> {
  const { app, clock, days, end, store } = options;
  const rng = new Rng(options.seed);
  const counts: DemoTrafficCounts = { visits: 0, searches: 0, clicks: 0, storeClicks: 0, referrals: 0, storePageViews: 0, orders: 0, referredOrders: 0, webhookOrders: 0, failures: 0, errors: [] };
  const products = demoProducts(options.catalogSeed);
  const links = new Map<string, string[]>();
  for (const offer of generateDemoCatalog({ seed: options.catalogSeed })) {
    const list = links.get(offer.productKey) ?? [];
    list.push(offer.url);
    links.set(offer.productKey, list);
  }
  const storeHandles = new Map(store.products.map((p) => [p.handle, p]));
  // The store's range among the demo's products: by GTIN or part number, as the catalog's matcher places them.
  const sells = (p: DemoProduct) => store.products.some((s) => (s.barcode && s.barcode === p.gtin) || (s.sku && (s.sku === p.mpn || s.sku === p.model)));
  const storeRange = products.filter(sells);
  const otherRange = products.filter((p) => !sells(p));
  const storeOrigin = `http://${store.domain}`;
  const visitsPerDay = options.visitsPerDay ?? 55;
  let orderNumber = 0;
  let shopperCount = 0;

  const newShopper = (campaign: DemoCampaign | null): Shopper => {
    shopperCount++;
    return {
      sessionId: uuidOf(rng),
      ip: `10.${(shopperCount >> 16) & 255}.${(shopperCount >> 8) & 255}.${shopperCount & 255}`,
      userAgent: weighted(rng, USER_AGENTS, (ua) => (/Mobile/.test(ua) ? 1.6 : 1)),
      campaign,
    };
  };

  async function call<T>(at: number, shopper: Shopper | null, request: InjectOptions): Promise<{ status: number; body: T | null; headers: Record<string, unknown> }> {
    clock.set(at);
    const response = await app.inject({
      ...request,
      remoteAddress: shopper?.ip ?? '10.255.0.1',
      headers: { 'user-agent': shopper?.userAgent ?? 'DemoStore/1.0', ...(request.headers ?? {}) },
    });
    if (response.statusCode >= 400) {
      counts.failures++;
      if (counts.errors.length < 5) counts.errors.push(`${request.method} ${String(request.url).split('?')[0]} ${response.statusCode}: ${response.body.slice(0, 200)}`);
      return { status: response.statusCode, body: null, headers: response.headers };
    }
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as T) : null, headers: response.headers };
  }

  const agenda = new Agenda();
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
      const handle = rng.pick(store.products).handle;
      if (at < end) agenda.push({ kind: 'land', at, shopper: newShopper(null), referral: null, handle });
    }
  }

  let lastDay = -1;
  for (let action = agenda.pop(); action; action = agenda.pop()) {
    if (action.at >= end) continue;
    const day = Math.floor((action.at - (endDay - (days - 1) * DAY_MS)) / DAY_MS);
    if (day !== lastDay) {
      lastDay = day;
      options.onProgress?.(day, days);
    }
    switch (action.kind) {
      case 'visit':
        await visit(action);
        break;
      case 'click':
        await click(action);
        break;
      case 'land':
        await land(action);
        break;
      case 'return':
        await comeBack(action);
        break;
      case 'buy':
        await buy(action);
        break;
    }
  }
  options.onProgress?.(days, days);
  clock.set(Math.max(end, Date.now()));
  return counts;

  async function visit({ at, shopper, storeFocus }: Extract<Action, { kind: 'visit' }>) {
    counts.visits++;
    const product = rng.pick(storeFocus && storeRange.length ? storeRange : otherRange);
    const pasted = rng.chance(0.55) ? links.get(product.productKey) : undefined;
    const url = pasted?.length ? rng.pick(pasted) : undefined;
    const requestId = uuidOf(rng);
    const { body } = await call<SearchResult>(at, shopper, {
      method: 'POST',
      url: '/api/search',
      payload: url ? { requestId, url, sessionId: shopper.sessionId } : { requestId, query: typedWords(product, rng), sessionId: shopper.sessionId },
    });
    counts.searches++;
    if (!body?.product) return;
    const buyable = body.offers.filter((o) => o.availability !== 'out_of_stock' && !o.isSource);
    if (!buyable.length || !rng.chance(0.6)) return;
    // A specialist shop (free shipping, its own advice) wins many of the shoppers it is offered to, most of all at the
    // best price; the others mostly go for the best price, else for a retailer they know.
    const storeOffer = buyable.find((o) => o.businessDomain);
    const offer =
      storeOffer && rng.chance(storeOffer.isBestPrice ? 0.6 : 0.3)
        ? storeOffer
        : rng.chance(0.45)
          ? (buyable.find((o) => o.isBestPrice) ?? (buyable[0] as SearchOffer))
          : weighted(rng, buyable, (o) => (o.retailer.id === 'amazon' ? 1.4 : 1) / (1 + buyable.indexOf(o) * 0.35));
    const sourceUrl = url ?? `${options.shopperUrl}/search/${requestId}/${slugify(body.input.query ?? 'search', 60)}`;
    agenda.push({ kind: 'click', at: at + 20_000 + rng.int(3 * MINUTE_MS), shopper, offer, productName: body.product.title, sourceUrl });
  }

  async function click({ at, shopper, offer, productName, sourceUrl }: Extract<Action, { kind: 'click' }>) {
    const domain = offer.businessDomain;
    // A store's offer goes through trackReferral first, as the shopper site sends it (a middle click skips it).
    if (domain && offer.isShopify && rng.chance(0.93)) {
      const utm = shopper.campaign ? { source: shopper.campaign.source, medium: shopper.campaign.medium, campaign: shopper.campaign.campaign } : AFFILIATE_UTM;
      const { body } = await call<{ targetUrl: string; referralId: string }>(at, shopper, {
        method: 'POST',
        url: '/api/trackReferral',
        payload: {
          referralId: createReferenceId(domain, { now: () => at, random: () => rng.next() }),
          businessDomain: domain,
          targetUrl: offer.url,
          sourceUrl,
          productName,
          utmSource: utm.source,
          utmMedium: utm.medium,
          utmCampaign: utm.campaign,
        },
      });
      if (!body) return;
      counts.referrals++;
      const redirect = await call(at + 300, shopper, { method: 'GET', url: buildRedirectLink(body.targetUrl, { timestamp: at + 300 }) });
      if (redirect.status === 302) {
        counts.clicks++;
        counts.storeClicks++;
      }
      const referral: Referral = { referralId: body.referralId, targetUrl: body.targetUrl, productName, utm };
      agenda.push({ kind: 'land', at: at + 1_500 + rng.int(4_000), shopper, referral, handle: handleOf(offer.url) });
      return;
    }
    const redirect = await call(at, shopper, { method: 'GET', url: offer.redirectUrl });
    if (redirect.status === 302) {
      counts.clicks++;
      if (domain) counts.storeClicks++;
    }
  }

  function handleOf(url: string): string {
    const match = /\/products\/([^/?#]+)/.exec(url);
    return match && storeHandles.has(match[1] as string) ? (match[1] as string) : (store.products[0] as DemoStoreItem).handle;
  }

  /** A page view as the store's tracking script reports it. */
  async function pageView(at: number, shopper: Shopper, referral: Referral | null, url: string, title: string) {
    const { body } = await call(at, shopper, {
      method: 'POST',
      url: '/api/track-event',
      payload: {
        eventType: 'page_view',
        businessDomain: store.domain,
        eventData: {
          url,
          title,
          sessionId: shopper.sessionId,
          timestamp: new Date(at).toISOString(),
          referrer: referral ? `${options.shopperUrl}/` : null,
          ...(referral ? { referralId: referral.referralId, utmSource: referral.utm.source, utmMedium: referral.utm.medium, utmCampaign: referral.utm.campaign } : {}),
        },
      },
    });
    if (body) counts.storePageViews++;
  }

  async function land({ at, shopper, referral, handle }: Extract<Action, { kind: 'land' }>) {
    const product = storeHandles.get(handle) as DemoStoreItem;
    const pageUrl = referral?.targetUrl ?? `${storeOrigin}/products/${handle}`;
    await pageView(at, shopper, referral, pageUrl, product.title);
    const buysNow = referral ? 0.05 : 0.25;
    if (rng.chance(0.4)) await pageView(at + 40_000 + rng.int(2 * MINUTE_MS), shopper, referral, `${storeOrigin}/cart`, 'Your cart');
    if (rng.chance(buysNow)) agenda.push({ kind: 'buy', at: at + 3 * MINUTE_MS + rng.int(10 * MINUTE_MS), shopper, referral, handle, pageUrl });
    // Some come back to buy days later: the script still holds their referral (inside the attribution window).
    else if (referral && rng.chance(0.035)) agenda.push({ kind: 'return', at: at + DAY_MS + rng.int(10 * DAY_MS), shopper: { ...shopper, sessionId: uuidOf(rng) }, referral, handle });
  }

  async function comeBack({ at, shopper, referral, handle }: Extract<Action, { kind: 'return' }>) {
    const pageUrl = `${storeOrigin}/products/${handle}`;
    await pageView(at, shopper, referral, pageUrl, (storeHandles.get(handle) as DemoStoreItem).title);
    agenda.push({ kind: 'buy', at: at + 2 * MINUTE_MS + rng.int(8 * MINUTE_MS), shopper, referral, handle, pageUrl });
  }

  async function buy({ at, shopper, referral, handle }: Extract<Action, { kind: 'buy' }>) {
    const product = storeHandles.get(handle) as DemoStoreItem;
    const quantity = rng.chance(0.12) ? 2 : 1;
    // Some add an accessory at the cart: the order's lines say which product each part of its value paid for.
    const accessory = rng.chance(0.2) ? rng.pick(store.products) : null;
    const line = (item: DemoStoreItem, count: number) => ({ url: `${storeOrigin}/products/${item.handle}`, sku: item.sku || undefined, name: item.title, price: Number(item.price), quantity: count });
    const items = accessory ? [line(product, quantity), line(accessory, 1)] : [line(product, quantity)];
    const value = Math.round((Number(product.price) * quantity + (accessory ? Number(accessory.price) : 0)) * 100) / 100;
    // Shopify's order ids: large numbers, unique across the store's life (the order number is for people).
    orderNumber++;
    const orderId = String(5_600_000_000_000 + Math.floor(at / 1000) * 10 + (orderNumber % 10));
    const webhook = rng.chance(0.25);
    const response = webhook
      ? await call(at, null, {
          method: 'POST',
          url: '/api/merchant/conversions',
          headers: { authorization: `Bearer ${options.apiKey}` },
          payload: { orderId, value, currency: 'USD', referralId: referral?.referralId ?? null, occurredAt: new Date(at).toISOString(), items },
        })
      : await call(at, shopper, {
          method: 'POST',
          url: '/api/track-event',
          payload: {
            eventType: 'purchase',
            businessDomain: store.domain,
            eventData: {
              url: `${storeOrigin}/orders/${hex(rng, 24)}`,
              sessionId: shopper.sessionId,
              timestamp: new Date(at).toISOString(),
              orderId,
              value,
              currency: 'USD',
              items,
              ...(referral ? { referralId: referral.referralId, utmSource: referral.utm.source, utmMedium: referral.utm.medium, utmCampaign: referral.utm.campaign } : {}),
            },
          },
        });
    if (!response.body) return;
    counts.orders++;
    if (referral) counts.referredOrders++;
    if (webhook) counts.webhookOrders++;
  }
}
