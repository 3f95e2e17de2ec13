import { eq } from 'drizzle-orm';
import { buildApp } from '../../build-app';
import { businesses, outboxEmails, sessions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { call, cookieFrom, registerBusiness, STRONG_PASSWORD } from '../../testing/http';

describe('business accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  describe('register', () => {
    it('creates the account, answers the business and signs it in with an httpOnly SameSite=Lax cookie', async () => {
      const res = await call(t.app, 'POST', '/api/business/auth/register', {
        body: { email: '  Owner@Shop.Example ', password: STRONG_PASSWORD, storeDomain: 'https://www.shop.example/', storeName: 'Shop' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        business: { email: 'owner@shop.example', storeDomain: 'shop.example', storeName: 'Shop', isAdmin: false, status: 'active' },
      });
      expect(res.json().business.passwordHash).toBeUndefined();
      const cookie = res.cookies.find((c) => c.name === 'pricehunt.sid')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.secure).toBeFalsy();
      const me = await call(t.app, 'GET', '/api/business/auth/me', { cookie: cookieFrom(res) });
      expect(me.statusCode).toBe(200);
      expect(me.json().business.email).toBe('owner@shop.example');
    });

    it('stores a scrypt hash, never the password', () => {
      const row = t.app.db.select().from(businesses).where(eq(businesses.email, 'owner@shop.example')).get()!;
      expect(row.passwordHash).toMatch(/^\$scrypt\$v=1\$n=32768,r=8,p=1\$/);
      expect(row.passwordHash).not.toContain(STRONG_PASSWORD);
    });

    it('refuses the same email again, whatever its case, with 409 naming email', async () => {
      const res = await call(t.app, 'POST', '/api/business/auth/register', { body: { email: 'OWNER@shop.example', password: STRONG_PASSWORD } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', error: 'An account with this email already exists', field: 'email' });
    });

    it('refuses a store domain another business has', async () => {
      const res = await call(t.app, 'POST', '/api/business/auth/register', {
        body: { email: 'other@shop.example', password: STRONG_PASSWORD, storeDomain: 'shop.example' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().field).toBe('storeDomain');
    });

    it.each([
      [{ email: 'not-an-email', password: STRONG_PASSWORD }, 'email', 'Enter a valid email address'],
      [{ password: STRONG_PASSWORD }, 'email', 'Email is required'],
      [{ email: 'a@b.example', password: 'short1' }, 'password', 'Password must be at least 12 characters'],
      [{ email: 'a@b.example', password: 'password1234' }, 'password', 'This password is among the most commonly used passwords; choose another'],
      [{ email: 'a@b.example', password: 'aaaaaaaaa1' }, 'password', 'Password must be at least 12 characters'],
      [{ email: 'a@b.example', password: 'aaaaaaaaaaa1' }, 'password', 'The password repeats one character too much; choose another'],
      [{ email: 'a@b.example', password: '          1a' }, 'password', 'The password repeats one character too much; choose another'],
      [{ email: 'long.name@b.example', password: 'Long.Name@B.Example' }, 'password', 'The password must not be your email address'],
      [{ email: 'a@b.example', password: STRONG_PASSWORD, storeDomain: 'not a domain' }, 'storeDomain', 'Enter a store domain such as shop.example.com'],
    ])('answers 400 naming the field for %j', async (body, field, message) => {
      const res = await call(t.app, 'POST', '/api/business/auth/register', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
      expect(res.json().error).toContain(message);
    });

    it('answers 400 for an empty body', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/business/auth/register', headers: { 'content-type': 'application/json' }, payload: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'body', error: 'Request body is required' });
      // No body and no content type at all: the same answer.
      const none = await call(t.app, 'POST', '/api/business/auth/login');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ field: 'body', error: 'Request body is required' });
      const broken = await t.app.inject({ method: 'POST', url: '/api/business/auth/login', headers: { 'content-type': 'application/json', origin: 'http://localhost:4300' }, payload: '{"email":' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ field: 'body', error: 'Request body is not valid JSON' });
      const empty = await call(t.app, 'POST', '/api/business/auth/register', { body: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().field).toBe('email');
    });
  });

  describe('login, me, logout', () => {
    beforeAll(async () => {
      await registerBusiness(t.app, 'login@shop.example');
    });

    it('signs in with the right password and rotates the session id', async () => {
      const first = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'login@shop.example', password: STRONG_PASSWORD } });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ success: true, business: { email: 'login@shop.example', isAdmin: false } });
      const before = cookieFrom(first)!;
      const second = await call(t.app, 'POST', '/api/business/auth/login', {
        body: { email: 'login@shop.example', password: STRONG_PASSWORD },
        cookie: before,
      });
      const after = cookieFrom(second)!;
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      // The old id no longer signs anyone in.
      expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: before })).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: after })).statusCode).toBe(200);
    });

    it('answers the same 401 for a wrong password and an unknown email', async () => {
      const wrong = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'login@shop.example', password: 'wrong-password-1' } });
      const unknown = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'nobody@shop.example', password: 'wrong-password-1' } });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', error: 'Invalid email or password' });
        expect(res.cookies.find((c) => c.name === 'pricehunt.sid')).toBeUndefined();
      }
    });

    it('answers 400 naming the field for a malformed login', async () => {
      const res = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'login@shop.example' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('password');
    });

    it('refuses a suspended business with 403', async () => {
      await registerBusiness(t.app, 'suspended@shop.example');
      t.app.db.update(businesses).set({ status: 'suspended' }).where(eq(businesses.email, 'suspended@shop.example')).run();
      const res = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'suspended@shop.example', password: STRONG_PASSWORD } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', error: 'This account is suspended' });
    });

    it('ends access at once when a signed-in business is suspended', async () => {
      const { cookie } = await registerBusiness(t.app, 'later-suspended@shop.example');
      t.app.db.update(businesses).set({ status: 'suspended' }).where(eq(businesses.email, 'later-suspended@shop.example')).run();
      const me = await call(t.app, 'GET', '/api/business/auth/me', { cookie });
      expect(me.statusCode).toBe(403);
      expect(me.json().error).toBe('This account is suspended');
    });

    it('answers me with the 401 envelope when signed out', async () => {
      const res = await call(t.app, 'GET', '/api/business/auth/me');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', statusCode: 401 });
    });

    it('logout destroys the session server-side and clears the cookie', async () => {
      const { cookie } = await registerBusiness(t.app, 'logout@shop.example');
      const sessionCount = () => t.app.db.select().from(sessions).all().length;
      const before = sessionCount();
      const res = await call(t.app, 'POST', '/api/business/auth/logout', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const cleared = res.cookies.find((c) => c.name === 'pricehunt.sid')!;
      expect(cleared.value).toBe('');
      expect(sessionCount()).toBe(before - 1);
      expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie })).statusCode).toBe(401);
      // Logging out again (or without a session) is harmless, also from a client that sends a JSON content type with no body.
      expect((await call(t.app, 'POST', '/api/business/auth/logout', { cookie })).statusCode).toBe(200);
      expect((await call(t.app, 'POST', '/api/business/auth/logout', { cookie, headers: { 'content-type': 'application/json' } })).statusCode).toBe(200);
    });

    it('a session expires at its end date', async () => {
      const { cookie, business } = await registerBusiness(t.app, 'expiry@shop.example');
      const row = t.app.db.select().from(sessions).where(eq(sessions.businessId, business.id)).get()!;
      expect(row.expiresAt).toBeGreaterThan(Date.now() + (t.config.SESSION_TTL_HOURS - 1) * 3600_000);
      t.app.db.update(sessions).set({ expiresAt: Date.now() - 1 }).where(eq(sessions.id, row.id)).run();
      expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie })).statusCode).toBe(401);
    });

    it('keeps sessions across an API restart on the same database', async () => {
      const { cookie } = await registerBusiness(t.app, 'restart@shop.example');
      const second = await buildApp(t.config);
      try {
        const me = await call(second, 'GET', '/api/business/auth/me', { cookie });
        expect(me.statusCode).toBe(200);
        expect(me.json().business.email).toBe('restart@shop.example');
      } finally {
        await second.close();
      }
    });
  });

  describe('password reset', () => {
    const tokenFromOutbox = (email: string) => {
      const rows = t.app.db.select().from(outboxEmails).where(eq(outboxEmails.to, email)).all();
      const text = rows.at(-1)?.text ?? '';
      const link = /http:\/\/localhost:4300\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
      return link?.[1];
    };
    // Mail delivery runs after the answer; let it finish.
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    it('answers the same for known and unknown emails and mails a link only to the account', async () => {
      await registerBusiness(t.app, 'reset@shop.example');
      const known = await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'Reset@Shop.Example' } });
      const unknown = await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'ghost@shop.example' } });
      await settle();
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(tokenFromOutbox('reset@shop.example')).toBeDefined();
      expect(t.app.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'ghost@shop.example')).all()).toHaveLength(0);
    });

    it('sets the new password with the token once, ends old sessions, and refuses the token a second time', async () => {
      const { cookie } = await registerBusiness(t.app, 'reset2@shop.example');
      await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'reset2@shop.example' } });
      await settle();
      const token = tokenFromOutbox('reset2@shop.example')!;
      // Only the hash of the token is stored.
      const stored = t.app.sqlite.prepare('select token_hash from password_reset_tokens').all() as Array<{ token_hash: string }>;
      expect(stored.some((row) => row.token_hash === token)).toBe(false);

      const confirm = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'brand-new-pass-9' } });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().success).toBe(true);
      expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie })).statusCode).toBe(401);

      const old = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'reset2@shop.example', password: STRONG_PASSWORD } });
      expect(old.statusCode).toBe(401);
      const fresh = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'reset2@shop.example', password: 'brand-new-pass-9' } });
      expect(fresh.statusCode).toBe(200);

      const again = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'another-pass-10' } });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ field: 'token', error: 'This reset link is invalid or has expired' });
    });

    it('refuses an expired token and a weak new password', async () => {
      await registerBusiness(t.app, 'reset3@shop.example');
      await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'reset3@shop.example' } });
      await settle();
      const token = tokenFromOutbox('reset3@shop.example')!;
      const weak = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'short' } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().field).toBe('password');
      const common = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'qwerty123456' } });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ field: 'password', error: 'This password is among the most commonly used passwords; choose another' });
      const own = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'reset3@shop.example' } });
      expect(own.json()).toMatchObject({ field: 'password', error: 'The password must not be your email address' });
      t.app.sqlite.prepare('update password_reset_tokens set expires_at = ?').run(Date.now() - 1);
      const expired = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'brand-new-pass-9' } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().field).toBe('token');
    });

    it('gives tokens a one-hour lifetime', async () => {
      await registerBusiness(t.app, 'reset4@shop.example');
      const before = Date.now();
      await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'reset4@shop.example' } });
      const row = t.app.sqlite.prepare('select expires_at from password_reset_tokens order by created_at desc limit 1').get() as { expires_at: number };
      expect(row.expires_at - before).toBeGreaterThanOrEqual(3600_000 - 1000);
      expect(row.expires_at - before).toBeLessThanOrEqual(3600_000 + 1000);
    });
  });
});
