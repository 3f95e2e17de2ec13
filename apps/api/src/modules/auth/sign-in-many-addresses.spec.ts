import type { FastifyInstance } from 'fastify';
import { AuthMessages } from '@pricehunt/contracts';
import { settableClock } from '../../lib/clock';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { call, emailsTo, lastEmailTo, registerBusiness, registerShopper, settle, STRONG_PASSWORD } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { rows } from '../../testing/db';
import { DEVICE_COOKIE, HOUR_MS } from './sign-in-guard';

// The password checks, watched: they still run (the real ones), so the test counts the guesses evaluated.
jest.mock('../../lib/password', () => {
  const actual = jest.requireActual<typeof import('../../lib/password')>('../../lib/password');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword), verifyAgainstDummy: jest.fn(actual.verifyAgainstDummy) };
});
const checks = () => (verifyPassword as jest.Mock).mock.calls.length + (verifyAgainstDummy as jest.Mock).mock.calls.length;

// The defaults (5 free failures per account from unknown devices, 15 evaluated an hour, 10 per device an hour), behind
// a proxy the API trusts, as nginx is in production: each attacker address arrives in X-Forwarded-For.
const ENV = { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '10.0.0.1' };
const OWNER = 'owner@shop.example';
const DEVICE = DEVICE_COOKIE.business.name;
const ATTACKERS = Array.from({ length: 30 }, (_, i) => `203.0.113.${i + 1}`);

function login(app: FastifyInstance, email: string, password: string, address: string, device?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/business/auth/login',
    remoteAddress: '10.0.0.1',
    headers: { origin: 'http://localhost:4300', 'x-forwarded-for': address, ...(device ? { cookie: `${DEVICE}=${device}` } : {}) },
    payload: { email, password },
  });
}
const deviceOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === DEVICE)?.value;

