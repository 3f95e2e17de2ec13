import { createOutboxMailer } from '@pricehunt/notifications';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { registerBusiness, STRONG_PASSWORD } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { createSignInGuard } from '../auth/sign-in-guard';
import { createBusinessAccountsService } from './service';
import { rows } from '../../testing/db';

// The hashing functions, watched: they still hash (the real ones run), so the test can count them.
jest.mock('../../lib/password', () => {
  const actual = jest.requireActual<typeof import('../../lib/password')>('../../lib/password');
  return {
    ...actual,
    hashPassword: jest.fn(actual.hashPassword),
    verifyPassword: jest.fn(actual.verifyPassword),
    verifyAgainstDummy: jest.fn(actual.verifyAgainstDummy),
  };
});

describe('business sign-in (service)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** The business accounts service of the app's storage, its sign-in guard on: `freeFailures` failures before any wait. */
  function serviceLimitingAfter(freeFailures: number, now: () => number) {
    const signInGuard = createSignInGuard({ repo: t.app.storage.signInGuard, enabled: true, freeFailures, freeFailuresPerAddress: 100, accountFreeFailures: 5, accountMaxPerHour: 15, deviceMaxPerHour: 10, maxWaitSeconds: 900, now });
    const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    return createBusinessAccountsService({
      repo: t.app.storage.businessAccounts,
      confirmations: t.app.storage.emailConfirmations,
      log,
      mailer: createOutboxMailer({ outbox: t.app.storage.outbox, log, printToLog: false }),
      config: { MERCHANT_APP_URL: 'http://localhost:4300', PASSWORD_RESET_TTL_MINUTES: 60 },
      signInGuard,
    });
  }

  it('computes no password hash once an attempt is limited', async () => {
    let now = 1_000_000;
    const service = serviceLimitingAfter(2, () => now);
    await registerBusiness(t.app, 'hashed@shop.example');
    const attempt = (password: string, email = 'hashed@shop.example') => service.signIn({ email, password, address: '192.0.2.99' });
    const hashing = [verifyPassword, verifyAgainstDummy, hashPassword] as jest.Mock[];
    const calls = () => hashing.reduce((sum, fn) => sum + fn.mock.calls.length, 0);
    for (const fn of hashing) fn.mockClear();

    // Two free failures, the third attempt is let through and starts a 1 s wait.
    for (let i = 0; i < 3; i++) await expect(attempt(`wrong-password-${i}`)).rejects.toMatchObject({ statusCode: 401 });
    expect(verifyPassword).toHaveBeenCalledTimes(3);
    for (const fn of hashing) fn.mockClear();

    await expect(attempt(STRONG_PASSWORD)).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 1, message: 'Too many attempts. Try again in 1 second.' });
    now += 500;
    await expect(attempt('wrong-password-x')).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 1 });
    expect(calls()).toBe(0);

    // Once the wait is over the password is checked again, and the right one gets in.
    now += 600;
    await expect(attempt(STRONG_PASSWORD)).resolves.toMatchObject({ business: { email: 'hashed@shop.example' }, deviceToken: expect.any(String) });
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    expect(await rows(t.app, 'SELECT key FROM sign_in_failures WHERE key = ?', ['business|hashed@shop.example|192.0.2.99'])).toHaveLength(0);
  });

  it('computes no hash for an unknown email once its address is limited', async () => {
    let now = 5_000_000;
    const service = serviceLimitingAfter(1, () => now);
    const attempt = () => service.signIn({ email: 'nobody@shop.example', password: 'wrong-password-1', address: '192.0.2.98' });
    await expect(attempt()).rejects.toMatchObject({ statusCode: 401 });
    await expect(attempt()).rejects.toMatchObject({ statusCode: 401 });
    (verifyAgainstDummy as jest.Mock).mockClear();
    (verifyPassword as jest.Mock).mockClear();
    now += 10;
    await expect(attempt()).rejects.toMatchObject({ statusCode: 429 });
    expect(verifyAgainstDummy).not.toHaveBeenCalled();
    expect(verifyPassword).not.toHaveBeenCalled();
  });
});
