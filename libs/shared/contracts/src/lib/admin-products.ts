import { z } from 'zod';
import { productDetailResponseSchema } from './catalog';
import { availabilitySchema, offerHeldSchema, productSummarySchema } from './search';

const productId = (field: string) =>
  z.coerce.number({ error: `${field} must be a product id` }).int(`${field} must be a product id`).positive(`${field} must be a product id`);

/** GET /api/admin/products?q: products by id ("123", "#123") or by words of their title (each word must appear). */
export const adminProductQuerySchema = z.object({
  q: z.string({ error: 'q must be text' }).trim().min(1, 'q must not be empty').max(200, 'q is too long'),
});
export const adminProductListResponseSchema = z.object({ success: z.literal(true), items: z.array(productSummarySchema) });
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

export const adminProductParamsSchema = z.object({ id: productId('id') });
export const adminProductOfferParamsSchema = z.object({ id: productId('id'), offerId: productId('offerId') });

/** An offer of a product as the admin console shows it: enough to tell a wrong match. */
export const adminProductOfferSchema = z.object({
  id: z.number().int(),
  retailer: z.object({ id: z.string(), name: z.string() }),
  externalId: z.string(),
  title: z.string(),
  url: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  gtin: z.string().nullable(),
  priceCents: z.number().int(),
  shippingCents: z.number().int().nullable(),
  currency: z.string(),
  availability: availabilitySchema,
  /**
   * Why shoppers do not see the offer: `store` while its business's store domain is unverified or the business is
   * suspended, `price` while it waits for a price review; null when shown.
   */
  held: offerHeldSchema.nullable(),
});
export type AdminProductOffer = z.infer<typeof adminProductOfferSchema>;

/** GET /api/admin/products/:id: the product as shoppers get it, with every offer as admins see it (held ones too). */
export const adminProductDetailResponseSchema = productDetailResponseSchema.pick({ success: true, product: true }).extend({ offers: z.array(adminProductOfferSchema) });
export type AdminProductDetailResponse = z.infer<typeof adminProductDetailResponseSchema>;

/** POST /api/admin/products/:id/offers/:offerId/detach: the offer leaves the product for a new product of its own. */
export const detachOfferResponseSchema = z.object({
  success: z.literal(true),
  offerId: z.number().int(),
  productId: z.number().int(),
  newProductId: z.number().int(),
});
export type DetachOfferResponse = z.infer<typeof detachOfferResponseSchema>;

/**
 * GET /api/admin/price-reviews: offers held back from shoppers because their total is far below the other offers of
 * their product (under a third of the others' median): a wrong match, a mistyped price or a bait listing, until an
 * admin looks. Newest first.
 */
export const priceReviewSchema = z.object({
  offer: adminProductOfferSchema,
  product: z.object({ id: z.number().int(), title: z.string() }),
  /** Median total of the product's other offers in the same currency (the figure the offer was held against). */
  othersMedianCents: z.number().int().nullable(),
  othersCount: z.number().int(),
  heldSince: z.string(),
});
export type PriceReview = z.infer<typeof priceReviewSchema>;
export const priceReviewListResponseSchema = z.object({ success: z.literal(true), items: z.array(priceReviewSchema), total: z.number().int() });
export type PriceReviewListResponse = z.infer<typeof priceReviewListResponseSchema>;
export const priceReviewParamsSchema = z.object({ offerId: productId('offerId') });
/** POST /api/admin/price-reviews/:offerId/approve: the price is real; the offer is shown, and not held again at this total or above. */
export const priceReviewApproveResponseSchema = z.object({ success: z.literal(true), offerId: z.number().int(), productId: z.number().int() });
export type PriceReviewApproveResponse = z.infer<typeof priceReviewApproveResponseSchema>;

/**
 * GET /api/admin/suspect-products: the match review's flagged products, whose shown offers cannot all be one product:
 * new offers more than 2x apart in price, or two offers of one retailer. Widest spread first.
 */
export const suspectProductSchema = z.object({
  product: z.object({ id: z.number().int(), title: z.string() }),
  offerCount: z.number().int(),
  retailerCount: z.number().int(),
  /** Lowest and highest price of its shown new offers. */
  lowestCents: z.number().int().nullable(),
  highestCents: z.number().int().nullable(),
  /** Why it is flagged: `price-spread` (new offers more than 2x apart), `retailer-twice` (a retailer lists it twice). */
  flags: z.array(z.enum(['price-spread', 'retailer-twice'])),
});
export type SuspectProduct = z.infer<typeof suspectProductSchema>;
export const suspectProductListResponseSchema = z.object({ success: z.literal(true), items: z.array(suspectProductSchema), total: z.number().int() });
export type SuspectProductListResponse = z.infer<typeof suspectProductListResponseSchema>;

/** POST /api/admin/products/:id/merge: every offer of the product joins `into`, and the product is retired. */
export const mergeProductsBodySchema = z.object({ into: productId('into') });
export type MergeProductsBody = z.input<typeof mergeProductsBodySchema>;
export const mergeProductsResponseSchema = z.object({
  success: z.literal(true),
  productId: z.number().int(),
  into: z.number().int(),
  moved: z.number().int(),
});
export type MergeProductsResponse = z.infer<typeof mergeProductsResponseSchema>;
