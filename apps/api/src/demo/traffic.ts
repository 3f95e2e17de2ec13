import { AFFILIATE_UTM, createReferenceId } from '@pricehunt/affiliate';
import type { SearchOffer, SearchResult } from '@pricehunt/contracts';
import { demoProducts, generateDemoCatalog, Rng, slugify, type DemoProduct } from '@pricehunt/catalog-feeds';
import { buildRedirectLink } from '@pricehunt/tracking';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SettableClock } from '../lib/clock';
import { Agenda, type Action, DAY_MS, type DemoCampaign, type DemoStoreItem, hex, MINUTE_MS, planDays, type Referral, type Shopper, typedWords, USER_AGENTS, uuidOf, weighted } from './traffic-plan';

export { DEMO_CAMPAIGNS, type DemoCampaign, type DemoStoreItem } from './traffic-plan';

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
/** One run of the simulation: its options, random numbers, counts and agenda, and the stores' products. */
interface Simulation {
  options: DemoTrafficOptions;
  rng: Rng;
  counts: DemoTrafficCounts;
  agenda: Agenda;
  /** The retailers' links of each demo product. */
  links: Map<string, string[]>;
  storeHandles: Map<string, DemoStoreItem>;
  /** The demo's products the store sells, and the others. */
  storeRange: DemoProduct[];
  otherRange: DemoProduct[];
  storeOrigin: string;
  orderNumber: number;
  call<T>(at: number, shopper: Shopper | null, request: InjectOptions & { url: string }): Promise<{ status: number; body: T | null; headers: Record<string, unknown> }>;
}

/** A request to the app at its simulated time; a refusal or failure is counted (the first few kept). */
function caller(app: FastifyInstance, clock: SettableClock, counts: DemoTrafficCounts): Simulation['call'] {
  return async <T>(at: number, shopper: Shopper | null, request: InjectOptions & { url: string }) => {
    clock.set(at);
    const response = await app.inject({
      ...request,
      remoteAddress: shopper?.ip ?? '10.255.0.1',
      headers: { 'user-agent': shopper?.userAgent ?? 'DemoStore/1.0', ...(request.headers ?? {}) },
    });
    if (response.statusCode >= 400) {
      counts.failures++;
      if (counts.errors.length < 5) counts.errors.push(`${request.method} ${request.url.split('?')[0]} ${response.statusCode}: ${response.body.slice(0, 200)}`);
      return { status: response.statusCode, body: null, headers: response.headers };
    }
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as T) : null, headers: response.headers };
  };
}

function startSimulation(options: DemoTrafficOptions): Simulation {
  const { store } = options;
  const counts: DemoTrafficCounts = { visits: 0, searches: 0, clicks: 0, storeClicks: 0, referrals: 0, storePageViews: 0, orders: 0, referredOrders: 0, webhookOrders: 0, failures: 0, errors: [] };
  const products = demoProducts(options.catalogSeed);
  const links = new Map<string, string[]>();
  for (const offer of generateDemoCatalog({ seed: options.catalogSeed })) {
    const list = links.get(offer.productKey) ?? [];
    list.push(offer.url);
    links.set(offer.productKey, list);
  }
  // The store's range among the demo's products: by GTIN or part number, as the catalog's matcher places them.
  const sells = (p: DemoProduct) => store.products.some((s) => (s.barcode && s.barcode === p.gtin) || (s.sku && (s.sku === p.mpn || s.sku === p.model)));
  return {
    options,
    rng: new Rng(options.seed),
    counts,
    agenda: new Agenda(),
    links,
    storeHandles: new Map(store.products.map((p) => [p.handle, p])),
    storeRange: products.filter(sells),
    otherRange: products.filter((p) => !sells(p)),
    storeOrigin: `http://${store.domain}`,
    orderNumber: 0,
    call: caller(options.app, options.clock, counts),
  };
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
  const { clock, days, end, store } = options;
  const sim = startSimulation(options);
  const { rng, agenda } = sim;
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
  const endDay = Math.floor(end / DAY_MS) * DAY_MS;
  planDays(agenda, rng, { days, end, visitsPerDay: options.visitsPerDay ?? 55, storeProducts: store.products, newShopper });

  let lastDay = -1;
  for (let action = agenda.pop(); action; action = agenda.pop()) {
    if (action.at >= end) continue;
    const day = Math.floor((action.at - (endDay - (days - 1) * DAY_MS)) / DAY_MS);
    if (day !== lastDay) {
      lastDay = day;
      options.onProgress?.(day, days);
    }
    await act(sim, action);
  }
  options.onProgress?.(days, days);
  clock.set(Math.max(end, Date.now()));
  return sim.counts;
}

function act(sim: Simulation, action: Action): Promise<void> {
  switch (action.kind) {
    case 'visit':
      return visit(sim, action);
    case 'click':
      return click(sim, action);
    case 'land':
      return land(sim, action);
    case 'return':
      return comeBack(sim, action);
    case 'buy':
      return buy(sim, action);
  }
}

