import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../build-app';
import { HttpError } from '@pricehunt/http-errors';
import { registerBusiness, registerShopper, STRONG_PASSWORD } from '../../testing/http';
import { settableClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { addressKey, createSignInGuard, DEVICE_COOKIE, tooManyAttemptsMessage, waitAfter } from './sign-in-guard';
import { rows, run, values } from '../../testing/db';
import { present } from '@pricehunt/contracts';

const LIMITS = { RATE_LIMIT_ENABLED: 'true', SIGN_IN_FREE_FAILURES: '3', SIGN_IN_FREE_FAILURES_PER_ADDRESS: '8', SIGN_IN_MAX_WAIT_SECONDS: '900' };
const DEVICE = DEVICE_COOKIE.business.name;

/** A sign-in from `address`, with the cookies given (session and trusted device), and headers. */
function login(app: FastifyInstance, email: string, password: string, address: string, options: { cookie?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/business/auth/login',
    remoteAddress: address,
    headers: { origin: 'http://localhost:4300', ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    payload: { email, password },
  });
}
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);
/** Moves every wait to the past, as the passing of time would. */
/**
 * The guard's clock stands still: a wait ends when a test says so, never because a slow machine spent a second
 * hashing a password between two attempts.
 */
const stoppedClock = () => settableClock(Date.now());
const waitsOver = (t: TestApp) => run(t.app, 'UPDATE sign_in_failures SET blocked_until = 0');
/**
 * Makes every running wait last a minute more: the first wait is a second, which a slow machine may spend hashing a
 * password or starting an app before the next attempt.
 */
const waitsLonger = (t: TestApp) => run(t.app, 'UPDATE sign_in_failures SET blocked_until = ? WHERE blocked_until > 0', [Date.now() + 60_000]);

