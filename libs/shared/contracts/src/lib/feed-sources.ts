import { z } from 'zod';

/**
 * Feed sources: feeds the catalog refreshes on a schedule (an admin's, or a merchant's connected store or feed URL),
 * each with its last runs.
 */

/** The formats a source is read in: Google Merchant Center TSV and XML, a Shopify store, the networks' product feeds. */
export const FEED_SOURCE_FORMATS = ['gmc-tsv', 'gmc-xml', 'shopify', 'awin-csv', 'impact-csv'] as const;
export const feedSourceFormatSchema = z.enum(FEED_SOURCE_FORMATS, { error: `format must be one of ${FEED_SOURCE_FORMATS.join(', ')}` });
export type FeedSourceFormat = z.infer<typeof feedSourceFormatSchema>;

/** What each format is called on screens. */
export const FEED_SOURCE_FORMAT_LABELS: Readonly<Record<FeedSourceFormat, string>> = {
  'gmc-tsv': 'Google Merchant Center (TSV)',
  'gmc-xml': 'Google Merchant Center (XML)',
  shopify: 'Shopify store',
  'awin-csv': 'Awin product feed (CSV)',
  'impact-csv': 'Impact catalog (CSV)',
};

/** Shortest and longest time between two refreshes of a source, in minutes (five minutes to a week). */
export const FEED_INTERVAL_MINUTES = { min: 5, max: 7 * 24 * 60, fallback: 360 } as const;

export const FeedSourceMessages = {
  notFound: 'No feed source with this id',
  retailerMissing: 'Give retailerId (a retailer of the catalog) or retailerName (a new one)',
  retailerNotFound: 'retailerId: No retailer with this id',
  retailerTaken: 'This retailer’s offers already come from another feed source',
  paused: 'This source is paused: resume it before running it',
  running: 'A run of this source is under way',
  nothingToChange: 'Change at least one of status or intervalMinutes',
  storeNotVerified: 'Verify your store domain before adding a feed',
} as const;

const httpUrl = z
  .string({ error: 'url must be text' })
  .trim()
  .min(1, 'url is required')
  .max(2000, 'url is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'url must be an http(s) address without credentials, such as https://shop.example.com/feed.tsv');

const intervalMinutes = z
  .number({ error: 'intervalMinutes must be a number' })
  .int('intervalMinutes must be a whole number of minutes')
  .min(FEED_INTERVAL_MINUTES.min, `intervalMinutes must be at least ${FEED_INTERVAL_MINUTES.min}`)
  .max(FEED_INTERVAL_MINUTES.max, `intervalMinutes must be at most ${FEED_INTERVAL_MINUTES.max} (a week)`);

/** POST /api/admin/feed-sources. A Shopify store's url is its address (https://shop.example.com). */
export const feedSourceCreateBodySchema = z
  .object({
    url: httpUrl,
    format: feedSourceFormatSchema,
    retailerId: z.string({ error: 'retailerId must be text' }).trim().min(1, 'retailerId is empty').max(120, 'retailerId is too long').optional(),
    retailerName: z.string({ error: 'retailerName must be text' }).trim().min(1, 'retailerName is empty').max(120, 'retailerName is too long').optional(),
    intervalMinutes: intervalMinutes.default(FEED_INTERVAL_MINUTES.fallback),
  })
  .refine((body) => body.retailerId !== undefined || body.retailerName !== undefined, { message: FeedSourceMessages.retailerMissing, path: ['retailerId'] });
export type FeedSourceCreateBody = z.input<typeof feedSourceCreateBodySchema>;

/** PATCH /api/admin/feed-sources/:id: pause, resume, or a new interval. */
export const feedSourceUpdateBodySchema = z
  .object({
    status: z.enum(['active', 'paused'], { error: 'status must be active or paused' }).optional(),
    intervalMinutes: intervalMinutes.optional(),
  })
  .refine((body) => body.status !== undefined || body.intervalMinutes !== undefined, { message: FeedSourceMessages.nothingToChange, path: ['body'] });
export type FeedSourceUpdateBody = z.input<typeof feedSourceUpdateBodySchema>;

export const feedSourceParamsSchema = z.object({ id: z.string().min(1, 'id is required').max(64, 'id is too long') });

export const FEED_RUN_STATUSES = ['running', 'succeeded', 'not-modified', 'failed'] as const;

/** One refresh of a source. `not-modified`: the feed answered 304 and nothing was written. */
export const feedRunSchema = z.object({
  id: z.string(),
  status: z.enum(FEED_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  rowsRead: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Offers the feed no longer lists: out of stock at once, retired after several runs. */
  gone: z.number().int(),
  rejected: z.number().int(),
  error: z.string().nullable(),
  importRunId: z.string().nullable(),
});
export type FeedRun = z.infer<typeof feedRunSchema>;

export const feedSourceSchema = z.object({
  id: z.string(),
  url: z.string(),
  format: feedSourceFormatSchema,
  retailerId: z.string(),
  retailerName: z.string(),
  businessId: z.string().nullable(),
  intervalMinutes: z.number().int(),
  status: z.enum(['active', 'paused']),
  /** When the next run is due; a worker takes it at or soon after this time. */
  nextRunAt: z.string(),
  /** Runs that failed in a row; each failure waits longer before the next try. */
  failures: z.number().int(),
  /** A worker is running the source now. */
  running: z.boolean(),
  lastRun: feedRunSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedSource = z.infer<typeof feedSourceSchema>;

export const feedSourceListResponseSchema = z.object({ success: z.literal(true), items: z.array(feedSourceSchema) });
export type FeedSourceListResponse = z.infer<typeof feedSourceListResponseSchema>;

export const feedSourceResponseSchema = z.object({ success: z.literal(true), source: feedSourceSchema });
export type FeedSourceResponse = z.infer<typeof feedSourceResponseSchema>;

export const feedSourceDetailResponseSchema = z.object({ success: z.literal(true), source: feedSourceSchema, runs: z.array(feedRunSchema) });
export type FeedSourceDetailResponse = z.infer<typeof feedSourceDetailResponseSchema>;

export const feedSourceDeletedResponseSchema = z.object({ success: z.literal(true), removed: z.literal(true) });

/** POST /api/merchant/integration/feed-sources: a merchant's feed URL (its offers are the store's, links on its domain). */
export const merchantFeedSourceBodySchema = z.object({
  url: httpUrl,
  format: z.enum(['gmc-tsv', 'gmc-xml'], { error: 'format must be gmc-tsv or gmc-xml' }),
  intervalMinutes: intervalMinutes.default(FEED_INTERVAL_MINUTES.fallback),
});
export type MerchantFeedSourceBody = z.input<typeof merchantFeedSourceBodySchema>;
