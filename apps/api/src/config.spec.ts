import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.databasePath).toMatch(/data\/pricehunt\.db$/);
    expect(config.APP_ORIGINS).toContain('http://localhost:4200');
  });

  it('requires SESSION_SECRET in production and names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('names a bad PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses a malformed origin in APP_ORIGINS', () => {
    expect(() => loadConfig({ APP_ORIGINS: 'http://ok.example,not an origin' })).toThrow(/APP_ORIGINS/);
  });

  it('refuses a DATABASE_URL that is not a file or memory', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/);
  });
});
