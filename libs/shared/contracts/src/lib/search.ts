import { z } from 'zod';

/** Bounds of the search inputs. */
export const SEARCH_LIMITS = {
  urlLength: 2048,
  queryLength: 300,
  idLength: 128,
} as const;

/** A request id as the shopper app makes it: a UUID (8-4-4-4-12 hexadecimal digits). */
export const searchRequestIdSchema = z
  .string({ error: 'requestId is required' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'requestId must be a UUID');

export function isHttpUrlString(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** POST /api/search body: exactly one of `url` (a pasted product link) or `query` (typed words). */
export const searchBodySchema = z
  .object({
    requestId: searchRequestIdSchema,
    url: z
      .string()
      .trim()
      .min(1, 'url must not be empty')
      .max(SEARCH_LIMITS.urlLength, `url must be at most ${SEARCH_LIMITS.urlLength} characters`)
      .refine(isHttpUrlString, 'url must be an absolute http(s) URL')
      .optional(),
    query: z
      .string()
      .trim()
      .min(1, 'query must not be empty')
      .max(SEARCH_LIMITS.queryLength, `query must be at most ${SEARCH_LIMITS.queryLength} characters`)
      .optional(),
    sessionId: z.string().max(SEARCH_LIMITS.idLength).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.url === undefined && body.query === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Provide a product url or a search query' });
    } else if (body.url !== undefined && body.query !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['query'], message: 'Provide either url or query, not both' });
    }
  });
export type SearchBody = z.infer<typeof searchBodySchema>;

export const searchRequestParamsSchema = z.object({ requestId: searchRequestIdSchema });

/** Which step of the pipeline identified what the shopper is looking at. */
export const IDENTIFIED_BY = ['known-offer', 'page-metadata', 'url-slug', 'query'] as const;
export const identifiedBySchema = z.enum(IDENTIFIED_BY);
export type IdentifiedBy = z.infer<typeof identifiedBySchema>;

/** Stock states an offer can be in: the one list the feeds' readers, the catalog, its storage and the API share. */
export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder', 'unknown'] as const;
export const availabilitySchema = z.enum(AVAILABILITIES);
export type Availability = z.infer<typeof availabilitySchema>;
/**
 * Why an offer is kept from shoppers: `store` while its business's store domain is not verified (or the business is
 * suspended, or the link is off that domain), `price` while it waits for a price review (far below the other offers).
 */
export const offerHeldSchema = z.enum(['store', 'price']);
export type OfferHeld = z.infer<typeof offerHeldSchema>;
/** An offer's condition, as the catalog stores it (feeds' spellings are read into these). */
export const CONDITIONS = ['new', 'refurbished', 'used'] as const;
export const conditionSchema = z.enum(CONDITIONS);
export type Condition = z.infer<typeof conditionSchema>;
/** schema.org's item conditions, as product pages state them. */
export const ITEM_CONDITIONS = ['NewCondition', 'UsedCondition', 'RefurbishedCondition', 'DamagedCondition'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];
/** The catalog's condition of a page's schema.org one: damaged goods are sold second-hand; a page that states none sells new. */
export function catalogCondition(condition: ItemCondition | null | undefined): Condition {
  if (condition === 'RefurbishedCondition') return 'refurbished';
  return condition === 'UsedCondition' || condition === 'DamagedCondition' ? 'used' : 'new';
}

export const retailerRefSchema = z.object({ id: z.string(), name: z.string() });

/** Where an offer is listed on its product's page (see `offerViewSchema.section`). */
export const OFFER_SECTIONS = ['new', 'second_hand', 'bundle', 'out_of_stock'] as const;
export const offerSectionSchema = z.enum(OFFER_SECTIONS);
export type OfferSection = z.infer<typeof offerSectionSchema>;

