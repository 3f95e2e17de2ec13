import { lastEmailTo, registerShopper, STRONG_PASSWORD } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { present } from '@pricehunt/contracts';

const ORIGIN = 'http://localhost:4200';

describe('shopper password reset', () => {
  let t: TestApp;
  const post = (url: string, body: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload: body as object });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  async function tokenFor(email: string): Promise<string> {
    const mail = await lastEmailTo(t.app, email, /http:\/\/localhost:4200\/reset-password\?token=/);
    return present(present(/http:\/\/localhost:4200\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text))[1]);
  }

  beforeAll(async () => {
    t = await buildTestApp({ APP_ORIGINS: ORIGIN });
  });
  afterAll(async () => t.close());

  it('answers the same for unknown and known emails, and emails the link (or a note that there is no account) after the answer', async () => {
    await registerShopper(t.app, 'sam@example.com', STRONG_PASSWORD, { origin: ORIGIN });
    const known = await post('/api/shopper/auth/password-reset/request', { email: 'Sam@Example.com' });
    const unknown = await post('/api/shopper/auth/password-reset/request', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await tokenFor('sam@example.com')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await lastEmailTo(t.app, 'ghost@example.com')).text).toContain('there is no account for it');
  });

  it('sets the new password once, ends the old sessions and refuses the token again', async () => {
    const oldSession = (await registerShopper(t.app, 'reset@example.com', STRONG_PASSWORD, { origin: ORIGIN })).cookie;
    expect((await get('/api/shopper/auth/me', oldSession)).statusCode).toBe(200);
    await post('/api/shopper/auth/password-reset/request', { email: 'reset@example.com' });
    const token = await tokenFor('reset@example.com');
    // A refused password leaves the link usable.
    for (const [password, error] of [
      ['password1234', 'This password is among the most commonly used passwords; choose another'],
      ['RESET@example.com', 'The password must not be your email address'],
    ]) {
      const refused = await post('/api/shopper/auth/password-reset/confirm', { token, password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'password', error });
    }

    const confirm = await post('/api/shopper/auth/password-reset/confirm', { token, password: 'brand-new-pass-9' });
    expect(confirm.statusCode).toBe(200);
    expect((await get('/api/shopper/auth/me', oldSession)).statusCode).toBe(401);
    expect((await post('/api/shopper/auth/login', { email: 'reset@example.com', password: STRONG_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/shopper/auth/login', { email: 'reset@example.com', password: 'brand-new-pass-9' })).statusCode).toBe(200);

    const again = await post('/api/shopper/auth/password-reset/confirm', { token, password: 'another-pass-10' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, error: 'This reset link is invalid or has expired', field: 'token' });
  });

  it('names the field of bad input', async () => {
    const weak = await post('/api/shopper/auth/password-reset/confirm', { token: 'x'.repeat(40), password: 'short' });
    expect(weak.json()).toMatchObject({ statusCode: 400, field: 'password' });
    const noEmail = await post('/api/shopper/auth/password-reset/request', {});
    expect(noEmail.json()).toMatchObject({ statusCode: 400, field: 'email' });
  });
});
