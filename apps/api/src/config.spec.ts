import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.database).toEqual({ engine: 'sqlite', path: expect.stringMatching(/data\/pricehunt\.db$/) });
    expect(config.APP_ORIGINS).toContain('http://localhost:4200');
  });

  it('keeps cookies Secure in production unless COOKIE_SECURE says the sites are plain HTTP, and names a bad value', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-a-production-secret-0123' };
    expect(loadConfig(production).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ ...production, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({}).COOKIE_SECURE).toBe(false);
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow(/COOKIE_SECURE/);
  });

  it('requires SESSION_SECRET in production and names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('keeps pictures under IMAGE_CACHE_DIR, ./data/images unless told, and names a folder it cannot use', () => {
    expect(loadConfig({}).IMAGE_CACHE_DIR).toBe('./data/images');
    expect(loadConfig({ IMAGE_CACHE_DIR: '/var/cache/pricehunt/images' }).IMAGE_CACHE_DIR).toBe('/var/cache/pricehunt/images');
    for (const bad of ['', '   ', '/']) expect(() => loadConfig({ IMAGE_CACHE_DIR: bad })).toThrow(/IMAGE_CACHE_DIR/);
    expect(loadConfig({}).IMAGE_FETCH_TIMEOUT_MS).toBe(6000);
    expect(() => loadConfig({ IMAGE_FETCH_TIMEOUT_MS: 'soon' })).toThrow(/IMAGE_FETCH_TIMEOUT_MS/);
  });

  it('names a bad PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses a malformed origin in APP_ORIGINS', () => {
    expect(() => loadConfig({ APP_ORIGINS: 'http://ok.example,not an origin' })).toThrow(/APP_ORIGINS/);
  });

  it('trusts X-Forwarded-For only from listed proxy addresses, and refuses TRUST_PROXY=true naming it', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    for (const value of ['true', '1', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: TRUST_PROXY must list the addresses of your proxies/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY has an entry that is not an address or CIDR range: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the engine from DATABASE_URL: a SQLite file or memory, or a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'file:/tmp/x.db' }).database).toEqual({ engine: 'sqlite', path: '/tmp/x.db' });
    expect(loadConfig({ DATABASE_URL: ':memory:' }).database).toEqual({ engine: 'sqlite', path: ':memory:' });
    expect(loadConfig({ DATABASE_URL: 'postgres://app@127.0.0.1:5432/pricehunt' }).database).toEqual({ engine: 'postgres', url: 'postgres://app@127.0.0.1:5432/pricehunt' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://app:pw@db.internal/pricehunt' }).database).toEqual({ engine: 'postgres', url: 'postgresql://app:pw@db.internal/pricehunt' });
  });

  it('refuses a DATABASE_URL that names neither engine, naming it', () => {
    for (const value of ['mysql://x/y', 'pricehunt.db', 'file:', 'postgres://', 'postgres://host-without-database', 'postgres://[bad/x']) {
      expect(() => loadConfig({ DATABASE_URL: value })).toThrow(/DATABASE_URL: DATABASE_URL must be file:<path>, :memory: or postgres:/);
    }
  });
});

describe('config: accounts and tracking settings', () => {
  it('defaults the merchant app origin, reset lifetime and rate limits', () => {
    const config = loadConfig({});
    expect(config.MERCHANT_APP_URL).toBe('http://localhost:4300');
    expect(config.PASSWORD_RESET_TTL_MINUTES).toBe(60);
    expect(config.AUTH_RATE_LIMIT_PER_IP).toBeGreaterThan(0);
    expect(config.AUTH_RATE_LIMIT_PER_EMAIL).toBeGreaterThan(0);
    expect(config.TRACKING_RATE_LIMIT_PER_MINUTE).toBeGreaterThan(0);
  });

  it('generates a session secret outside production and says so', () => {
    const config = loadConfig({});
    expect(config.sessionSecretGenerated).toBe(true);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    const fixed = loadConfig({ SESSION_SECRET: 'x'.repeat(40) });
    expect(fixed.sessionSecretGenerated).toBe(false);
    expect(fixed.sessionSecret).toBe('x'.repeat(40));
  });

  it('derives the redirect signing key from the session secret unless given', () => {
    const a = loadConfig({ SESSION_SECRET: 'a'.repeat(40) });
    const b = loadConfig({ SESSION_SECRET: 'a'.repeat(40) });
    expect(a.redirectSigningSecret).toBe(b.redirectSigningSecret);
    expect(a.redirectSigningSecret).not.toBe('a'.repeat(40));
    expect(loadConfig({ REDIRECT_SIGNING_SECRET: 'k'.repeat(32) }).redirectSigningSecret).toBe('k'.repeat(32));
    expect(() => loadConfig({ REDIRECT_SIGNING_SECRET: 'short' })).toThrow(/REDIRECT_SIGNING_SECRET/);
  });

  it('trusts APP_ORIGINS, the origin of PUBLIC_URL, and the admin console and merchant dashboard it serves', () => {
    const config = loadConfig({ APP_ORIGINS: 'https://shop.example', PUBLIC_URL: 'https://api.example/base', ADMIN_APP_URL: 'https://admin.example', MERCHANT_APP_URL: 'https://merchants.example/app' });
    expect(config.trustedOrigins).toEqual(['https://shop.example', 'https://api.example', 'https://admin.example', 'https://merchants.example']);
  });

  it('names a bad merchant app URL and a bad rate limit', () => {
    expect(() => loadConfig({ MERCHANT_APP_URL: 'nope' })).toThrow(/MERCHANT_APP_URL/);
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_IP: '0' })).toThrow(/AUTH_RATE_LIMIT_PER_IP/);
  });
});

describe('config: affiliate programme ids', () => {
  it('reads the AFFILIATE_* variables', () => {
    const config = loadConfig({ AFFILIATE_AMAZON_TAG: 'pricehunt-20' });
    expect(config.affiliate.amazon.tag).toBe('pricehunt-20');
  });

  it('names an unusable affiliate value', () => {
    expect(() => loadConfig({ AFFILIATE_AMAZON_TAG: 'has spaces & more' })).toThrow(/AFFILIATE_AMAZON_TAG/);
  });
});

describe('config: production safeguards', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'production-secret-production-secret-0123' };

  it('refuses to turn rate limits off in production, naming the variable', () => {
    expect(() => loadConfig({ ...production, RATE_LIMIT_ENABLED: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, RATE_LIMIT_ENABLED: '0' })).toThrow(/RATE_LIMIT_ENABLED/);
    expect(loadConfig({ ...production, RATE_LIMIT_ENABLED: 'true' }).RATE_LIMIT_ENABLED).toBe(true);
    expect(loadConfig(production).RATE_LIMIT_ENABLED).toBe(true);
    // Outside production tests and development may turn them off.
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_ENABLED: 'false' }).RATE_LIMIT_ENABLED).toBe(false);
  });
});
