import { z } from 'zod';
import { businessSchema, businessStatusSchema } from './business-auth';
import { pageOf, wholeNumberParam } from './paging';
import { availabilitySchema, offerHeldSchema, productSummarySchema } from './search';

/** Messages of the admin area that clients show as they are. */
export const AdminMessages = {
  noAdminAccess: 'This account has no admin access',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotRevokeSelf: 'You cannot revoke your own admin access',
  businessNotFound: 'No business with this id',
  retailerNotFound: 'No retailer with this id',
  importNotFound: 'No import with this id',
  importFileMissing: 'Attach a feed file in the field "file"',
  productNotFound: 'No product with this id',
  offerNotInProduct: 'This product has no offer with this id',
  offerAlone: 'The offer is the product’s only one: it is a product of its own already',
  offerNotFound: 'No offer with this id',
  offerNotHeldForPrice: 'This offer is not held for a price review',
  mergeIntoItself: 'into must be another product than the one merged',
  reportNotFound: 'No match report with this id',
  importEmpty: 'The feed file is empty',
} as const;

// ───────────────────────────── audit log ─────────────────────────────

export const AUDIT_ACTIONS = [
  'business.suspend',
  'business.reactivate',
  'business.grant_admin',
  'business.revoke_admin',
  'retailer.update',
  'catalog.import',
  'catalog.recluster',
  'catalog.detach_offer',
  'catalog.merge_products',
  'catalog.resolve_report',
  'catalog.approve_price',
  'feed_source.create',
  'feed_source.update',
  'feed_source.delete',
  'feed_source.run',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** A JSON snapshot of what an action changed (`before` / `after`). */
export const auditStateSchema = z.record(z.string(), z.unknown()).nullable();

/** One admin action: who, what, on what, when, and the state before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: auditActionSchema,
  targetType: z.enum(['business', 'retailer', 'catalog']),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: auditStateSchema,
  after: auditStateSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** An audit entry as the action that writes it states it; the store gives it its id and time. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'createdAt'>;

const pageNumber = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000, 'page is too large')
  .default(1);
const pageSizeOf = (fallback: number) => wholeNumberParam('pageSize', { min: 1, max: 100, fallback });

export const auditQuerySchema = z.object({
  businessId: z.string().max(100).optional(),
  action: auditActionSchema.optional(),
  page: pageNumber,
  pageSize: pageSizeOf(20),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({ success: z.literal(true), ...pageOf(auditEntrySchema) });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

// ───────────────────────────── overview ─────────────────────────────

/** Figures over one period. `null` means the figure is not recorded by this installation. */
export const activityFiguresSchema = z.object({
  searches: z.number().int(),
  clicks: z.number().int(),
  referrals: z.number().int(),
  conversions: z.number().int(),
  revenueCents: z.number().int(),
});
export type ActivityFigures = z.infer<typeof activityFiguresSchema>;

export const dailyActivitySchema = activityFiguresSchema.extend({ date: z.string() });
export type DailyActivity = z.infer<typeof dailyActivitySchema>;

export const IMPORT_RUN_STATUSES = ['running', 'succeeded', 'failed', 'interrupted'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

export const importRunSchema = z.object({
  id: z.string(),
  format: z.string(),
  source: z.string(),
  /** The retailer every row was imported for, or null when each row's link names its own. */
  retailerId: z.string().nullable(),
  /** The retailers whose rows the run read, by id. */
  retailerIds: z.array(z.string()),
  businessId: z.string().nullable(),
  /**
   * `interrupted`: the process doing the run stopped before the end of its feed (killed, its machine down); the
   * counts are what its committed batches wrote, and those offers are live. It finished at its last committed batch.
   */
  status: z.enum(IMPORT_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  totalRows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  productsCreated: z.number().int(),
  errorCount: z.number().int(),
  /** Values good rows were imported without (a GTIN that is none, an image path), each a warning of its row. */
  warningCount: z.number().int(),
  failure: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const rowErrorSchema = z.object({ line: z.number().int(), field: z.string(), reason: z.string() });
export type ImportRowError = z.infer<typeof rowErrorSchema>;

export const overviewResponseSchema = z.object({
  success: z.literal(true),
  generatedAt: z.string(),
  businesses: z.object({
    total: z.number().int(),
    active: z.number().int(),
    suspended: z.number().int(),
    admins: z.number().int(),
    withStore: z.number().int(),
    newLast30Days: z.number().int(),
  }),
  activity: z.object({ today: activityFiguresSchema, last7Days: activityFiguresSchema, last30Days: activityFiguresSchema }),
  /** One row per UTC day, oldest first, the last 30 days including today. */
  daily: z.array(dailyActivitySchema),
  catalog: z.object({
    offers: z.number().int(),
    products: z.number().int(),
    retailers: z.array(z.object({ id: z.string(), name: z.string(), offers: z.number().int() })),
  }),
  imports: z.array(importRunSchema),
  database: z.object({
    bytes: z.number().int(),
    walBytes: z.number().int(),
    tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
  }),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

// ───────────────────────────── businesses ─────────────────────────────

export const BUSINESS_SORTS = ['createdAt', 'email', 'status', 'storeDomain'] as const;

const booleanQuery = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((value) => value === 'true');

export const businessListQuerySchema = z.object({
  q: z.string().trim().max(200, 'q is too long').optional(),
  status: businessStatusSchema.optional(),
  admin: booleanQuery('admin').optional(),
  hasStore: booleanQuery('hasStore').optional(),
  sort: z.enum(BUSINESS_SORTS, { error: `sort must be one of ${BUSINESS_SORTS.join(', ')}` }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  page: pageNumber,
  pageSize: pageSizeOf(20),
});
/** The list query once parsed (booleans and numbers), as the service and the console's state hold it. */
export type BusinessListQuery = z.output<typeof businessListQuerySchema>;

export const adminBusinessSchema = businessSchema.extend({
  updatedAt: z.string(),
  /** True when the business has proved its store domain (only then is the store trusted: redirects, attribution, offers shown). */
  domainVerified: z.boolean(),
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

export const businessListResponseSchema = z.object({ success: z.literal(true), ...pageOf(adminBusinessSchema) });
export type BusinessListResponse = z.infer<typeof businessListResponseSchema>;

export const businessParamsSchema = z.object({ id: z.string().min(1, 'id is required').max(100, 'id is too long') });

/**
 * A business's figures as its merchant dashboard counts them (clicks with its product clicks, referrals, conversions
 * its referrals earned inside its attribution window, their revenue in its currency): over `period`, the last 30
 * calendar days in its time zone (contracts' period.ts), and ever.
 */
export const businessFiguresSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  currency: z.string(),
  last30Days: activityFiguresSchema.omit({ searches: true }),
  allTime: activityFiguresSchema.omit({ searches: true }),
  offers: z.number().int(),
  activeSessions: z.number().int(),
});
export type BusinessFigures = z.infer<typeof businessFiguresSchema>;

export const businessDetailResponseSchema = z.object({
  success: z.literal(true),
  business: adminBusinessSchema,
  figures: businessFiguresSchema,
  audit: z.array(auditEntrySchema),
});
export type BusinessDetailResponse = z.infer<typeof businessDetailResponseSchema>;

export const BUSINESS_ACTIONS = ['suspend', 'reactivate', 'grant-admin', 'revoke-admin'] as const;
export type BusinessAction = (typeof BUSINESS_ACTIONS)[number];
export const businessActionParamsSchema = businessParamsSchema.extend({
  action: z.enum(BUSINESS_ACTIONS, { error: `action must be one of ${BUSINESS_ACTIONS.join(', ')}` }),
});

export const businessActionResponseSchema = z.object({
  success: z.literal(true),
  business: adminBusinessSchema,
  audit: auditEntrySchema,
  /** Sessions ended by the action (suspension signs the business out everywhere). */
  sessionsEnded: z.number().int(),
});
export type BusinessActionResponse = z.infer<typeof businessActionResponseSchema>;

// ───────────────────────────── catalog ─────────────────────────────

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/^www\./, ''))
  .pipe(z.string().regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'each domain must be a host name such as shop.example.com'));

export const adminRetailerSchema = z.object({
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  affiliateParam: z.string().nullable(),
  offers: z.number().int(),
  lastImportAt: z.string().nullable(),
});
export type AdminRetailer = z.infer<typeof adminRetailerSchema>;

export const retailerListResponseSchema = z.object({ success: z.literal(true), items: z.array(adminRetailerSchema) });
export type RetailerListResponse = z.infer<typeof retailerListResponseSchema>;

export const retailerParamsSchema = z.object({ id: z.string().min(1, 'id is required').max(120, 'id is too long') });

export const retailerUpdateBodySchema = z
  .object({
    name: z.string({ error: 'name must be text' }).trim().min(1, 'name is required').max(120, 'name is too long').optional(),
    domains: z.array(hostName, { error: 'domains must be a list of host names' }).min(1, 'domains needs at least one host name').max(50, 'domains has too many entries').optional(),
    affiliateParam: z
      .string({ error: 'affiliateParam must be text' })
      .trim()
      .max(60, 'affiliateParam is too long')
      .regex(/^[A-Za-z0-9_.-]*$/, 'affiliateParam must be a query parameter name such as tag')
      .nullable()
      .optional(),
  })
  .refine((body) => body.name !== undefined || body.domains !== undefined || body.affiliateParam !== undefined, {
    message: 'Change at least one of name, domains or affiliateParam',
    path: ['body'],
  });
export type RetailerUpdateBody = z.input<typeof retailerUpdateBodySchema>;

export const retailerResponseSchema = z.object({ success: z.literal(true), retailer: adminRetailerSchema });

export const FEED_FORMATS = ['gmc-tsv', 'gmc-xml'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** The fields of the multipart import form besides the file. */
export const importFormSchema = z.object({
  retailerId: z.string().trim().max(120, 'retailerId is too long').optional(),
  retailerName: z.string().trim().max(120, 'retailerName is too long').optional(),
  format: z.enum(FEED_FORMATS, { error: `format must be one of ${FEED_FORMATS.join(', ')}` }).optional(),
});

export const importJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(FEED_FORMATS),
  retailerId: z.string().nullable(),
  state: z.enum(['importing', 'succeeded', 'failed']),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  productsCreated: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(rowErrorSchema),
  /** Values good rows were imported without, named by line and field like errors (the first 1000). */
  warningCount: z.number().int(),
  warnings: z.array(rowErrorSchema),
  failure: z.string().nullable(),
  runId: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobResponseSchema = z.object({ success: z.literal(true), job: importJobSchema });
export type ImportJobResponse = z.infer<typeof importJobResponseSchema>;

export const importRunListResponseSchema = z.object({ success: z.literal(true), items: z.array(importRunSchema) });
export type ImportRunListResponse = z.infer<typeof importRunListResponseSchema>;

export const importRunParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const importRunDetailResponseSchema = z.object({
  success: z.literal(true),
  run: importRunSchema,
  errors: z.array(rowErrorSchema),
  /** What the run's good rows were imported without (the first 1000). */
  warnings: z.array(rowErrorSchema),
});
export type ImportRunDetailResponse = z.infer<typeof importRunDetailResponseSchema>;

export const reclusterResponseSchema = z.object({
  success: z.literal(true),
  offers: z.number().int(),
  productsBefore: z.number().int(),
  productsAfter: z.number().int(),
  /** Products that kept their id: a cluster the matcher left whole (favorites, alerts and links to it still work). */
  productsKept: z.number().int(),
  durationMs: z.number().int(),
});
export type ReclusterResponse = z.infer<typeof reclusterResponseSchema>;

// ───────────────────────────── products (match corrections) ─────────────────────────────

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

export const adminProductDetailResponseSchema = z.object({
  success: z.literal(true),
  product: productSummarySchema,
  offers: z.array(adminProductOfferSchema),
});
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
