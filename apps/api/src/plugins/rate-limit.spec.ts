import { FixedWindowCounter } from './rate-limit';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { call, registerBusiness, STRONG_PASSWORD } from '../testing/http';
import { values } from '../testing/db';

// Sign-in has its own limits (modules/auth/sign-in-guard.spec.ts); these are the registration and reset ones.
describe('rate limits on registration and reset requests (limiter enabled)', () => {
  describe('per email', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ RATE_LIMIT_ENABLED: 'true', AUTH_RATE_LIMIT_PER_EMAIL: '2', AUTH_RATE_LIMIT_PER_IP: '100' });
    });
    afterAll(async () => t.close());

    it('answers 429 with the envelope, the wait and Retry-After once an email has had its reset requests', async () => {
      const request = (ip: string, email = 'target@shop.example') =>
        t.app.inject({ method: 'POST', url: '/api/business/auth/password-reset/request', remoteAddress: ip, headers: { origin: 'http://localhost:4300' }, payload: { email } });
      // Registering mails the address too, so it counts.
      await registerBusiness(t.app, 'target@shop.example');
      expect((await request('10.0.0.2')).statusCode).toBe(200);
      const limited = await request('10.0.0.3');
      expect(limited.statusCode).toBe(429);
      const wait = Number(limited.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', statusCode: 429, error: `Too many attempts. Try again in ${Math.ceil(wait / 60)} minutes.` });
      expect((await request('10.0.0.3', 'someone-else@shop.example')).statusCode).toBe(200);
      // Signing in is not limited by these counters.
      expect((await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'target@shop.example', password: STRONG_PASSWORD } })).statusCode).toBe(200);
    });
  });

  describe('per address', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ RATE_LIMIT_ENABLED: 'true', AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '100' });
    });
    afterAll(async () => t.close());

    it('answers 429 once one address has spent its requests across emails and routes', async () => {
      const from = (ip: string, url: string, email: string) =>
        t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { origin: 'http://localhost:4300' }, payload: { email, password: 'wrong-password-1' } });
      expect((await from('10.1.0.1', '/api/business/auth/password-reset/request', 'a@shop.example')).statusCode).toBe(200);
      expect((await from('10.1.0.1', '/api/business/auth/password-reset/request', 'b@shop.example')).statusCode).toBe(200);
      expect((await from('10.1.0.1', '/api/business/auth/register', 'c@shop.example')).statusCode).not.toBe(429);
      const limited = await from('10.1.0.1', '/api/business/auth/password-reset/request', 'd@shop.example');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      // Malformed bodies from a limited address are refused before validation too.
      expect((await t.app.inject({ method: 'POST', url: '/api/business/auth/register', headers: { origin: 'http://localhost:4300' }, remoteAddress: '10.1.0.1', payload: {} })).statusCode).toBe(429);
      expect((await from('10.1.0.2', '/api/business/auth/password-reset/request', 'a@shop.example')).statusCode).toBe(200);
    });
  });
});

describe('limits shared by every API instance', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp({ RATE_LIMIT_ENABLED: 'true', AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    // A second instance on the same database.
    second = await buildTestApp({ RATE_LIMIT_ENABLED: 'true', AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100', DATABASE_URL: first.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("counts an email's reset requests on whichever instance they reach", async () => {
    const request = (t: TestApp, ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/shopper/auth/password-reset/request', remoteAddress: ip, headers: { origin: 'http://localhost:4200' }, payload: { email: 'Spread@Shop.example' } });
    expect((await request(first, '10.2.0.1')).statusCode).toBe(200);
    expect((await request(second, '10.2.0.2')).statusCode).toBe(200);
    expect((await request(first, '10.2.0.3')).statusCode).toBe(200);
    const limited = await request(second, '10.2.0.4');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The table holds digests, never the address or the email.
    const keys = await values<string>(first.app, 'SELECT key_hash FROM rate_limit_windows');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => /spread|10\.2\./i.test(key))).toBe(false);
  });

  it('starts a window again once it has ended, and prunes ended windows', async () => {
    const store = first.app.storage.rateLimits;
    expect(await store.hit('unit', 'k', 1_000, 10_000)).toEqual({ count: 1, resetAt: 11_000 });
    expect(await store.hit('unit', 'k', 1_000, 10_500)).toEqual({ count: 2, resetAt: 11_000 });
    expect(await store.hit('unit', 'k', 1_000, 11_000)).toEqual({ count: 1, resetAt: 12_000 });
    expect(await store.hit('unit', 'other', 1_000, 11_000)).toEqual({ count: 1, resetAt: 12_000 });
    expect(await store.prune(12_000)).toBeGreaterThanOrEqual(2);
    expect(await store.hit('unit', 'k', 1_000, 12_000)).toEqual({ count: 1, resetAt: 13_000 });
  });
});

describe('FixedWindowCounter', () => {
  it('allows max calls per key in a window, then answers the seconds until the window ends', () => {
    const counter = new FixedWindowCounter(2, 60_000);
    expect(counter.hit('a', 1_000)).toBe(0);
    expect(counter.hit('a', 2_000)).toBe(0);
    expect(counter.hit('a', 30_500)).toBe(31);
    expect(counter.hit('b', 30_500)).toBe(0);
    // The window of `a` started at 1 s and ends at 61 s: from then on it counts afresh.
    expect(counter.hit('a', 60_999)).toBe(1);
    expect(counter.hit('a', 61_000)).toBe(0);
  });

  it('drops ended windows and, when full, the oldest ones', () => {
    const counter = new FixedWindowCounter(1, 10_000, 3);
    counter.hit('a', 0);
    counter.hit('b', 5_000);
    counter.hit('c', 6_000);
    counter.prune(10_000);
    expect(counter.size).toBe(2);
    counter.hit('d', 7_000);
    // Full: `b`, the oldest window, made room for `e`; `c` still remembers its call, `b` does not.
    counter.hit('e', 8_000);
    expect(counter.size).toBe(3);
    expect(counter.hit('c', 8_000)).toBe(8);
    expect(counter.hit('b', 8_000)).toBe(0);
    expect(counter.hit('e', 8_500)).toBe(10);
  });
});