/** One offer as search and product pages show it. Money is in cents of `currency`; `price` is the same in major units. */
export const offerViewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  retailer: retailerRefSchema,
  title: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  gtin: z.string().nullable(),
  price: z.number(),
  priceCents: z.number().int(),
  shippingCents: z.number().int().nullable(),
  /** Price plus shipping; the price alone when shipping is unknown (`shippingCents` null: shown as "+ shipping"). */
  totalCents: z.number().int(),
  currency: z.string(),
  availability: availabilitySchema,
  condition: conditionSchema,
  /** The offer's picture through the API's image route (`offerImagePath`: add `&w=` one of IMAGE_WIDTHS); null when it has none. */
  imageUrl: z.string().nullable(),
  url: z.string(),
  /** The tracked outbound link: `/api/redirect?to=…&source=product_suggestion&timestamp=…`. */
  redirectUrl: z.string(),
  /** Merchant offers: the owning business's store domain; `isShopify` when it is a Shopify store. */
  businessDomain: z.string().nullable(),
  isShopify: z.boolean(),
  /**
   * The offer's total is the lowest best price its product has had in the last 90 days (a price that has not moved in
   * those days is no news, and a product with less than 30 days of history has no mark). Answers stored before the
   * mark existed read as false.
   */
  lowestIn90Days: z.boolean().default(false),
  /**
   * The offer sells the product with something more, or several of it ("… Bundle", "with Carrying Case", "2-Pack",
   * a feed's `is_bundle` or `multipack`) where most of its product's offers do not: its `section` is `bundle`.
   * Answers stored before it read as false.
   */
  isBundle: z.boolean().default(false),
  /**
   * Where the offer is listed (the API lists offers in this order, each section cheapest total first): `new` (new,
   * the product alone, can be bought), `second_hand` (used, refurbished, open box), `bundle`, then `out_of_stock`
   * (every offer that cannot be bought now). Answers stored before it read as `new`.
   */
  section: offerSectionSchema.default('new'),
  /**
   * The offer is the product's best price: the lowest known total of a new offer of the product alone in stock (an
   * offer whose shipping is unknown only when no offer's shipping is known). Exactly the product's `bestPriceCents`.
   */
  isBestPrice: z.boolean().default(false),
});
export type OfferView = z.infer<typeof offerViewSchema>;

/** An offer in a search answer, compared with what the shopper pasted. */
export const searchOfferSchema = offerViewSchema.extend({
  /**
   * How much cheaper (positive) or dearer (negative) than the pasted offer, in total cents; null when nothing was priced,
   * when the offer cannot be bought, or when the two are not alike: of other sections (a used or refurbished offer
   * against a new one, a bundle against the product alone; a page read without a known offer counts as new and alone),
   * or one's shipping known and the other's not.
   */
  savingsCents: z.number().int().nullable(),
  /** True for the offer the shopper pasted. */
  isSource: z.boolean(),
});
export type SearchOffer = z.infer<typeof searchOfferSchema>;

export const productSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  gtin: z.string().nullable(),
  category: z.string().nullable(),
  categorySlug: z.string().nullable(),
  /**
   * The product's picture through the API's image route (`productImagePath`: `/api/images/products/<id>?v=<version>`,
   * add `&w=` one of IMAGE_WIDTHS); null when it has none. Answers stored before may hold another link: show only
   * those `isImageRoute` accepts.
   */
  imageUrl: z.string().nullable(),
  offerCount: z.number().int(),
  /**
   * The product's best price: the lowest known total of a new offer of the product alone in stock; of a used or
   * refurbished one only when no new one can be bought (`bestPriceCondition` says so); null when nothing can be bought.
   */
  bestPriceCents: z.number().int().nullable(),
  /**
   * The condition of the offer `bestPriceCents` is the total of: `new` unless the product has no new offer (then the
   * price is told as a used or refurbished one's). Null with no price; absent in answers from before it was told.
   */
  bestPriceCondition: conditionSchema.nullable().optional(),
  /** False when the best price's offer does not state its shipping (shown "+ shipping"); null with no best price. */
  bestPriceShippingKnown: z.boolean().nullable().optional(),
  currency: z.string().nullable(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * The line a product is one version of, read from its name's closing brackets ("Apple iPhone 16 Pro (128GB, Black
 * Titanium)"): `key` is the same for every version of the line (a TV's sizes too, whose model codes hold the size),
 * `name` the name before the brackets, `variant` what they hold.
 */
export const productLineSchema = z.object({ key: z.string(), name: z.string(), variant: z.string() });
export type ProductLine = z.infer<typeof productLineSchema>;

/** A version of a product's line: the product, and its variant as its name writes it ("128GB, Black Titanium"). */
export const lineVariantSchema = z.object({ product: productSummarySchema, variant: z.string() });
export type LineVariant = z.infer<typeof lineVariantSchema>;

export const matchedProductSchema = productSummarySchema.extend({
  /** Matcher confidence in [0, 1]; 1 for a known offer. */
  confidence: z.number().min(0).max(1),
  /**
   * The product's line, in the lists typed words answer (null for a product of no line); absent in a pasted link's
   * lists and in answers stored before it was told.
   */
  line: productLineSchema.nullable().optional(),
});
export type MatchedProduct = z.infer<typeof matchedProductSchema>;

