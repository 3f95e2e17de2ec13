import { z } from 'zod';

/** Bounds of the shopper's own data (history and favorites). */
export const SHOPPER_DATA_LIMITS = {
  /** Entries kept per shopper; the oldest go first. */
  historyEntries: 200,
  favorites: 500,
  /** Entries accepted by one merge call. */
  mergeBatch: 200,
  textLength: 500,
  urlLength: 2048,
  slugLength: 200,
} as const;

const requestId = z
  .string({ error: 'requestId is required' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'requestId must be a UUID');
const text = (field: string, max: number = SHOPPER_DATA_LIMITS.textLength) =>
  z.string({ error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max?: number) => text(field, max).nullable().optional();
const cents = (field: string) =>
  z.number({ error: `${field} must be a number of cents` }).int(`${field} must be a whole number of cents`).min(0, `${field} cannot be negative`).max(1e11, `${field} is too large`);
const isoDate = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(40, `${field} must be an ISO date`)
    .refine((value) => !Number.isNaN(Date.parse(value)), `${field} must be an ISO date`);
const currency = z.string().regex(/^[A-Z]{3}$/, 'currency must be a three-letter code').nullable().optional();

export const HISTORY_KINDS = ['url', 'query'] as const;

/** One search as the history keeps it: enough to list it and re-open its result. */
export const historyEntryInputSchema = z.object({
  requestId,
  slug: text('slug', SHOPPER_DATA_LIMITS.slugLength).min(1, 'slug is required'),
  kind: z.enum(HISTORY_KINDS, { error: 'kind must be url or query' }),
  /** The pasted URL or the typed words. */
  input: text('input', SHOPPER_DATA_LIMITS.urlLength).min(1, 'input is required'),
  title: optionalText('title'),
  imageUrl: optionalText('imageUrl', SHOPPER_DATA_LIMITS.urlLength),
  productId: z.number().int().positive().nullable().optional(),
  bestPriceCents: cents('bestPriceCents').nullable().optional(),
  currency,
  offerCount: z.number().int().min(0).max(100000).nullable().optional(),
  searchedAt: isoDate('searchedAt'),
});
export type HistoryEntryInput = z.input<typeof historyEntryInputSchema>;

export const historyEntrySchema = z.object({
  requestId: z.string(),
  slug: z.string(),
  kind: z.enum(HISTORY_KINDS),
  input: z.string(),
  title: z.string().nullable(),
  imageUrl: z.string().nullable(),
  productId: z.number().int().nullable(),
  bestPriceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  offerCount: z.number().int().nullable(),
  searchedAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyListResponseSchema = z.object({ success: z.literal(true), entries: z.array(historyEntrySchema) });
export type HistoryListResponse = z.infer<typeof historyListResponseSchema>;
export const historyEntryResponseSchema = z.object({ success: z.literal(true), entry: historyEntrySchema });
export const historyParamsSchema = z.object({ requestId });
export const removedResponseSchema = z.object({ success: z.literal(true), removed: z.number().int() });
export type RemovedResponse = z.infer<typeof removedResponseSchema>;

/** A product the shopper keeps an eye on, with the best price when it was saved. */
export const favoriteInputSchema = z.object({
  productId: z.number({ error: 'productId must be a product id' }).int('productId must be a product id').positive('productId must be a product id'),
  title: text('title').min(1, 'title is required'),
  brand: optionalText('brand'),
  imageUrl: optionalText('imageUrl', SHOPPER_DATA_LIMITS.urlLength),
  savedPriceCents: cents('savedPriceCents').nullable().optional(),
  currency,
  savedAt: isoDate('savedAt').optional(),
});
export type FavoriteInput = z.input<typeof favoriteInputSchema>;

/**
 * A favorite's price alert: the shopper is emailed when the product's best price drops to `belowCents` or below.
 * `reachedAt` / `reachedPriceCents`: when the price last got there, and at what price (null while it is above).
 */
export const priceAlertSchema = z.object({
  belowCents: z.number().int(),
  setAt: z.string(),
  reachedAt: z.string().nullable(),
  reachedPriceCents: z.number().int().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

/** PUT /api/shopper/favorites/:productId/alert */
export const priceAlertInputSchema = z.object({
  belowCents: z
    .number({ error: 'belowCents must be a number of cents' })
    .int('belowCents must be a whole number of cents')
    .min(1, 'belowCents must be more than 0')
    .max(1e11, 'belowCents is too large'),
});
export type PriceAlertInput = z.input<typeof priceAlertInputSchema>;

/** POST /api/shopper/alerts/stop: the token of the "stop this alert" link of a price-alert email. */
export const priceAlertStopBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(1000, 'This link is not valid'),
});
export const priceAlertStopResponseSchema = z.object({
  success: z.literal(true),
  /** The product the alert was on. */
  title: z.string(),
  stopped: z.literal(true),
});
export type PriceAlertStopResponse = z.infer<typeof priceAlertStopResponseSchema>;

export const favoriteSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  brand: z.string().nullable(),
  imageUrl: z.string().nullable(),
  savedPriceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  savedAt: z.string(),
  /** The product's best price now (null when it has no offers left or is unknown). */
  currentPriceCents: z.number().int().nullable(),
  offerCount: z.number().int().nullable(),
  /** Signed-in shoppers only; favorites kept in the browser have none. */
  alert: priceAlertSchema.nullable(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const favoritesListResponseSchema = z.object({ success: z.literal(true), favorites: z.array(favoriteSchema) });
export type FavoritesListResponse = z.infer<typeof favoritesListResponseSchema>;
export const favoriteResponseSchema = z.object({ success: z.literal(true), favorite: favoriteSchema });
export const favoriteParamsSchema = z.object({
  productId: z.coerce.number({ error: 'productId must be a product id' }).int('productId must be a product id').positive('productId must be a product id'),
});

/** POST /api/shopper/merge: what the browser kept while signed out, merged into the account at sign-in. */
export const shopperMergeBodySchema = z.object({
  history: z.array(historyEntryInputSchema).max(SHOPPER_DATA_LIMITS.mergeBatch, `history has at most ${SHOPPER_DATA_LIMITS.mergeBatch} entries`).default([]),
  favorites: z.array(favoriteInputSchema).max(SHOPPER_DATA_LIMITS.mergeBatch, `favorites has at most ${SHOPPER_DATA_LIMITS.mergeBatch} entries`).default([]),
});
export type ShopperMergeBody = z.input<typeof shopperMergeBodySchema>;
export const shopperMergeResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(historyEntrySchema),
  favorites: z.array(favoriteSchema),
});
export type ShopperMergeResponse = z.infer<typeof shopperMergeResponseSchema>;
