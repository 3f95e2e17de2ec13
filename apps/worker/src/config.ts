import { databaseOf, type DatabaseConfig } from '@pricehunt/storage';
import { storeOriginOverridesSchema } from '@pricehunt/catalog-identity';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Every setting the worker reads, parsed once from the environment (the API's names where they are the same). */
export const workerConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: z
      .string()
      .default('file:./data/pricehunt.db')
      .refine((value) => databaseOf(value) !== null, 'DATABASE_URL must be file:<path>, :memory: or postgres://user@host[:port]/database'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How often an idle worker looks for a due source. */
    WORKER_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** How long a worker's hold on a source lasts without renewal: a killed worker's source is free again after it. */
    WORKER_LEASE_MS: z.coerce.number().int().min(3_000).max(3_600_000).default(60_000),
    /** Refreshes in a row an offer may be missing from its complete feed before it is retired. */
    FEED_RETIRE_AFTER_RUNS: z.coerce.number().int().min(1).max(100).default(3),
    FEED_MAX_BYTES: z.coerce.number().int().min(1024).default(200 * 1024 * 1024),
    FEED_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    /** Let feeds be fetched from this machine (fixture servers, local runs); refused in production. */
    FETCH_ALLOW_LOOPBACK: flag,
    SHOPPER_APP_URL: z.url().default('http://localhost:4200'),
    /** `domain=origin` pairs: merchants' stores served on this machine (the demo store), as the API reads them; refused in production. */
    STORE_ORIGIN_OVERRIDES: storeOriginOverridesSchema,
    /** How often the watched pages are read again (each link once, then every active watch is evaluated). */
    WATCH_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(21_600),
    /** At most one request to a shop's host every this many milliseconds, across every API and worker instance. */
    PAGE_HOST_SPACING_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /** A product page's reading time at most, in the page-reading threads; past it the page is given up ("took too long to read"). */
    PAGE_READ_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('PriceHunt <no-reply@pricehunt.local>'),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.FETCH_ALLOW_LOOPBACK) {
      ctx.addIssue({ code: 'custom', path: ['FETCH_ALLOW_LOOPBACK'], message: 'FETCH_ALLOW_LOOPBACK cannot be enabled in production' });
    }
    if (config.NODE_ENV === 'production' && Object.keys(config.STORE_ORIGIN_OVERRIDES).length) {
      ctx.addIssue({ code: 'custom', path: ['STORE_ORIGIN_OVERRIDES'], message: 'STORE_ORIGIN_OVERRIDES cannot be set in production' });
    }
  })
  .transform((config) => ({ ...config, database: databaseOf(config.DATABASE_URL) as DatabaseConfig }));

export type WorkerConfig = z.infer<typeof workerConfigSchema>;

/** The configuration, or a message naming each setting at fault. */
export function loadWorkerConfig(env: Record<string, string | undefined>): WorkerConfig {
  const parsed = workerConfigSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid worker configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}
