import { z } from 'zod';
import { PasswordMessages, passwordSchema, PASSWORD_MAX_LENGTH, storeDomainSchema } from './business-auth';
import { pageOf } from './paging';
import { offerHeldSchema, AVAILABILITIES } from './search';
import { MAX_ORDER_VALUE, orderItemsSchema } from './tracking';

/** Merchant dashboard calls (all under /api/business/…, cookie-authenticated), the store webhook and the tracking script. */

export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 30;
/** A business's currency and time zone until its settings say otherwise. */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_TIME_ZONE = 'UTC';
/** A day in milliseconds, the unit attribution windows are counted in. */
export const DAY_MS = 86_400_000;
export const MAX_ATTRIBUTION_WINDOW_DAYS = 90;
export const MAX_RANGE_DAYS = 400;
/** Meta tag name the store's home page carries to prove ownership of the domain. */
export const VERIFICATION_META_NAME = 'pricehunt-verification';
/** First-party storage key of the tracking script (referral id, UTM values, expiry). */
export const TRACKING_SCRIPT_STORAGE_KEY = 'pricehunt_attribution';

const isoDate = z
  .string({ error: 'Use a date such as 2026-01-31' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Not a real date');

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone (use an IANA name such as Europe/Berlin)');

/** A date range in the merchant's time zone: `from` and `to` are inclusive calendar days. */
export const rangeQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    tz: timeZoneSchema.default('UTC'),
  })
  .superRefine((value, ctx) => {
    if (value.from > value.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be on or before to' });
    const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `A range covers at most ${MAX_RANGE_DAYS} days` });
  });
export type RangeQuery = z.infer<typeof rangeQuerySchema>;

export const intervalSchema = z.enum(['day', 'week']);
export type Interval = z.infer<typeof intervalSchema>;

/** The figures every dashboard view is built from. Revenue is in cents of the business's currency. */
export const metricsSchema = z.object({
  clicks: z.number().int(),
  referrals: z.number().int(),
  conversions: z.number().int(),
  revenueCents: z.number().int(),
  /** Attributed conversions ÷ referrals, 0 when there were no referrals. */
  conversionRate: z.number(),
});
export type Metrics = z.infer<typeof metricsSchema>;

export const seriesPointSchema = metricsSchema.extend({ period: z.string() });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const summaryResponseSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  previousRange: z.object({ from: z.string(), to: z.string() }),
  currency: z.string(),
  current: metricsSchema,
  previous: metricsSchema,
  /** Relative change per figure (0.25 = +25 %); null when the previous figure was 0. */
  change: z.object({
    clicks: z.number().nullable(),
    referrals: z.number().nullable(),
    conversions: z.number().nullable(),
    revenueCents: z.number().nullable(),
    conversionRate: z.number().nullable(),
  }),
  trend: z.array(seriesPointSchema),
});
export type SummaryResponse = z.infer<typeof summaryResponseSchema>;

export const BREAKDOWN_DIMENSIONS = ['product', 'retailer', 'utm_source', 'utm_campaign'] as const;
export const breakdownDimensionSchema = z.enum(BREAKDOWN_DIMENSIONS);
export type BreakdownDimension = z.infer<typeof breakdownDimensionSchema>;

export const analyticsQuerySchema = rangeQuerySchema.and(
  z.object({
    interval: intervalSchema.default('day'),
    dimension: breakdownDimensionSchema.default('product'),
  }),
);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const breakdownRowSchema = metricsSchema.extend({ key: z.string() });
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const analyticsResponseSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  interval: intervalSchema,
  dimension: breakdownDimensionSchema,
  currency: z.string(),
  totals: metricsSchema,
  series: z.array(seriesPointSchema),
  breakdown: z.array(breakdownRowSchema),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

export const ACTIVITY_TYPES = ['click', 'referral', 'conversion', 'event'] as const;
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;

