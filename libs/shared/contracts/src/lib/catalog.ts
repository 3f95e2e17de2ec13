import { z } from 'zod';
import { pageOf, wholeNumberParam } from './paging';
import { conditionSchema, lineVariantSchema, offerViewSchema, productLineSchema, productSummarySchema, retailerRefSchema } from './search';

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
  /** The offer's condition now; absent in answers from before it was told (count such a point as new). */
  condition: conditionSchema.optional(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

/** The ranges of a product's price history shoppers can choose (days back from now), shortest first. */
export const PRICE_RANGES = [30, 90, 365] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
/** The longest range: how far back `priceHistory` reaches. */
export const PRICE_HISTORY_DAYS = 365;
/** At most this many price points in `priceHistory` (the newest of the range are kept). */
export const PRICE_HISTORY_LIMIT = 5000;
/** A product needs this many days of price history before its prices are compared with it (deals, "lowest in 90 days"). */
export const MIN_HISTORY_DAYS = 30;

/**
 * What a product's best price (the lowest total of its offers shoppers see, in the product's currency) did over one
 * range, from its best price of each day (UTC): the lowest, the highest, and the typical one, the median of the days.
 * `since` is when the figures begin: the range's start, or the first recorded price when the history is shorter.
 */
export const priceRangeSummarySchema = z.object({
  days: z.number().int(),
  lowCents: z.number().int(),
  highCents: z.number().int(),
  typicalCents: z.number().int(),
  since: z.string(),
});
export type PriceRangeSummary = z.infer<typeof priceRangeSummarySchema>;

/**
 * GET /api/products/:id: the product, its offers cheapest total first, and their price history, oldest first: every
 * price recorded in the last PRICE_HISTORY_DAYS (the newest PRICE_HISTORY_LIMIT of them) and, for each offer, the
 * price it had when they begin (its last one recorded before, with its own date). `priceSummaries`: one per range of
 * PRICE_RANGES that has prices in the product's currency, shortest first.
 */
export const productDetailResponseSchema = z.object({
  success: z.literal(true),
  product: productSummarySchema,
  offers: z.array(offerViewSchema),
  priceHistory: z.array(pricePointSchema),
  // An API from before the figures answers none (a browser may load the new app first).
  priceSummaries: z.array(priceRangeSummarySchema).default([]),
  /** The product's specifications, as a table lists them: what it is known by, then what most of its listings state. */
  specs: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
  /**
   * The products of its line, it among them, smallest first, each with its variant as its name writes it ("128GB,
   * Black Titanium"): the sizes and colours a shopper may switch to. Empty for a product of no line.
   */
  variants: z.array(lineVariantSchema).default([]),
});
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

/** A category: its products, and its entries as a browse of it counts them (a line's versions one). */
export const categorySchema = z.object({ name: z.string(), slug: z.string(), productCount: z.number().int(), entryCount: z.number().int() });
export type Category = z.infer<typeof categorySchema>;

/** GET /api/categories: every category with products, most products first. */
export const categoriesResponseSchema = z.object({ success: z.literal(true), categories: z.array(categorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

/** Product URLs per sitemap page (the sitemaps protocol allows 50,000; smaller pages are read sooner). */
export const SITEMAP_PAGE_SIZE = 10_000;

/** GET /api/sitemap: what the shopper site's sitemap index lists: the pages of product URLs and the categories. */
export const sitemapResponseSchema = z.object({
  success: z.literal(true),
  products: z.object({ count: z.number().int(), pageSize: z.number().int(), pages: z.number().int(), updatedAt: z.string().nullable() }),
  categories: z.array(categorySchema),
});
export type SitemapResponse = z.infer<typeof sitemapResponseSchema>;

export const sitemapPageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page starts at 1').max(100_000, 'page is at most 100000'),
});

/** GET /api/sitemap/products?page=N: one page of the products shoppers may see, in id order. */
export const sitemapProductsResponseSchema = z.object({
  success: z.literal(true),
  page: z.number().int(),
  items: z.array(z.object({ id: z.number().int(), title: z.string(), categorySlug: z.string().nullable(), updatedAt: z.string() })),
});
export type SitemapProductsResponse = z.infer<typeof sitemapProductsResponseSchema>;

export const BROWSE_SORTS = ['price_asc', 'price_desc', 'offers', 'name'] as const;
export const BROWSE_MAX_PAGE_SIZE = 100;

/** The attributes a product's variants differ by, as a category's products are filtered by them (`?colour=Black`). */
export const PRODUCT_ATTRIBUTES = ['colour', 'storage', 'size'] as const;
export type ProductAttribute = (typeof PRODUCT_ATTRIBUTES)[number];
export const PRODUCT_ATTRIBUTE_NAMES: Readonly<Record<ProductAttribute, string>> = { colour: 'Colour', storage: 'Storage', size: 'Size' };

const attributeParam = (name: ProductAttribute) =>
  z.string().trim().min(1, `${name} cannot be empty`).max(60, `${name} must be at most 60 characters`).optional();

/** Conditions a browse can ask for. */
export const BROWSE_CONDITIONS = ['new', 'used', 'refurbished'] as const;
export type BrowseCondition = (typeof BROWSE_CONDITIONS)[number];

/** A yes/no filter of the address: `true` or `1` turns it on; `false`, `0` or nothing leaves it off. */
const browseFlag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true' || value === '1')
    .optional();

/** GET /api/browse query. `category` is a category slug (as in /browse/:category). */
export const browseQuerySchema = z.object({
  category: z
    .string()
    .max(200)
    .regex(/^[a-z0-9-]+$/, 'category must be a category slug')
    .optional(),
  sort: z.enum(BROWSE_SORTS, { error: `sort must be one of ${BROWSE_SORTS.join(', ')}` }).default('offers'),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page must be at most 10000').default(1),
  pageSize: wholeNumberParam('pageSize', { min: 1, max: BROWSE_MAX_PAGE_SIZE, fallback: 24 }),
  /** Only products of this brand (any letter case). */
  brand: z.string().trim().min(1, 'brand cannot be empty').max(100, 'brand must be at most 100 characters').optional(),
  /** Best total price range in the currency's units (e.g. 199.99), both ends included. */
  minPrice: z.coerce.number({ error: 'minPrice must be a number' }).min(0, 'minPrice cannot be negative').max(10_000_000, 'minPrice must be at most 10000000').optional(),
  maxPrice: z.coerce.number({ error: 'maxPrice must be a number' }).min(0, 'maxPrice cannot be negative').max(10_000_000, 'maxPrice must be at most 10000000').optional(),
  /** Only products offered in this condition by a shop one can buy from now (used and refurbished are asked for by name). */
  condition: z.enum(BROWSE_CONDITIONS, { error: `condition must be one of ${BROWSE_CONDITIONS.join(', ')}` }).optional(),
  /** Only products this store (a retailer id, as in `stores`) offers. */
  store: z
    .string()
    .max(100, 'store must be at most 100 characters')
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'store must be a store id')
    .optional(),
  /** Only products some shop has in stock. */
  inStock: browseFlag('inStock'),
  /** Only products some shop one can buy from now ships free. */
  freeShipping: browseFlag('freeShipping'),
  /** Only products of this colour, storage, size (as `attributes` lists their values). */
  colour: attributeParam('colour'),
  storage: attributeParam('storage'),
  size: attributeParam('size'),
}).refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.maxPrice >= query.minPrice, {
  message: 'maxPrice must be at least minPrice',
  path: ['maxPrice'],
});
export type BrowseQuery = z.infer<typeof browseQuerySchema>;

