import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SEED, seedDemoCatalog } from '@pricehunt/catalog-core';
import { DEMO_STORE, demoStoreProducts } from '@pricehunt/catalog-feeds';
import {
  lastDays,
  type ActivityResponse,
  type AnalyticsResponse,
  type AttributionResponse,
  type BusinessDetailResponse,
  type BusinessListResponse,
  type Metrics,
  type OverviewResponse,
  type ProductsResponse,
  type SummaryResponse,
} from '@pricehunt/contracts';
import { startShopServer, type ShopServer } from '@pricehunt/shop-server';
import { settableClock } from '../lib/clock';
import { DEMO_ADMIN_EMAIL, DEMO_MERCHANT_EMAIL, demoPasswords, seedDemoAdmin, seedDemoMerchant } from '../modules/admin/seed';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { itOnEngine, testEngine } from '../testing/db';
import { connectDemoStore, signInMerchant, type MerchantCalls } from './connect-store';
import { simulateDemoTraffic, type DemoTrafficCounts } from './traffic';

const DAY_MS = 86_400_000;
// A fixed end: two runs with one seed must see the same days.
const END = Date.parse('2026-11-20T15:30:00Z');
const DAYS = 12;
const FROM = new Date(END - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
const TO = new Date(END).toISOString().slice(0, 10);
const API_ORIGIN = 'http://127.0.0.1:3000';

interface Run {
  counts: DemoTrafficCounts;
  summary: SummaryResponse;
  merchant: MerchantCalls;
  test: TestApp;
  clock: ReturnType<typeof settableClock>;
}

/** A fresh database with the demo catalog and accounts, the store connected through the API, then `DAYS` days of traffic. */
async function simulate(store: ShopServer, headFile: string, seed: number): Promise<Run> {
  fs.writeFileSync(headFile, '');
  const clock = settableClock(Date.now());
  const test = await buildTestApp({ STORE_ORIGIN_OVERRIDES: `${store.domain}=${store.origin}`, FETCH_ALLOW_LOOPBACK: 'true' }, { clock });
  const { app } = test;
  await seedDemoCatalog(app.catalog, app.storage.catalog, { demo: true, days: 2 });
  await seedDemoMerchant(app.storage.businessAccounts, { production: false });
  await seedDemoAdmin(app.storage.businessAccounts, { production: false });
  const connected = await connectDemoStore(app, {
    email: DEMO_MERCHANT_EMAIL,
    password: demoPasswords().merchant,
    apiOrigin: API_ORIGIN,
    installHead: (html) => fs.writeFileSync(headFile, html),
  });
  const counts = await simulateDemoTraffic({
    app,
    clock,
    seed,
    days: DAYS,
    end: END,
    catalogSeed: DEMO_SEED,
    store: { domain: connected.storeDomain, products: demoStoreProducts(DEMO_SEED) },
    apiKey: connected.apiKey,
    shopperUrl: 'http://localhost:4200',
    visitsPerDay: 24,
  });
  const merchant = await signInMerchant(app, { email: DEMO_MERCHANT_EMAIL, password: demoPasswords().merchant, apiOrigin: API_ORIGIN });
  const summary = await merchant.call<SummaryResponse>({ method: 'GET', url: `/api/business/dashboard/summary?from=${FROM}&to=${TO}&tz=UTC` });
  return { counts, summary, merchant, test, clock };
}

const sum = (rows: readonly Metrics[], key: keyof Metrics) => rows.reduce((total, row) => total + row[key], 0);

describe('demo traffic simulator', () => {
  let store: ShopServer;
  let dir: string;
  let first: Run;
  let again: Run;
  let other: Run;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-demo-'));
    const headFile = path.join(dir, 'head.html');
    store = await startShopServer({ domain: DEMO_STORE.domain, name: DEMO_STORE.name, products: demoStoreProducts(DEMO_SEED), headFile });
    first = await simulate(store, headFile, 11);
    // A seed's sameness is the simulator's, whatever the engine: PostgreSQL plays the days once.
    if (testEngine() === 'sqlite') {
      again = await simulate(store, headFile, 11);
      other = await simulate(store, headFile, 12);
    }
    // Three seeded databases and their days of traffic: over four minutes on a slow two-core machine.
  }, 600_000);

  afterAll(async () => {
    await first?.test.close();
    await again?.test.close();
    await other?.test.close();
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('connects the demo store through the real paths: its products are compared with the other retailers', async () => {
    const products = await first.merchant.call<ProductsResponse>({ method: 'GET', url: '/api/business/products?pageSize=100' });
    expect(products.total).toBe(demoStoreProducts(DEMO_SEED).length);
    // Shown to shoppers, placed by the matcher next to the same product at other retailers, ranked by price among them.
    expect(products.items.every((product) => product.held === null)).toBe(true);
    const compared = products.items.filter((product) => product.competitorCount > 0 && product.priceRank !== null);
    expect(compared.length / products.items.length).toBeGreaterThan(0.9);
    expect(store.requests.some((request) => request.startsWith('/products.json'))).toBe(true);
  });

  it('records every simulated request through the API without a refusal, at its simulated time', async () => {
    expect(first.counts.failures).toBe(0);
    expect(first.counts.errors).toEqual([]);
    const { summary } = first;
    expect(summary.current.clicks).toBeGreaterThan(0);
    // Each day of the period has traffic, and nothing lies outside it.
    expect(summary.trend).toHaveLength(DAYS);
    expect(summary.trend.filter((day) => day.clicks > 0).length).toBeGreaterThanOrEqual(DAYS - 2);
    expect(summary.previous.clicks).toBe(0);
  });

  itOnEngine('sqlite', 'reproduces its figures for a seed, and draws others for another seed', async () => {
    const { errors: _e1, ...counts } = first.counts;
    const { errors: _e2, ...countsAgain } = again.counts;
    expect(countsAgain).toEqual(counts);
    expect(again.summary.current).toEqual(first.summary.current);
    expect(again.summary.trend).toEqual(first.summary.trend);
    expect(other.counts.failures).toBe(0);
    expect(other.summary.trend).not.toEqual(first.summary.trend);
  });

  it('shows figures that add up across the dashboard endpoints', async () => {
    const { merchant, summary } = first;
    const c = summary.current;
    expect(c.clicks).toBeGreaterThanOrEqual(c.referrals);
    expect(c.referrals).toBeGreaterThanOrEqual(c.conversions);
    // Every order a referred shopper placed is a conversion, however few chance gave: a month of the test's traffic
    // brings the store about twenty referrals, of which a few buy, some months none.
    expect(c.conversions).toBe(first.counts.referredOrders);
    expect(first.counts.orders).toBeGreaterThan(0);
    expect(c.revenueCents > 0).toBe(c.conversions > 0);
    expect(c.conversionRate).toBeCloseTo(c.referrals > 0 ? c.conversions / c.referrals : 0, 3);
    expect(c.conversionRate).toBeLessThan(0.2);
    for (const key of ['clicks', 'referrals', 'conversions', 'revenueCents'] as const) expect(sum(summary.trend, key)).toBe(c[key]);

    const range = `from=${FROM}&to=${TO}&tz=UTC`;
    for (const dimension of ['product', 'retailer', 'utm_source', 'utm_campaign'] as const) {
      const analytics = await merchant.call<AnalyticsResponse>({ method: 'GET', url: `/api/business/analytics?${range}&dimension=${dimension}` });
      expect(analytics.totals).toEqual(c);
      for (const key of ['clicks', 'referrals', 'conversions', 'revenueCents'] as const) expect(sum(analytics.breakdown, key)).toBe(c[key]);
      if (dimension === 'utm_campaign') expect(analytics.breakdown.length).toBeGreaterThan(1);
      // Clicks start on the shopper site's search pages and on the retailers' pages shoppers pasted.
      if (dimension === 'retailer') expect(analytics.breakdown.map((row) => row.key)).toEqual(expect.arrayContaining(['localhost', expect.stringMatching(/^(amazon|walmart|bestbuy|target|ebay|newegg|costco)\.com$/)]));
    }

    // One row per catalog product of the store, named by the product's title (not by a search's or a listing's wording).
    const listed = await merchant.call<ProductsResponse>({ method: 'GET', url: '/api/business/products?pageSize=100' });
    const titles = new Set<string>();
    for (const id of new Set(listed.items.map((item) => item.productId).filter((id): id is number => id !== null))) {
      titles.add((await merchant.call<{ product: { title: string } }>({ method: 'GET', url: `/api/products/${id}` })).product.title);
    }
    const byProduct = await merchant.call<AnalyticsResponse>({ method: 'GET', url: `/api/business/analytics?${range}&dimension=product` });
    expect(byProduct.breakdown.length).toBeGreaterThan(3);
    for (const row of byProduct.breakdown) expect(titles).toContain(row.key);

    // Revenue is the sum of the attributed orders; the store also reported orders PriceHunt did not refer.
    const attribution = await merchant.call<AttributionResponse>({ method: 'GET', url: `/api/business/attribution?${range}` });
    expect(attribution.attributedOrders).toBe(c.conversions);
    expect(attribution.attributedRevenueCents).toBe(c.revenueCents);
    expect(attribution.orders.reduce((total, order) => total + order.valueCents, 0)).toBe(c.revenueCents);
    expect(attribution.reportedOrders).toBeGreaterThan(attribution.attributedOrders);

    // The activity log pages through the same clicks and referrals.
    const clicks = await merchant.call<ActivityResponse>({ method: 'GET', url: '/api/business/activity?type=click&pageSize=10' });
    const referrals = await merchant.call<ActivityResponse>({ method: 'GET', url: '/api/business/activity?type=referral&pageSize=10&page=2' });
    expect(clicks.total).toBe(c.clicks);
    expect(referrals.total).toBe(c.referrals);
    // Page 2 holds the referrals past the first 10, up to 10 of them: how many the simulated days gave.
    expect(c.referrals).toBeGreaterThan(10);
    expect(referrals.items).toHaveLength(Math.min(10, c.referrals - 10));
    expect(Date.parse(clicks.items[0]?.at ?? '')).toBeLessThanOrEqual(END);
  });

  it('shows the admin overview the same days', async () => {
    const { test, clock, summary } = first;
    clock.set(END);
    const admin = await signInMerchant(test.app, { email: DEMO_ADMIN_EMAIL, password: demoPasswords().admin, apiOrigin: API_ORIGIN });
    const overview = await admin.call<OverviewResponse>({ method: 'GET', url: '/api/admin/overview' });
    const shown = overview.daily.slice(-DAYS);
    expect(shown.reduce((total, day) => total + day.searches, 0)).toBe(first.counts.searches);
    expect(shown.reduce((total, day) => total + day.clicks, 0)).toBe(first.counts.clicks);
    // One business: its referrals and orders are all the site's.
    expect(shown.reduce((total, day) => total + day.referrals, 0)).toBe(summary.current.referrals);
    // Conversions and revenue are the attributed orders, as the merchant's dashboard counts them.
    expect(shown.reduce((total, day) => total + day.conversions, 0)).toBe(summary.current.conversions);
    expect(shown.reduce((total, day) => total + day.revenueCents, 0)).toBe(summary.current.revenueCents);
    expect(overview.activity.last30Days.searches).toBe(first.counts.searches);

    // The business's page shows the figures of the merchant's own "last 30 days": the same calendar days.
    const period = lastDays(30, END, 'UTC');
    const dashboard = await first.merchant.call<SummaryResponse>({ method: 'GET', url: `/api/business/dashboard/summary?from=${period.from}&to=${period.to}&tz=UTC` });
    const { items } = await admin.call<BusinessListResponse>({ method: 'GET', url: `/api/admin/businesses?q=${encodeURIComponent(DEMO_MERCHANT_EMAIL)}` });
    const detail = await admin.call<BusinessDetailResponse>({ method: 'GET', url: `/api/admin/businesses/${items[0]?.id}` });
    expect(detail.figures.period).toEqual(period);
    const { conversionRate: _rate, ...figures } = dashboard.current;
    expect(detail.figures.last30Days).toEqual(figures);
  });
});
