import { databaseOf, type DatabaseConfig } from '@pricehunt/storage';
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { AffiliateError, affiliateConfigFromEnv, type AffiliateConfig } from '@pricehunt/affiliate';
import { storeOriginOverridesSchema } from '@pricehunt/catalog-identity';
import { DEFAULT_EXTENSION_ORIGINS, extensionOriginProblem } from './plugins/extension-origins';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Names proxy-addr (Fastify's `trustProxy`) gives to address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.5`, `::1`, `10.0.0.0/8`, `fd00::/8`, or a range name such as `loopback`. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the addresses (or CIDR ranges) of the reverse proxies whose X-Forwarded-For is believed; requests
 * from anywhere else are known by their own address. `false` or empty trusts none. `true` (trust whoever connects)
 * is refused: any client could then pick its own address with the header and escape every per-address limit.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): string[] | false => {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
    if (trimmed === 'true' || trimmed === '1' || /^\d+$/.test(trimmed)) {
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must list the addresses of your proxies (e.g. 127.0.0.1 or 10.0.0.0/8, comma-separated), not "true": trusting every client would let anyone choose their address with X-Forwarded-For',
      });
      return false;
    }
    const entries = trimmed.split(',').map((entry) => entry.trim()).filter(Boolean);
    for (const entry of entries) {
      if (!isProxyAddress(entry)) ctx.addIssue({ code: 'custom', message: `TRUST_PROXY has an entry that is not an address or CIDR range: ${entry}` });
    }
    return entries;
  });