/** A store of the browsed products with how many of them it offers (the other filters applied). */
export const storeCountSchema = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export type StoreCount = z.infer<typeof storeCountSchema>;

/** A brand of the browsed products with how many products it has (category and price range applied). */
export const brandCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type BrandCount = z.infer<typeof brandCountSchema>;

/** A product of a browse page, with the line it is a version of (null for a product of no line). */
export const browseProductSchema = productSummarySchema.extend({ line: productLineSchema.nullable().default(null) });
export type BrowseProduct = z.infer<typeof browseProductSchema>;

/**
 * A page of a browse. Its entries are products, a line's versions one entry: `pageSize` entries a page, `total` of them
 * in all; `items` holds every product of the page's entries in their order, a line's versions one after another,
 * smallest first; `productCount` counts the products the filters leave.
 */
export const browseResponseSchema = z.object({
  success: z.literal(true),
  category: categorySchema.nullable(),
  sort: z.enum(BROWSE_SORTS),
  /** The filters applied, as read (brand as the catalog spells it when it has the brand). */
  brand: z.string().nullable().default(null),
  minPrice: z.number().nullable().default(null),
  maxPrice: z.number().nullable().default(null),
  condition: z.enum(BROWSE_CONDITIONS).nullable().default(null),
  store: z.string().nullable().default(null),
  inStock: z.boolean().default(false),
  freeShipping: z.boolean().default(false),
  /** Brands to filter by, most products first (at most 50). */
  brands: z.array(brandCountSchema).default([]),
  /** Stores to filter by, most products first (the store filter itself left out). */
  stores: z.array(storeCountSchema).default([]),
  /**
   * A category's attributes to filter by: each one its products have, with the value asked for (null: any) and the
   * values with their counts (the attribute's own filter left out), most products first. None without a category.
   */
  attributes: z
    .array(
      z.object({
        key: z.enum(PRODUCT_ATTRIBUTES),
        name: z.string(),
        selected: z.string().nullable(),
        values: z.array(z.object({ value: z.string(), count: z.number().int() })),
      }),
    )
    .default([]),
  productCount: z.number().int(),
  ...pageOf(browseProductSchema),
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

/** Most deals one `GET /api/deals` answers. */
export const DEALS_MAX_LIMIT = 48;
/** The smallest drop a deal is: its best price at least this far (in hundredths of a percent) under its typical price. */
export const DEAL_MIN_DROP_BASIS_POINTS = 500;

/** Where the next page of deals begins: the last deal's drop (hundredths of a percent) and product id, `<drop>-<id>`. */
const DEALS_CURSOR = /^(\d{1,5})-(\d{1,12})$/;

/** GET /api/deals query: a category slug (as in /browse/:category), how many, and the cursor of the page before. */
export const dealsQuerySchema = z.object({
  category: z
    .string()
    .max(200)
    .regex(/^[a-z0-9-]+$/, 'category must be a category slug')
    .optional(),
  limit: wholeNumberParam('limit', { min: 1, max: DEALS_MAX_LIMIT, fallback: 12 }),
  cursor: z
    .string()
    .regex(DEALS_CURSOR, 'cursor must be the nextCursor of an earlier answer')
    .transform((value) => {
      const [, drop, productId] = DEALS_CURSOR.exec(value) as RegExpExecArray;
      return { dropBasisPoints: Number(drop), productId: Number(productId) };
    })
    .optional(),
});
export type DealsQuery = z.input<typeof dealsQuerySchema>;
export type DealsCursor = NonNullable<z.output<typeof dealsQuerySchema>['cursor']>;
export const dealsCursor = (cursor: DealsCursor) => `${cursor.dropBasisPoints}-${cursor.productId}`;

/**
 * A product whose best price now is well under its typical price (the median of its best price of each day over the
 * last 90 days), at an offer in stock, with at least MIN_HISTORY_DAYS of history. Money in cents of `currency`.
 */
export const dealSchema = z.object({
  product: productSummarySchema,
  /** The retailer of the offer in stock at the best price. */
  retailer: retailerRefSchema,
  priceCents: z.number().int(),
  typicalCents: z.number().int(),
  /** `typicalCents - priceCents`. */
  dropCents: z.number().int(),
  /** The drop in percent of the typical price, one decimal (12.5). */
  dropPercent: z.number(),
  currency: z.string(),
  /** When the product's price history begins (or 90 days ago, when it is older). */
  historySince: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/** A category with deals and how many it has. */
export const dealCategorySchema = z.object({ name: z.string(), slug: z.string(), count: z.number().int() });
export type DealCategory = z.infer<typeof dealCategorySchema>;

/**
 * GET /api/deals: the biggest drops first (percent, then the newer product); `nextCursor` continues the list (null at its end).
 * `categories`: those with deals, most deals first, whatever the category asked.
 */
export const dealsResponseSchema = z.object({
  success: z.literal(true),
  category: z.string().nullable(),
  categories: z.array(dealCategorySchema),
  items: z.array(dealSchema),
  nextCursor: z.string().nullable(),
});
export type DealsResponse = z.infer<typeof dealsResponseSchema>;
