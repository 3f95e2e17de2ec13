import { z } from 'zod';
import { pageOf, wholeNumberParam } from './paging';
import { offerViewSchema, productSummarySchema } from './search';

export const productParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a product id' }).int('id must be a product id').positive('id must be a product id'),
});

/** One recorded price of one offer. */
export const pricePointSchema = z.object({
  offerId: z.number().int(),
  retailerId: z.string(),
  priceCents: z.number().int(),
  shippingCents: z.number().int().nullable(),
  currency: z.string(),
  recordedAt: z.string(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

/** GET /api/products/:id: the product, its offers cheapest total first, and their price history (oldest first). */
export const productDetailResponseSchema = z.object({
  success: z.literal(true),
  product: productSummarySchema,
  offers: z.array(offerViewSchema),
  priceHistory: z.array(pricePointSchema),
});
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

export const categorySchema = z.object({ name: z.string(), slug: z.string(), productCount: z.number().int() });
export type Category = z.infer<typeof categorySchema>;

/** GET /api/categories: every category with products, most products first. */
export const categoriesResponseSchema = z.object({ success: z.literal(true), categories: z.array(categorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const BROWSE_SORTS = ['price_asc', 'price_desc', 'offers', 'name'] as const;
export const BROWSE_MAX_PAGE_SIZE = 100;

/** GET /api/browse query. `category` is a category slug (as in /browse/:category). */
export const browseQuerySchema = z.object({
  category: z
    .string()
    .max(200)
    .regex(/^[a-z0-9-]+$/, 'category must be a category slug')
    .optional(),
  sort: z.enum(BROWSE_SORTS, { error: `sort must be one of ${BROWSE_SORTS.join(', ')}` }).default('offers'),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(10_000).default(1),
  pageSize: wholeNumberParam('pageSize', { min: 1, max: BROWSE_MAX_PAGE_SIZE, fallback: 24 }),
  /** Only products of this brand (any letter case). */
  brand: z.string().trim().min(1, 'brand cannot be empty').max(100, 'brand must be at most 100 characters').optional(),
  /** Best total price range in the currency's units (e.g. 199.99), both ends included. */
  minPrice: z.coerce.number({ error: 'minPrice must be a number' }).min(0, 'minPrice cannot be negative').max(10_000_000).optional(),
  maxPrice: z.coerce.number({ error: 'maxPrice must be a number' }).min(0, 'maxPrice cannot be negative').max(10_000_000).optional(),
}).refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.maxPrice >= query.minPrice, {
  message: 'maxPrice must be at least minPrice',
  path: ['maxPrice'],
});
export type BrowseQuery = z.infer<typeof browseQuerySchema>;

/** A brand of the browsed products with how many products it has (category and price range applied). */
export const brandCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type BrandCount = z.infer<typeof brandCountSchema>;

export const browseResponseSchema = z.object({
  success: z.literal(true),
  category: categorySchema.nullable(),
  sort: z.enum(BROWSE_SORTS),
  /** The filters applied, as read (brand as the catalog spells it when it has the brand). */
  brand: z.string().nullable().default(null),
  minPrice: z.number().nullable().default(null),
  maxPrice: z.number().nullable().default(null),
  /** Brands to filter by, most products first (at most 50). */
  brands: z.array(brandCountSchema).default([]),
  ...pageOf(productSummarySchema),
});
export type BrowseResponse = z.infer<typeof browseResponseSchema>;

/** Most products `GET /api/suggest` answers. */
export const SUGGEST_MAX_LIMIT = 10;

/** GET /api/suggest?q=…: products whose words begin like the words being typed (the last one may be unfinished). */
export const suggestQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(2, 'q must be at least 2 characters')
    .max(200, 'q must be at most 200 characters'),
  limit: wholeNumberParam('limit', { min: 1, max: SUGGEST_MAX_LIMIT, fallback: 6 }),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

export const suggestResponseSchema = z.object({
  success: z.literal(true),
  /** Best first: titles that begin with the words, then titles holding them all, then most offers. */
  suggestions: z.array(productSummarySchema),
});
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;