async function visit(sim: Simulation, { at, shopper, storeFocus }: Extract<Action, { kind: 'visit' }>) {
  const { rng, counts, agenda, call, options, links, storeRange, otherRange } = sim;
  counts.visits++;
  const product = rng.pick(storeFocus && storeRange.length ? storeRange : otherRange);
  const pasted = rng.chance(0.55) ? links.get(product.productKey) : undefined;
  const url = pasted?.length ? rng.pick(pasted) : undefined;
  const search = async (payload: { url: string } | { query: string }) => {
    const requestId = uuidOf(rng);
    const { body } = await call<SearchResult>(at, shopper, { method: 'POST', url: '/api/search', payload: { requestId, ...payload, sessionId: shopper.sessionId } });
    counts.searches++;
    return { requestId, body };
  };
  let { requestId, body } = await search(url ? { url } : { query: typedWords(product, rng) });
  // Words that list several products (a model in its colours): the shopper chooses one, its own if listed, and
  // compares its prices, as the list's "Compare prices" does (a search of that product's name).
  const chosen = body && !body.product ? (body.matches.find((match) => match.title === product.title) ?? body.matches[0]) : undefined;
  if (chosen) ({ requestId, body } = await search({ query: chosen.title }));
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
        ? // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- it types `offer`: buyable is not empty here
          (buyable.find((o) => o.isBestPrice) ?? (buyable[0] as SearchOffer))
        : weighted(rng, buyable, (o) => (o.retailer.id === 'amazon' ? 1.4 : 1) / (1 + buyable.indexOf(o) * 0.35));
  const sourceUrl = url ?? `${options.shopperUrl}/search/${requestId}/${slugify(body.input.query ?? 'search', 60)}`;
  agenda.push({ kind: 'click', at: at + 20_000 + rng.int(3 * MINUTE_MS), shopper, offer, productName: body.product.title, sourceUrl });
}

async function click(sim: Simulation, { at, shopper, offer, productName, sourceUrl }: Extract<Action, { kind: 'click' }>) {
  const { rng, counts, agenda, call } = sim;
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
    agenda.push({ kind: 'land', at: at + 1_500 + rng.int(4_000), shopper, referral, handle: handleOf(sim, offer.url) });
    return;
  }
  const redirect = await call(at, shopper, { method: 'GET', url: offer.redirectUrl });
  if (redirect.status === 302) {
    counts.clicks++;
    if (domain) counts.storeClicks++;
  }
}

function handleOf({ storeHandles, options }: Simulation, url: string): string {
  const match = /\/products\/([^/?#]+)/.exec(url);
  return match && storeHandles.has(match[1] as string) ? (match[1] as string) : (options.store.products[0] as DemoStoreItem).handle;
}

/** A page view as the store's tracking script reports it. */
async function pageView(sim: Simulation, at: number, shopper: Shopper, referral: Referral | null, url: string, title: string) {
  const { counts, call, options } = sim;
  const { body } = await call(at, shopper, {
    method: 'POST',
    url: '/api/track-event',
    payload: {
      eventType: 'page_view',
      businessDomain: options.store.domain,
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

async function land(sim: Simulation, { at, shopper, referral, handle }: Extract<Action, { kind: 'land' }>) {
  const { rng, agenda, storeHandles, storeOrigin } = sim;
  const product = storeHandles.get(handle) as DemoStoreItem;
  const pageUrl = referral?.targetUrl ?? `${storeOrigin}/products/${handle}`;
  await pageView(sim, at, shopper, referral, pageUrl, product.title);
  const buysNow = referral ? 0.05 : 0.25;
  if (rng.chance(0.4)) await pageView(sim, at + 40_000 + rng.int(2 * MINUTE_MS), shopper, referral, `${storeOrigin}/cart`, 'Your cart');
  if (rng.chance(buysNow)) agenda.push({ kind: 'buy', at: at + 3 * MINUTE_MS + rng.int(10 * MINUTE_MS), shopper, referral, handle, pageUrl });
  // Some come back to buy days later: the script still holds their referral (inside the attribution window).
  else if (referral && rng.chance(0.035)) agenda.push({ kind: 'return', at: at + DAY_MS + rng.int(10 * DAY_MS), shopper: { ...shopper, sessionId: uuidOf(rng) }, referral, handle });
}

async function comeBack(sim: Simulation, { at, shopper, referral, handle }: Extract<Action, { kind: 'return' }>) {
  const { rng, agenda, storeHandles, storeOrigin } = sim;
  const pageUrl = `${storeOrigin}/products/${handle}`;
  await pageView(sim, at, shopper, referral, pageUrl, (storeHandles.get(handle) as DemoStoreItem).title);
  agenda.push({ kind: 'buy', at: at + 2 * MINUTE_MS + rng.int(8 * MINUTE_MS), shopper, referral, handle, pageUrl });
}

async function buy(sim: Simulation, { at, shopper, referral, handle }: Extract<Action, { kind: 'buy' }>) {
  const { rng, counts, call, storeHandles, storeOrigin, options } = sim;
  const { store } = options;
  const product = storeHandles.get(handle) as DemoStoreItem;
  const quantity = rng.chance(0.12) ? 2 : 1;
  // Some add an accessory at the cart: the order's lines say which product each part of its value paid for.
  const accessory = rng.chance(0.2) ? rng.pick(store.products) : null;
  const line = (item: DemoStoreItem, count: number) => ({ url: `${storeOrigin}/products/${item.handle}`, sku: item.sku || undefined, name: item.title, price: Number(item.price), quantity: count });
  const items = accessory ? [line(product, quantity), line(accessory, 1)] : [line(product, quantity)];
  const value = Math.round((Number(product.price) * quantity + (accessory ? Number(accessory.price) : 0)) * 100) / 100;
  // Shopify's order ids: large numbers, unique across the store's life (the order number is for people).
  sim.orderNumber++;
  const orderId = String(5_600_000_000_000 + Math.floor(at / 1000) * 10 + (sim.orderNumber % 10));
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
          businessDomain: options.store.domain,
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