describe('sign-in limits (by account and address, by address, trusted devices)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(LIMITS, { clock: stoppedClock() });
  });
  afterAll(async () => t.close());

  it('keeps the owner with a trusted-device cookie signing in while an attacker hammers the account, even from the same address', async () => {
    await registerBusiness(t.app, 'owner@shop.example');
    const first = await login(t.app, 'owner@shop.example', STRONG_PASSWORD, '198.51.100.7');
    expect(first.statusCode).toBe(200);
    const device = present(first.cookies.find((c) => c.name === DEVICE));
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/business/auth' });
    // Only the token's hash is stored, tied to the account.
    const stored = await rows<{ token_hash: string }>(t.app, 'SELECT token_hash FROM trusted_devices');
    expect(stored.some((row) => row.token_hash === device.value)).toBe(false);
    expect(stored).toHaveLength(1);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(t.app, 'owner@shop.example', `guess-number-${i}`, '203.0.113.9')).statusCode);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual(Array(8).fill(429));
    await waitsLonger(t);

    const deviceCookie = `${DEVICE}=${device.value}`;
    const owner = await login(t.app, 'owner@shop.example', STRONG_PASSWORD, '203.0.113.9', { cookie: deviceCookie });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().business.email).toBe('owner@shop.example');
    // Without the device cookie the same address still waits.
    expect((await login(t.app, 'owner@shop.example', STRONG_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    // A device cookie of another account opens nothing.
    await registerBusiness(t.app, 'other@shop.example');
    for (let i = 0; i < 4; i++) await login(t.app, 'other@shop.example', `other-guess-${i}`, '203.0.113.10');
    expect((await login(t.app, 'other@shop.example', STRONG_PASSWORD, '203.0.113.10', { cookie: deviceCookie })).statusCode).toBe(429);
  });

  it('makes unknown devices wait for seconds, doubling, when an attack is spread over addresses; the owner gets in once it is over', async () => {
    await registerBusiness(t.app, 'target@shop.example');
    // Five free failures of the account from unknown devices, whatever the addresses; the sixth starts its wait.
    for (let i = 0; i < 6; i++) expect((await login(t.app, 'target@shop.example', `attack-${i}`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    const delayed = await login(t.app, 'target@shop.example', STRONG_PASSWORD, '198.51.100.20');
    expect(delayed.statusCode).toBe(429);
    expect(retryAfter(delayed)).toBe(1);
    expect(delayed.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      error: 'Too many failed sign-ins to this account from new devices. Try again in 1 second, or sign in from a browser you have signed in with before.',
    });
    await waitsOver(t);
    expect((await login(t.app, 'target@shop.example', STRONG_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    // (A sign-in is counted as a failure until its password is checked: its wait stands for others meanwhile.)
    await waitsOver(t);
    // The next failure doubles the wait: 2 s.
    expect((await login(t.app, 'target@shop.example', 'typo-typo-typo-1', '198.51.100.21')).statusCode).toBe(401);
    expect(retryAfter(await login(t.app, 'target@shop.example', STRONG_PASSWORD, '198.51.100.21'))).toBe(2);
  });

  it('doubles the wait of one account and address after the free failures, with a truthful Retry-After', async () => {
    await registerBusiness(t.app, 'doubling@shop.example');
    const attempt = (i: number) => login(t.app, 'doubling@shop.example', `wrong-password-${i}`, '198.51.100.30');
    // Three free failures, and the fourth attempt is let through too: its failure starts the first wait.
    for (let i = 0; i < 4; i++) expect((await attempt(i)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 4; i < 8; i++) {
      const limited = await attempt(i);
      expect(limited.statusCode).toBe(429);
      waits.push(retryAfter(limited));
      await waitsOver(t);
      expect((await attempt(i)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
  });

  it('limits one address spraying many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(t.app, `sprayed-${i}@shop.example`, 'wrong-password-1', '198.51.100.40')).statusCode);
    // Eight free failures from the address, the ninth attempt starts its wait.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
    expect((await login(t.app, 'sprayed-new@shop.example', 'wrong-password-1', '198.51.100.40')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(t.app, 'sprayed-new@shop.example', 'wrong-password-1', '198.51.100.41')).statusCode).toBe(401);
  });

  it('counts a rotating X-Forwarded-For from a peer that is not a configured proxy as that peer', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await login(t.app, 'xff@shop.example', `xff-guess-${i}`, '203.0.113.50', { headers: { 'x-forwarded-for': `100.64.${i}.${i + 1}` } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('keeps its counters across a restart on the same database', async () => {
    for (let i = 0; i < 4; i++) await login(t.app, 'owner@shop.example', `restart-guess-${i}`, '203.0.113.60');
    expect((await login(t.app, 'owner@shop.example', STRONG_PASSWORD, '203.0.113.60')).statusCode).toBe(429);
    await waitsLonger(t);
    const second = await buildApp(t.config);
    try {
      const res = await login(second, 'owner@shop.example', STRONG_PASSWORD, '203.0.113.60');
      expect(res.statusCode).toBe(429);
      expect(retryAfter(res)).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it('applies to shopper sign-in too', async () => {
    await registerShopper(t.app, 'shopper@mail.example');
    const attempt = (password: string, address: string) =>
      t.app.inject({ method: 'POST', url: '/api/shopper/auth/login', remoteAddress: address, headers: { origin: 'http://localhost:4200' }, payload: { email: 'shopper@mail.example', password } });
    for (let i = 0; i < 4; i++) await attempt(`shopper-guess-${i}`, '203.0.113.70');
    const limited = await attempt(STRONG_PASSWORD, '203.0.113.70');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    const fresh = await attempt(STRONG_PASSWORD, '203.0.113.71');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.cookies.find((c) => c.name === DEVICE_COOKIE.shopper.name)?.path).toBe('/api/shopper/auth');
  });
});

describe('sign-in limits behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...LIMITS, TRUST_PROXY: '10.0.0.1' }, { clock: stoppedClock() });
    await registerBusiness(t.app, 'owner@shop.example');
  });
  afterAll(async () => t.close());

  it('believes X-Forwarded-For from the proxy only', async () => {
    // Through the proxy, two clients are two addresses.
    for (let i = 0; i < 4; i++) await login(t.app, 'owner@shop.example', `proxied-${i}`, '10.0.0.1', { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect((await login(t.app, 'owner@shop.example', STRONG_PASSWORD, '10.0.0.1', { headers: { 'x-forwarded-for': '198.51.100.1' } })).statusCode).toBe(429);
    expect((await login(t.app, 'owner@shop.example', STRONG_PASSWORD, '10.0.0.1', { headers: { 'x-forwarded-for': '198.51.100.2' } })).statusCode).toBe(200);
    // A client connecting directly cannot pick its address with the header.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await login(t.app, 'direct@shop.example', `direct-${i}`, '203.0.113.80', { headers: { 'x-forwarded-for': `198.51.100.${100 + i}` } })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});

describe('sign-in guard (service)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());
  it('lets at most one attempt per key past its free failures when many arrive at once', async () => {
    const signInGuard = createSignInGuard({ repo: t.app.storage.signInGuard, enabled: true, freeFailures: 2, freeFailuresPerAddress: 100, accountFreeFailures: 5, accountMaxPerHour: 15, deviceMaxPerHour: 10, maxWaitSeconds: 900 });
    let verified = 0;
    const wrong = () => {
      verified++;
      return new Promise<never>((_, reject) => setImmediate(() => reject(new HttpError(401, 'UNAUTHORIZED', 'Invalid email or password'))));
    };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => signInGuard.attempt({ audience: 'business', email: 'burst@shop.example', address: '192.0.2.100', accountId: undefined, deviceToken: undefined }, wrong)),
    );
    expect(verified).toBe(3);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as { statusCode: number }).statusCode === 429)).toHaveLength(17);
  });

  it('prunes failures a day old and expired devices', async () => {
    const now = 50 * 86_400_000;
    await run(t.app, 'INSERT INTO sign_in_failures (key, failures, last_failure_at, blocked_until) VALUES (?, 3, ?, 0), (?, 3, ?, 0)', [
      'business|old@x.example|192.0.2.1',
      now - 86_400_001,
      'business|new@x.example|192.0.2.1',
      now - 1000,
    ]);
    const guard = createSignInGuard({ repo: t.app.storage.signInGuard, enabled: true, freeFailures: 2, freeFailuresPerAddress: 100, accountFreeFailures: 5, accountMaxPerHour: 15, deviceMaxPerHour: 10, maxWaitSeconds: 900 });
    await guard.prune(now);
    const keys = await values<string>(t.app, 'SELECT key FROM sign_in_failures');
    expect(keys).toContain('business|new@x.example|192.0.2.1');
    expect(keys).not.toContain('business|old@x.example|192.0.2.1');
  });
});

describe('sign-in guard helpers', () => {
  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('waits nothing while free, then 1 s doubling up to the cap', () => {
    expect([3, 4, 5, 6, 20, 200].map((failures) => waitAfter(failures, 3, 900_000))).toEqual([0, 1000, 2000, 4000, 900_000, 900_000]);
  });

  it('says how long to wait', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyAttemptsMessage(64)).toBe('Too many attempts. Try again in 64 seconds.');
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Try again in 15 minutes.');
  });
});
