/**
 * @jest-environment jsdom
 */
import { TRACKING_SCRIPT_STORAGE_KEY } from '@pricehunt/contracts';
import { TRACKING_SCRIPT } from './tracking-script';

interface Sent {
  url: string;
  body: { eventType: string; businessDomain: string; eventData: Record<string, unknown> };
  init: RequestInit;
}

function load(search: string, attributes: Record<string, string> = {}, setup: () => void = () => undefined): Sent[] {
  window.history.replaceState(null, '', `/products/kettle${search}`);
  const sent: Sent[] = [];
  (window as unknown as { fetch: unknown }).fetch = (url: string, init: RequestInit) => {
    sent.push({ url, init, body: JSON.parse(init.body as string) });
    return Promise.resolve({ ok: true });
  };
  const script = document.createElement('script');
  script.setAttribute('src', 'https://api.pricehunt.test/t.js');
  for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v);
  document.head.appendChild(script);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  setup();
  new Function(TRACKING_SCRIPT)();
  return sent;
}

describe('tracking script', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: null });
    delete (window as unknown as { pricehunt?: unknown }).pricehunt;
  });

  it('keeps the referral and UTM values first-party and reports a page view with them', () => {
    const sent = load('?ref=aff_shop_1_abc&utm_source=pricehunt&utm_medium=price_comparison&utm_campaign=product_referral', {
      'data-domain': 'www.Shop.example.com',
      'data-window': '7',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://api.pricehunt.test/api/track-event');
    expect(sent[0]?.init.keepalive).toBe(true);
    expect(sent[0]?.body).toMatchObject({
      eventType: 'page_view',
      businessDomain: 'shop.example.com',
      eventData: { referralId: 'aff_shop_1_abc', utmSource: 'pricehunt', utmCampaign: 'product_referral' },
    });
    const stored = JSON.parse(localStorage.getItem(TRACKING_SCRIPT_STORAGE_KEY) as string);
    expect(stored.referralId).toBe('aff_shop_1_abc');
    expect(stored.expiresAt - stored.landedAt).toBe(7 * 86_400_000);
  });

  it('remembers the referral on later pages and reports each order id once', async () => {
    load('?ref=aff_first');
    const sent = load('', {}, () => {
      const stub = function (...args: unknown[]) {
        (stub as unknown as { q: unknown[] }).q.push(args);
      };
      (stub as unknown as { q: unknown[] }).q = [['purchase', { orderId: 'A-1', value: 59, currency: 'usd' }]];
      (window as unknown as { pricehunt: unknown }).pricehunt = stub;
    });
    const purchase = sent.find((s) => s.body.eventType === 'purchase');
    expect(purchase?.body.eventData).toMatchObject({ orderId: 'A-1', value: 59, currency: 'USD', referralId: 'aff_first' });
    const api = (window as unknown as { pricehunt: (c: string, p: unknown) => Promise<boolean> }).pricehunt;
    await expect(api('purchase', { orderId: 'A-1', value: 59 })).resolves.toBe(false);
    expect(sent.filter((s) => s.body.eventType === 'purchase')).toHaveLength(1);
    await expect(api('purchase', { orderId: '', value: 1 })).resolves.toBe(false);
  });

  it('forgets a referral after the window', () => {
    localStorage.setItem(TRACKING_SCRIPT_STORAGE_KEY, JSON.stringify({ referralId: 'old', landedAt: 1, expiresAt: Date.now() - 1 }));
    const sent = load('');
    expect(sent[0]?.body.eventData.referralId).toBeUndefined();
    expect(localStorage.getItem(TRACKING_SCRIPT_STORAGE_KEY)).toBeNull();
  });

  it('sends nothing when the browser asks not to be tracked', () => {
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: '1' });
    const sent = load('?ref=aff_x');
    expect(sent).toHaveLength(0);
    expect(localStorage.getItem(TRACKING_SCRIPT_STORAGE_KEY)).toBeNull();
  });

  it('reports a Shopify order-status page by itself', () => {
    const sent = load('?ref=aff_s', {}, () => {
      (window as unknown as { Shopify: unknown }).Shopify = { checkout: { order_id: 555, total_price: '12.50', currency: 'EUR' } };
    });
    delete (window as unknown as { Shopify?: unknown }).Shopify;
    expect(sent.find((s) => s.body.eventType === 'purchase')?.body.eventData).toMatchObject({ orderId: '555', value: 12.5, currency: 'EUR' });
  });

  it('reports a Shopify order-status page’s line items as the order’s lines', () => {
    const sent = load('', {}, () => {
      (window as unknown as { Shopify: unknown }).Shopify = {
        checkout: {
          order_id: 556,
          total_price: '138.00',
          currency: 'USD',
          line_items: [
            { product_id: 7001, variant_id: 42001, sku: 'KET-17', title: 'Kettle', price: '59.00', quantity: 2, line_price: '118.00' },
            { product_id: 7002, variant_id: null, title: 'Filter', price: '20.00', quantity: 1 },
            { title: 'Gift wrap', price: '0.00', quantity: 1 },
          ],
        },
      };
    });
    delete (window as unknown as { Shopify?: unknown }).Shopify;
    expect(sent.find((s) => s.body.eventType === 'purchase')?.body.eventData.items).toEqual([
      { productId: '42001', sku: 'KET-17', name: 'Kettle', price: 59, quantity: 2 },
      { productId: '7002', name: 'Filter', price: 20, quantity: 1 },
    ]);
  });

  it('sends the lines a store gives pricehunt("purchase"), leaving out those without a product or a price', async () => {
    const sent = load('');
    const api = (window as unknown as { pricehunt: (c: string, p: unknown) => Promise<boolean> }).pricehunt;
    await api('purchase', {
      orderId: 'B-7',
      value: 80,
      items: [{ url: 'https://shop.example/products/kettle', name: 'Kettle', price: 60 }, { sku: 'CUP', price: 'free' }, { productId: 9, price: 10, quantity: 2 }],
    });
    expect(sent.find((s) => s.body.eventType === 'purchase')?.body.eventData.items).toEqual([
      { url: 'https://shop.example/products/kettle', name: 'Kettle', price: 60, quantity: 1 },
      { productId: '9', price: 10, quantity: 2 },
    ]);
    await api('purchase', { orderId: 'B-8', value: 5 });
    expect(sent.filter((s) => s.body.eventType === 'purchase').at(-1)?.body.eventData.items).toBeUndefined();
  });
});