export const activityQuerySchema = z.object({
  type: activityTypeSchema.optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(25),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  type: activityTypeSchema,
  /** Event name for `event` items (page_view, purchase …); the kind of click or referral otherwise. */
  name: z.string(),
  at: z.string(),
  detail: z.string().nullable(),
  url: z.string().nullable(),
  valueCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  referralId: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityResponseSchema = z.object(pageOf(activityItemSchema));
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

export const attributionRowSchema = z.object({ key: z.string(), orders: z.number().int(), revenueCents: z.number().int() });
export type AttributionRow = z.infer<typeof attributionRowSchema>;

export const attributedOrderSchema = z.object({
  orderId: z.string(),
  at: z.string(),
  valueCents: z.number().int(),
  currency: z.string(),
  referralId: z.string(),
  referredAt: z.string(),
  productName: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmSource: z.string().nullable(),
});
export type AttributedOrder = z.infer<typeof attributedOrderSchema>;

export const attributionResponseSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  windowDays: z.number().int(),
  currency: z.string(),
  /** Every order the store reported in the range, attributed or not. */
  reportedOrders: z.number().int(),
  reportedRevenueCents: z.number().int(),
  attributedOrders: z.number().int(),
  attributedRevenueCents: z.number().int(),
  byProduct: z.array(attributionRowSchema),
  byCampaign: z.array(attributionRowSchema),
  byDay: z.array(attributionRowSchema),
  orders: z.array(attributedOrderSchema),
});
export type AttributionResponse = z.infer<typeof attributionResponseSchema>;

export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency is a three-letter code such as USD');

