import { z } from 'zod';
import { IMPORT_RUN_STATUSES, importRunSchema, rowErrorSchema } from './admin-overview';
import { pageNumber, pageSizeOf } from './admin-paging';
import { pageOf } from './paging';

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

/** An import of a feed file the admin uploaded: its run's counts, and how far it has read. */
export const importJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(FEED_FORMATS),
  retailerId: z.string().nullable(),
  state: z.enum(['importing', 'succeeded', 'failed']),
  ...importRunSchema.pick({ totalRows: true, inserted: true, updated: true, unchanged: true, skipped: true, productsCreated: true, errorCount: true, warningCount: true }).shape,
  processedRows: z.number().int(),
  errors: z.array(rowErrorSchema),
  /** Values good rows were imported without, named by line and field like errors (the first 1000). */
  warnings: z.array(rowErrorSchema),
  failure: z.string().nullable(),
  runId: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** A job as it starts: importing its `totalRows`, none of them read yet. */
export function startedImportJob(job: Pick<ImportJob, 'id' | 'fileName' | 'format' | 'retailerId' | 'totalRows' | 'startedAt'>): ImportJob {
  return {
    ...job,
    state: 'importing',
    processedRows: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    productsCreated: 0,
    errorCount: 0,
    errors: [],
    warningCount: 0,
    warnings: [],
    failure: null,
    runId: null,
    finishedAt: null,
  };
}

export const importJobResponseSchema = z.object({ success: z.literal(true), job: importJobSchema });
export type ImportJobResponse = z.infer<typeof importJobResponseSchema>;

/** Which import runs a page of the list holds: those of one status, those that read one retailer's rows. */
export const importRunQuerySchema = z.object({
  status: z.enum(IMPORT_RUN_STATUSES, { error: `status must be one of ${IMPORT_RUN_STATUSES.join(', ')}` }).optional(),
  retailerId: z.string().trim().min(1, 'retailerId must not be empty').max(120, 'retailerId is too long').optional(),
  page: pageNumber,
  pageSize: pageSizeOf(50),
});
export type ImportRunQuery = z.output<typeof importRunQuerySchema>;

export const importRunListResponseSchema = z.object({ success: z.literal(true), ...pageOf(importRunSchema) });
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

/** A re-clustering under way: the offers it took off their products, how many of them it has yet to place, and the products they were in. */
export const reclusterProgressSchema = z.object({ offers: z.number().int(), unplaced: z.number().int(), productsBefore: z.number().int() });

/** POST /api/admin/catalog/recluster (202): the re-clustering begun, or joined, whose offers are placed in the background. */
export const reclusterResponseSchema = z.object({
  success: z.literal(true),
  underWay: reclusterProgressSchema.nullable(),
  /** It joined a re-clustering under way (cut short by a restart, or begun by another admin) rather than begin one. */
  resumed: z.boolean(),
});
export type ReclusterResponse = z.infer<typeof reclusterResponseSchema>;

/** The re-clustering under way, if any, and the last one that ended (from the audit log). */
export const reclusterStatusSchema = z.object({
  underWay: reclusterProgressSchema.nullable(),
  last: z
    .object({
      endedAt: z.string(),
      /** The admin who asked for it, or the system when an instance carried it on as it started. */
      by: z.string(),
      offers: z.number().int(),
      productsBefore: z.number().int(),
      productsAfter: z.number().int(),
      /** Products that kept their id: a cluster the matcher left whole (favorites, alerts and links to it still work). */
      productsKept: z.number().int(),
      durationMs: z.number().int(),
      resumed: z.boolean(),
    })
    .nullable(),
});
export type ReclusterStatus = z.infer<typeof reclusterStatusSchema>;

/** GET /api/admin/catalog/recluster. */
export const reclusterStatusResponseSchema = reclusterStatusSchema.extend({ success: z.literal(true) });
export type ReclusterStatusResponse = z.infer<typeof reclusterStatusResponseSchema>;
