import { z } from 'zod';

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
  /** How many import runs failed or were interrupted, of all kept: the runs an admin should look into. */
  importProblems: z.object({ failed: z.number().int(), interrupted: z.number().int() }),
  database: z.object({
    bytes: z.number().int(),
    walBytes: z.number().int(),
    tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
  }),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