describe('password guessing from many addresses (per-account limit for unknown devices, trusted devices)', () => {
  const clock = settableClock(Date.UTC(2030, 0, 1));
  let t: TestApp;
  let second: TestApp;
  let device: string;
  let laptop: string;
  beforeAll(async () => {
    t = await buildTestApp(ENV, { clock });
    // A second instance on the same database: the counts live there, not in a process.
    second = await buildTestApp({ ...ENV, DATABASE_URL: t.databaseUrl }, { clock });
    await registerBusiness(t.app, OWNER);
    device = deviceOf(await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.7')) ?? '';
    laptop = deviceOf(await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.8')) ?? '';
    expect(device).not.toBe('');
    expect(laptop).not.toBe('');
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('evaluates at most 15 of 40 guesses from 30 addresses, refusing the right password past them, while the owner signs in', async () => {
    (verifyPassword as jest.Mock).mockClear();
    (verifyAgainstDummy as jest.Mock).mockClear();
    const statuses: number[] = [];
    const started = clock.now();
    for (let i = 0; i < 40; i++) {
      // Guess 35 is the right password; the attacker waits out every back-off shorter than 20 minutes.
      const instance = i % 2 ? second.app : t.app;
      const res = await login(instance, OWNER, i === 34 ? STRONG_PASSWORD : `guess-${i}-Tr0ub4dor`, ATTACKERS[i % 30] ?? '');
      statuses.push(res.statusCode);
      const wait = Number(res.headers['retry-after'] ?? 0);
      if (res.statusCode === 429 && wait < 1200) clock.set(clock.now() + wait * 1000);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(15);
    expect(checks()).toBe(15);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses[34]).toBe(429);
    // The 15 came within the hour (the back-off spread them over minutes, not seconds).
    expect(clock.now() - started).toBeLessThan(HOUR_MS);
    expect(clock.now() - started).toBeGreaterThan(5 * 60_000);

    // The right password from an unknown device is refused too, unchecked, with the pause's message and its wait.
    (verifyPassword as jest.Mock).mockClear();
    const paused = await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.99');
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', statusCode: 429 });
    expect(paused.json().error).toMatch(new RegExp(`^${AuthMessages.newDevicesPaused} Try again in \\d+ minutes, or sign in from a browser`));
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(40 * 60);
    expect(verifyPassword).not.toHaveBeenCalled();

    // The owner's known browser signs in, from any address and on either instance.
    const owner = await login(second.app, OWNER, STRONG_PASSWORD, ATTACKERS[0] ?? '', device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().business.email).toBe(OWNER);
    expect(deviceOf(owner)).toBe(device);
  });

  it('mails the owner once per pause', async () => {
    await settle();
    expect(await emailsTo(t.app, OWNER)).toBe(2);
    const notice = await lastEmailTo(t.app, OWNER, /new devices are paused/);
    expect(notice.subject).toBe('Sign-ins to your PriceHunt account from new devices are paused');
    expect(notice.text).toContain('15 times within the last hour');
    expect(notice.text).toContain('A browser you have signed in with before still signs in as usual.');
    expect(notice.text).toContain('http://localhost:4300/reset-password');
    for (let i = 0; i < 5; i++) await login(t.app, OWNER, `more-${i}-Tr0ub4dor`, `192.0.2.${i + 1}`);
    await settle();
    expect(await emailsTo(t.app, OWNER)).toBe(2);
  });

  it('ignores a forged or altered device cookie, and one of another account', async () => {
    const altered = `${device.slice(0, -1)}${device.endsWith('A') ? 'B' : 'A'}`;
    expect((await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.7', altered)).statusCode).toBe(429);
    expect((await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.7', 'x'.repeat(43))).statusCode).toBe(429);
    await registerBusiness(t.app, 'other@shop.example');
    const other = deviceOf(await login(t.app, 'other@shop.example', STRONG_PASSWORD, '198.51.100.50')) ?? '';
    expect((await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.50', other)).statusCode).toBe(429);
    // Only hashes are stored: the cookie's value is in no row.
    expect((await rows<{ token_hash: string }>(t.app, 'SELECT token_hash FROM trusted_devices')).map((row) => row.token_hash)).not.toContain(device);
  });

  it("gives each trusted device its own allowance of failures, after which it counts as unknown until the hour is over", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(t.app, OWNER, `typo-${i}-Tr0ub4dor`, '198.51.100.8', laptop)).statusCode);
    // Ten failures on the laptop; the eleventh attempt goes as an unknown device's, and those are paused.
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.8', laptop)).statusCode).toBe(429);
    // The other browser is not affected.
    expect((await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.7', device)).statusCode).toBe(200);
  });

  it('lets unknown devices try again once the hour is over', async () => {
    clock.set(clock.now() + HOUR_MS);
    const res = await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.99');
    expect(res.statusCode).toBe(200);
    expect((await login(t.app, OWNER, STRONG_PASSWORD, '198.51.100.8', laptop)).statusCode).toBe(200);
  });
});

describe('password guessing from many addresses at once, and a password reset during a pause', () => {
  const clock = settableClock(Date.UTC(2030, 0, 1));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(ENV, { clock });
  });
  afterAll(async () => t.close());

  it('evaluates no more than the free failures and one more when 40 guesses from 30 addresses come at once', async () => {
    await registerBusiness(t.app, 'burst@shop.example');
    (verifyPassword as jest.Mock).mockClear();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(t.app, 'burst@shop.example', `burst-${i}-Tr0ub4dor`, ATTACKERS[i % 30] ?? '')));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(34);
    expect(verifyPassword).toHaveBeenCalledTimes(6);
  });

  it('ends the pause with a password reset, so the owner signs in with the new password from a new device', async () => {
    await registerShopper(t.app, 'shopper@mail.example');
    const shopperLogin = (password: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shopper/auth/login',
        remoteAddress: '10.0.0.1',
        headers: { origin: 'http://localhost:4200', 'x-forwarded-for': address },
        payload: { email: 'shopper@mail.example', password },
      });
    for (let i = 0; i < 40; i++) {
      const res = await shopperLogin(`shopper-${i}-Tr0ub4dor`, ATTACKERS[i % 30] ?? '');
      if (res.statusCode === 429 && Number(res.headers['retry-after']) < 1200) clock.set(clock.now() + Number(res.headers['retry-after']) * 1000);
    }
    expect((await shopperLogin(STRONG_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    await call(t.app, 'POST', '/api/shopper/auth/password-reset/request', { body: { email: 'shopper@mail.example' } });
    const mail = await lastEmailTo(t.app, 'shopper@mail.example', /reset-password\?token=/);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    expect((await call(t.app, 'POST', '/api/shopper/auth/password-reset/confirm', { body: { token, password: 'brand-new-pass-9-Tr0ub4dor' } })).statusCode).toBe(200);
    expect((await shopperLogin('brand-new-pass-9-Tr0ub4dor', '198.51.100.1')).statusCode).toBe(200);
  });
});