/** What the pipeline understood the pasted page or query to be. */
export const searchSourceSchema = z.object({
  offerId: z.number().int().nullable(),
  retailer: retailerRefSchema.nullable(),
  title: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  gtin: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The picture of the pasted offer through the image route (`offerImagePath`, `searchImagePath` for a page read); null when none. */
  imageUrl: z.string().nullable(),
  url: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  /** The retailer's product id read from the URL (ASIN, item id …), when there is one. */
  externalId: z.string().nullable(),
  /** The pasted offer's condition (a refurbished or used page is not compared as new), stock and delivery cost, when known. */
  condition: conditionSchema.nullable().optional(),
  availability: availabilitySchema.nullable().optional(),
  shippingCents: z.number().int().nullable().optional(),
});
export type SearchSource = z.infer<typeof searchSourceSchema>;

/** The stored answer of one search; `GET /api/search/:requestId` returns it unchanged. */
/**
 * Why a pasted link's page could not be read: no answer (`unreachable`), too slow (`timeout`), refused (`blocked`:
 * 401, 403, 429), kept from crawlers by the shop's robots.txt (`robots`), gone (`not-found`: 404, 410), another error
 * answer (`server-error`), no web page (`not-a-page`), a page that took too long to read (`read-timeout`: past the
 * reader's time cap per page), or a page that names no product (`no-product`, a bot wall among them).
 */
export const PAGE_FAILURES = ['unreachable', 'timeout', 'blocked', 'robots', 'not-found', 'server-error', 'not-a-page', 'read-timeout', 'no-product'] as const;
export const pageFailureSchema = z.enum(PAGE_FAILURES);
export type PageFailure = z.infer<typeof pageFailureSchema>;

/** A price typed with search words ("under 100", "between 300 and 500"): in cents, and in `currency` when one was typed. */
export const searchPriceRangeSchema = z.object({
  minCents: z.number().int().nullable(),
  maxCents: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type SearchPriceRange = z.infer<typeof searchPriceRangeSchema>;

/** A condition typed with search words ("used macbook", "refurbished iphone"). */
export const searchConditionSchema = conditionSchema.exclude(['new']);
export type SearchCondition = z.infer<typeof searchConditionSchema>;

export const searchResultSchema = z.object({
  success: z.literal(true),
  requestId: z.string(),
  createdAt: z.string(),
  input: z.object({ url: z.string().nullable(), query: z.string().nullable() }),
  /**
   * The search words with the misspelt ones replaced by the catalog words they most likely meant ("appel watch" →
   * "apple watch"), when the answer is for those; null when the words were searched as typed.
   */
  correctedQuery: z.string().nullable(),
  identifiedBy: identifiedBySchema,
  source: searchSourceSchema,
  /** The product the input was matched to, or null (an honest empty result). */
  product: matchedProductSchema.nullable(),
  /** Every offer of `product`, cheapest total first. */
  offers: z.array(searchOfferSchema),
  /**
   * Search words that fit several products about equally well ("apple watch", "laptop 16gb") name none of them:
   * `product` is null and the products above the match threshold are listed here, best first, for the shopper to pick.
   * Empty when the input identified one product or none.
   */
  matches: z.array(matchedProductSchema),
  /** Weaker candidates below the match threshold, best first. */
  similarProducts: z.array(matchedProductSchema),
  /**
   * A pasted link the catalog does not know whose page could not be read: why, and the shop it is at (the retailer's
   * name, else the link's host). Its words were searched instead. Null when the link was known or its page was read.
   */
  unreadPage: z.object({ reason: pageFailureSchema, shop: z.string() }).nullable().default(null),
  /**
   * The versions of `product`'s line, it among them, smallest first (as GET /api/products/:id answers them): the sizes
   * and colours a shopper may switch to. Empty without a product, for a product of no line, and in answers stored
   * before they were told.
   */
  variants: z.array(lineVariantSchema).default([]),
  /**
   * A price typed with the words ("headphones under 100"): the words were searched without it, and the products listed
   * and the similar ones are those whose best price is within it. Null when the words bound no price.
   */
  priceRange: searchPriceRangeSchema.nullable().default(null),
  /**
   * A condition typed with the words ("used macbook", "refurbished iphone", "open box tv"): the words were searched
   * without it, and the products listed and the similar ones are those a shop offers in it, not out of stock, with the
   * lowest total of those offers as their best price (`bestPriceCondition` is the condition). Null when the words name
   * none.
   */
  condition: searchConditionSchema.nullable().default(null),
  /** The words asked to pay little ("cheap tv", "budget headphones"): the products listed come cheapest first. */
  cheapestFirst: z.boolean().default(false),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