/** Every setting the API reads, parsed once from the environment. Nothing else reads `process.env`. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .default('file:./data/pricehunt.db')
      .refine((value) => databaseOf(value) !== null, 'DATABASE_URL must be file:<path>, :memory: or postgres://user@host[:port]/database'),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24 * 14),
    /** Secret for the HMAC signature of redirect links the API emits; derived from SESSION_SECRET when absent. */
    REDIRECT_SIGNING_SECRET: z.string().min(32, 'REDIRECT_SIGNING_SECRET must be at least 32 characters').optional(),
    APP_ORIGINS: z
      .string()
      .default('http://localhost:4200,http://localhost:4300,http://localhost:4400,http://127.0.0.1:4200,http://127.0.0.1:4300,http://127.0.0.1:4400')
      .transform((value, ctx) => {
        const origins = value.split(',').map((origin) => origin.trim()).filter(Boolean);
        for (const origin of origins) {
          try {
            const url = new URL(origin);
            if (url.origin !== origin) throw new Error('not an origin');
          } catch {
            ctx.addIssue({ code: 'custom', message: `APP_ORIGINS has an invalid origin: ${origin}` });
          }
        }
        return origins;
      }),
    /**
     * Origins of the browser extension (apps/extension), answered through CORS, with the shopper's cookies, on the
     * extension's routes only (plugins/extension-origins.ts): `chrome-extension://<id>` (the unpacked build's id by
     * default; a store gives its own), `moz-extension://<uuid>`, or `moz-extension://*` for every Firefox install.
     */
    EXTENSION_ORIGINS: z
      .string()
      .default(DEFAULT_EXTENSION_ORIGINS)
      .transform((value, ctx) => {
        const origins = value.split(',').map((origin) => origin.trim()).filter(Boolean);
        for (const origin of origins) {
          const problem = extensionOriginProblem(origin);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }
        return origins;
      }),
    PUBLIC_URL: z.url().optional(),
    /** Origin of the merchant dashboard: password-reset links point there. */
    MERCHANT_APP_URL: z.url().default('http://localhost:4300'),
    /** Origin of the admin console: the only origin whose writes to /api/admin are accepted. */
    ADMIN_APP_URL: z.url().default('http://localhost:4400'),
    /** Origin of the shopper site: shopper password-reset links point there. */
    SHOPPER_APP_URL: z.url().default('http://localhost:4200'),
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(60),
    /**
     * Hours between re-checks of verified store domains' proofs (0: never). A proof missing from three re-checks in a
     * row is given up: the domain may have changed hands.
     */
    DOMAIN_RECHECK_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(24),
    /** Minutes between checks of shoppers' price alerts (0: only after catalog imports). */
    /** How often an instance looks for imports other processes made, to read the words spelling knows again. */
    SPELLING_REFRESH_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(60),
    PRICE_ALERT_CHECK_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(15),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxySchema,
    RATE_LIMIT_ENABLED: booleanFromEnv.default(true),
    /** Registration and reset requests allowed per client address in AUTH_RATE_LIMIT_WINDOW_MINUTES. */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    /** Registration and reset requests allowed per email address in AUTH_RATE_LIMIT_WINDOW_MINUTES (each mails it). */
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    /**
     * Failed sign-ins to one account from one address before each further failure makes that pair wait (1 s, then
     * doubling up to SIGN_IN_MAX_WAIT_SECONDS). Counted in the database; a trusted device of the account is exempt.
     */
    SIGN_IN_FREE_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
    /** Failed sign-ins from one address, whatever the accounts, before the address waits the same way. */
    SIGN_IN_FREE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
    SIGN_IN_MAX_WAIT_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(900),
    /**
     * Failed sign-ins to one account from devices it does not know (no trusted-device cookie), from whatever
     * addresses, before each further one makes them wait (1 s, doubling up to SIGN_IN_MAX_WAIT_SECONDS).
     */
    SIGN_IN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
    /** Guesses at one account from unknown devices evaluated in an hour at most; then they pause and the owner is mailed. */
    SIGN_IN_ACCOUNT_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(15),
    /** Failed sign-ins of one trusted device in an hour before it signs in as an unknown one until the hour is over. */
    SIGN_IN_DEVICE_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
    AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
    /** Anonymous tracking calls allowed per client address per minute. */
    TRACKING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    /**
     * Commit tracking writes of concurrent requests together (one fsync for the group, every reply still
     * sent only after its commit). Off: one transaction and one fsync per request.
     */
    GROUP_COMMIT: booleanFromEnv.default(true),
    /**
     * Session and device cookies only over HTTPS (`Secure`). Default: on in production. Off only where the sites are
     * served over plain HTTP on this machine alone (`npm run start:cluster`); behind TLS it stays on.
     */
    COOKIE_SECURE: booleanFromEnv.optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('PriceHunt <no-reply@pricehunt.local>'),
    FETCH_ALLOW_LOOPBACK: booleanFromEnv.default(false),
    /**
     * Milliseconds between two requests to one shop's host when pasted pages are read, across every instance (the
     * shared rate-limit counters); 0 turns the spacing off.
     */
    PAGE_HOST_SPACING_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /** A product page's reading time at most, in the page-reading threads; past it the page is given up ("took too long to read"). */
    PAGE_READ_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
    /** Folder where the image route keeps catalog pictures: their sources and each resized copy. */
    IMAGE_CACHE_DIR: z
      .string()
      .default('./data/images')
      .refine((value) => value.trim() !== '' && !value.includes('\0'), 'IMAGE_CACHE_DIR must be a folder path')
      .refine((value) => !/^\/+$/.test(value.trim()), 'IMAGE_CACHE_DIR must not be the root folder'),
    /** Deadline (ms) of one fetch of a picture's source, redirects included. */
    IMAGE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(6_000),
    /**
     * DNS servers (comma-separated `address` or `address:port`) that TXT look-ups of store-domain verification ask;
     * the system's resolver when empty.
     */
    DNS_SERVERS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const servers = value.split(',').map((server) => server.trim()).filter(Boolean);
        for (const server of servers) {
          if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$/i.test(server)) {
            ctx.addIssue({ code: 'custom', message: `DNS_SERVERS needs IP addresses (with an optional :port); got "${server}"` });
          }
        }
        return servers;
      }),
    /**
     * Tests only: `domain=origin` pairs (comma-separated) that point a store domain at a local server, e.g.
     * `acme.myshopify.com=http://127.0.0.1:4567`, for domain verification and store sync. Refused in production.
     */
    STORE_ORIGIN_OVERRIDES: storeOriginOverridesSchema,
    /** Serve the OpenAPI document and Swagger UI at /api/docs. Default: on outside production, off in production. */
    API_DOCS_ENABLED: booleanFromEnv.optional(),
    /** Folder of the ER-Magellan tables; when set, the demo seed imports them too. */
    SEED_DATA_DIR: z.string().min(1).optional(),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET is required in production' });
    }
    if (config.NODE_ENV === 'production' && config.FETCH_ALLOW_LOOPBACK) {
      ctx.addIssue({ code: 'custom', path: ['FETCH_ALLOW_LOOPBACK'], message: 'FETCH_ALLOW_LOOPBACK cannot be enabled in production' });
    }
    if (config.NODE_ENV === 'production' && !config.RATE_LIMIT_ENABLED) {
      ctx.addIssue({ code: 'custom', path: ['RATE_LIMIT_ENABLED'], message: 'RATE_LIMIT_ENABLED cannot be turned off in production' });
    }
    if (config.SIGN_IN_ACCOUNT_FREE_FAILURES >= config.SIGN_IN_ACCOUNT_MAX_PER_HOUR) {
      ctx.addIssue({ code: 'custom', path: ['SIGN_IN_ACCOUNT_FREE_FAILURES'], message: 'SIGN_IN_ACCOUNT_FREE_FAILURES must be below SIGN_IN_ACCOUNT_MAX_PER_HOUR' });
    }
    if (config.NODE_ENV === 'production' && Object.keys(config.STORE_ORIGIN_OVERRIDES).length) {
      ctx.addIssue({ code: 'custom', path: ['STORE_ORIGIN_OVERRIDES'], message: 'STORE_ORIGIN_OVERRIDES cannot be set in production' });
    }
  });