export const merchantSettingsSchema = z.object({
  storeName: z.string().nullable(),
  storeDomain: z.string().nullable(),
  currency: z.string(),
  attributionWindowDays: z.number().int(),
  timeZone: z.string(),
  apiKeyPrefix: z.string().nullable(),
  apiKeyCreatedAt: z.string().nullable(),
  domainVerifiedAt: z.string().nullable(),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

export const updateSettingsBodySchema = z
  .object({
    storeName: z.string().trim().min(1, 'Store name is required').max(120, 'Store name is at most 120 characters').optional(),
    storeDomain: storeDomainSchema.optional(),
    currency: currencySchema.optional(),
    attributionWindowDays: z
      .number({ error: 'Attribution window is a number of days' })
      .int('Attribution window is a whole number of days')
      .min(1, 'Attribution window is at least 1 day')
      .max(MAX_ATTRIBUTION_WINDOW_DAYS, `Attribution window is at most ${MAX_ATTRIBUTION_WINDOW_DAYS} days`)
      .optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH, `Current password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const apiKeyResponseSchema = z.object({
  /** The whole key; shown this once, only its hash is stored. */
  apiKey: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
});
export type ApiKeyResponse = z.infer<typeof apiKeyResponseSchema>;

export const deleteAccountBodySchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, PasswordMessages.tooLong),
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const storeSyncSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  storeDomain: z.string(),
  pages: z.number().int(),
  products: z.number().int(),
  offers: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type StoreSync = z.infer<typeof storeSyncSchema>;

/** How a store domain was proved: the meta tag or the tracking script tag on its home page, or a DNS TXT record. */
export const verificationMethodSchema = z.enum(['meta', 'script', 'dns']);
export type VerificationMethod = z.infer<typeof verificationMethodSchema>;

export const integrationResponseSchema = z.object({
  storeDomain: z.string().nullable(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  verificationMethod: verificationMethodSchema.nullable(),
  verificationToken: z.string(),
  metaTag: z.string(),
  scriptTag: z.string(),
  /** The DNS record that proves the domain: a TXT record on the domain itself. */
  dnsRecord: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  /** Re-checks in a row that missed the proof of the verified domain (at three it is given up; 0 when found or unverified). */
  proofMisses: z.number().int(),
  /** True when another business has already proved this domain: it cannot be verified by this one. */
  verifiedByAnother: z.boolean(),
  /** The business's offers shoppers do not see because the store domain is not verified (or the link is off it). */
  hiddenOffers: z.number().int(),
  /** Last page view or purchase the script reported. */
  scriptLastSeenAt: z.string().nullable(),
  lastSync: storeSyncSchema.nullable(),
});
export type IntegrationResponse = z.infer<typeof integrationResponseSchema>;

export const setDomainBodySchema = z.object({ storeDomain: storeDomainSchema });
export type SetDomainBody = z.infer<typeof setDomainBodySchema>;

export const verifyDomainResponseSchema = z.object({
  verified: z.boolean(),
  method: verificationMethodSchema.nullable(),
  message: z.string(),
});
export type VerifyDomainResponse = z.infer<typeof verifyDomainResponseSchema>;

export const PRODUCT_SORTS = ['title', 'price', '-price', 'rank', 'updated'] as const;
export const productsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(PRODUCT_SORTS, { error: `sort is one of ${PRODUCT_SORTS.join(', ')}` }).default('title'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const merchantProductSchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  title: z.string(),
  url: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  availability: z.enum(AVAILABILITIES),
  productId: z.number().int().nullable(),
  /** 1 = cheapest total (price plus shipping) among every retailer selling the same product. */
  priceRank: z.number().int().nullable(),
  competitorCount: z.number().int(),
  /** The cheapest total (price plus shipping, as shoppers compare them) of another retailer's offer of the product. */
  bestCompetitorPriceCents: z.number().int().nullable(),
  /** Why shoppers do not see this offer yet, or null when they do. */
  held: offerHeldSchema.nullable(),
  updatedAt: z.string(),
});
export type MerchantProduct = z.infer<typeof merchantProductSchema>;

export const productsResponseSchema = z.object(pageOf(merchantProductSchema));
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

export const productIdParamsSchema = z.object({ id: z.coerce.number().int('id must be a whole number').positive('id must be positive') });

export const updateProductBodySchema = z
  .object({
    priceCents: z.number({ error: 'Price must be a number' }).int('Price is in whole cents').min(0, 'Price cannot be negative').max(100_000_000, 'Price must be at most 100000000 cents').optional(),
    availability: z.enum(AVAILABILITIES, { error: `availability is one of ${AVAILABILITIES.join(', ')}` }).optional(),
  })
  .strict()
  .refine((body) => body.priceCents !== undefined || body.availability !== undefined, { message: 'Give priceCents or availability', path: ['body'] });
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;

export const feedImportResponseSchema = z.object({
  runId: z.string(),
  status: z.enum(['succeeded', 'failed']),
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), reason: z.string() })),
  errorCount: z.number().int(),
  /** Values good rows were imported without (a GTIN that is none, an image path): the row is imported, the value left out. */
  warnings: z.array(z.object({ line: z.number().int(), field: z.string(), reason: z.string() })),
  warningCount: z.number().int(),
  failure: z.string().optional(),
});
export type FeedImportResponse = z.infer<typeof feedImportResponseSchema>;

/** POST /api/merchant/conversions (Authorization: Bearer <API key>): a store webhook reports an order. */
export const conversionBodySchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(128, 'orderId must be at most 128 characters'),
  value: z.number({ error: 'value is the order total, a number' }).finite().min(0, 'value cannot be negative').max(MAX_ORDER_VALUE, `value must be at most ${MAX_ORDER_VALUE}`),
  currency: currencySchema.optional(),
  referralId: z.string().max(128).optional().nullable(),
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt is an ISO date-time' }).optional(),
  /** The order's lines: its value is split among their products by price × quantity. */
  items: orderItemsSchema.optional(),
});
export type ConversionBody = z.infer<typeof conversionBodySchema>;

export const conversionResponseSchema = z.object({
  success: z.literal(true),
  conversionId: z.string(),
  /** true when this order id had already been reported (it counts once). */
  duplicate: z.boolean(),
  attributed: z.boolean(),
});
export type ConversionResponse = z.infer<typeof conversionResponseSchema>;
