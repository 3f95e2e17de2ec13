import type { ConversionRecord, OrderLine } from '../index';
import type { PortEngine } from './port-engines';

// Rows of the merchant's tables as the tracking and store endpoints write them, for the merchant ports' contract specs.

export const T = Date.UTC(2026, 10, 23, 10, 0, 0);
export const settings = (businessId: string) => ({
  businessId,
  currency: 'USD',
  attributionWindowDays: 30,
  timeZone: 'Europe/Berlin',
  verificationToken: `token-${businessId}`,
  updatedAt: T,
});
export const conversion = (id: string, businessId: string, orderId: string, extra: Partial<ConversionRecord> = {}): ConversionRecord => ({
  id,
  businessId,
  orderId,
  valueCents: 1000,
  currency: 'USD',
  referralId: null,
  sessionId: null,
  source: 'webhook',
  eventId: null,
  occurredAt: T,
  createdAt: T,
  lines: null,
  ...extra,
});

export const insertClick = (db: PortEngine, id: string, businessId: string | null, createdAt: number, extra: { requestedUrl?: string; referrer?: string } = {}) =>
  db.query(
    "INSERT INTO clicks (id, created_at, requested_url, target_url, host, source, referrer, business_id) VALUES (?, ?, ?, ?, 'shop.example', 'search', ?, ?)",
    [id, createdAt, extra.requestedUrl ?? `https://shop.example/p/${id}`, `https://shop.example/p/${id}?utm_source=ph`, extra.referrer ?? null, businessId],
  );
export const insertReferral = (db: PortEngine, id: string, referralId: string, businessId: string | null, createdAt: number, extra: { productName?: string; utmCampaign?: string } = {}) =>
  db.query(
    `INSERT INTO referrals (id, referral_id, created_at, business_domain, business_id, requested_url, target_url, source_url, product_name, utm_source, utm_campaign)
     VALUES (?, ?, ?, 'shop.example', ?, 'https://shop.example/p/1', ?, 'https://blog.example/a', ?, 'ph', ?)`,
    [id, referralId, createdAt, businessId, `https://shop.example/p/1?ref=${referralId}`, extra.productName ?? null, extra.utmCampaign ?? null],
  );
export const insertEvent = (
  db: PortEngine,
  id: string,
  businessId: string | null,
  createdAt: number,
  extra: { type?: string; url?: string | null; data?: unknown; valueCents?: number; currency?: string; referralId?: string } = {},
) =>
  db.query(
    `INSERT INTO events (id, created_at, event_type, business_domain, business_id, url, value_cents, currency, referral_id, data)
     VALUES (?, ?, ?, 'shop.example', ?, ?, ?, ?, ?, ${db.engine === 'postgres' ? '?::jsonb' : '?'})`,
    [id, createdAt, extra.type ?? 'page_view', businessId, extra.url ?? null, extra.valueCents ?? null, extra.currency ?? null, extra.referralId ?? null, JSON.stringify(extra.data ?? {})],
  );
export const insertConversion = (db: PortEngine, c: ConversionRecord) =>
  db.query(
    `INSERT INTO conversions (id, business_id, order_id, value_cents, currency, referral_id, session_id, source, event_id, occurred_at, created_at, lines)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${db.engine === 'postgres' ? '?::jsonb' : '?'})`,
    [c.id, c.businessId, c.orderId, c.valueCents, c.currency, c.referralId, c.sessionId, c.source, c.eventId, c.occurredAt, c.createdAt, c.lines ? JSON.stringify(c.lines) : null],
  );
/** An order's lines: one named by the store's product id, one by SKU. */
export const LINES: OrderLine[] = [
  { productId: '42', sku: null, url: null, name: 'Kettle', priceCents: 5900, quantity: 1 },
  { productId: null, sku: 'MUG', url: 'https://shop.example/p/mug', name: null, priceCents: 1000, quantity: 3 },
];