export type AppConfig = Omit<z.infer<typeof configSchema>, 'API_DOCS_ENABLED' | 'COOKIE_SECURE'> & {
  /** API_DOCS_ENABLED, or its default: on outside production. */
  API_DOCS_ENABLED: boolean;
  /** COOKIE_SECURE, or its default: on in production. */
  COOKIE_SECURE: boolean;
  /** The engine DATABASE_URL names, with its file (SQLite) or server URL (PostgreSQL). */
  database: DatabaseConfig;
  /** SESSION_SECRET, or a random one for this process outside production (sessions then end at restart). */
  sessionSecret: string;
  sessionSecretGenerated: boolean;
  /** Key of the redirect-link HMAC: REDIRECT_SIGNING_SECRET, else derived from the session secret. */
  redirectSigningSecret: string;
  /** Origins whose cookie-authenticated writes are accepted: APP_ORIGINS plus PUBLIC_URL's origin. */
  trustedOrigins: string[];
  /**
   * The only origins whose writes the admin and business areas accept (plugins/csrf.ts): the admin console's
   * (ADMIN_APP_URL) and the merchant dashboard's (MERCHANT_APP_URL), each with its loopback twin (localhost and
   * 127.0.0.1 name one machine).
   */
  writeOrigins: { admin: string[]; merchant: string[] };
  /** Affiliate programme ids from the AFFILIATE_* variables (see @pricehunt/affiliate AFFILIATE_ENV_KEYS). */
  affiliate: AffiliateConfig;
};

/**
 * The SQLite file of a command that works on SQLite only; a ConfigError naming DATABASE_URL when it names PostgreSQL.
 */
export function sqlitePathOf(config: Pick<AppConfig, 'database'>): string {
  if (config.database.engine === 'sqlite') return config.database.path;
  throw new ConfigError(['DATABASE_URL: this command works on SQLite only (file:<path>); it names a PostgreSQL server']);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The origin of `url`, and the same origin on the other loopback name when its host is localhost or 127.0.0.1. */
export function withLoopbackTwin(url: string): string[] {
  const parsed = new URL(url);
  const origins = [parsed.origin];
  const twin = parsed.hostname === 'localhost' ? '127.0.0.1' : parsed.hostname === '127.0.0.1' ? 'localhost' : null;
  if (twin) {
    parsed.hostname = twin;
    origins.push(parsed.origin);
  }
  return origins;
}

/** Parses the environment; a bad value throws a ConfigError that names each variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const config = result.data;
  let affiliate: AffiliateConfig;
  try {
    affiliate = affiliateConfigFromEnv(env);
  } catch (error) {
    if (error instanceof AffiliateError) throw new ConfigError([`${error.field}: ${error.message}`]);
    throw error;
  }
  const database = databaseOf(config.DATABASE_URL) as DatabaseConfig;
  const sessionSecret = config.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const redirectSigningSecret =
    config.REDIRECT_SIGNING_SECRET ?? createHmac('sha256', sessionSecret).update('pricehunt redirect links').digest('hex');
  const writeOrigins = { admin: withLoopbackTwin(config.ADMIN_APP_URL), merchant: withLoopbackTwin(config.MERCHANT_APP_URL) };
  // The apps the API is configured to serve are trusted writers too: an admin console or merchant dashboard at its own
  // address needs no second setting to be let write.
  const trustedOrigins = [
    ...new Set([...config.APP_ORIGINS, ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : []), ...writeOrigins.admin, ...writeOrigins.merchant]),
  ];
  return {
    ...config,
    writeOrigins,
    API_DOCS_ENABLED: config.API_DOCS_ENABLED ?? config.NODE_ENV !== 'production',
    COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
    database,
    sessionSecret,
    sessionSecretGenerated: !config.SESSION_SECRET,
    redirectSigningSecret,
    trustedOrigins,
    affiliate,
  };
}
