import { buildApp } from '../../build-app';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { present, registrationCheckInboxMessage } from '@pricehunt/contracts';
import { call, confirmationTokenFor, cookieFrom, emailsTo, lastEmailTo, registerBusiness, settle, STRONG_PASSWORD } from '../../testing/http';
import { itOnEngine, row, rows, run, value } from '../../testing/db';

describe('business accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  describe('register', () => {
    it('answers "check your inbox", and the emailed link confirms the address and signs in with an httpOnly SameSite=Lax cookie', async () => {
      const res = await call(t.app, 'POST', '/api/business/auth/register', {
        body: { email: '  Owner@Shop.Example ', password: STRONG_PASSWORD, storeDomain: 'https://www.shop.example/', storeName: 'Shop' },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ success: true, message: registrationCheckInboxMessage('owner@shop.example') });
      expect(res.cookies.find((c) => c.name === 'pricehunt.sid')).toBeUndefined();

      const mail = await lastEmailTo(t.app, 'owner@shop.example');
      expect(mail.subject).toBe('Confirm your PriceHunt business account');
      const token = await confirmationTokenFor(t.app, 'owner@shop.example');
      expect(mail.text).toContain(`http://localhost:4300/confirm-email?token=${token}`);
      // Not confirmed yet: the right password says so (and mails a new link), a wrong one is just wrong.
      const early = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'owner@shop.example', password: STRONG_PASSWORD } });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', error: 'Confirm your email first — we have sent you a new link' });
      const wrong = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'owner@shop.example', password: 'wrong-password-1' } });
      expect(wrong.statusCode).toBe(401);
      await settle();
      const newToken = await confirmationTokenFor(t.app, 'owner@shop.example');
      expect(newToken).not.toBe(token);
      // The newest link is the one that works.
      expect((await call(t.app, 'POST', '/api/business/auth/confirm-email', { body: { token } })).json()).toMatchObject({ field: 'token', error: 'This confirmation link is invalid or has expired' });

      const confirmed = await call(t.app, 'POST', '/api/business/auth/confirm-email', { body: { token: newToken } });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        success: true,
        business: { email: 'owner@shop.example', storeDomain: 'shop.example', storeName: 'Shop', isAdmin: false, status: 'active' },
      });
      expect(confirmed.json().business.passwordHash).toBeUndefined();
      const cookie = present(confirmed.cookies.find((c) => c.name === 'pricehunt.sid'));
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.secure).toBeFalsy();
      const me = await call(t.app, 'GET', '/api/business/auth/me', { cookie: cookieFrom(confirmed) });
      expect(me.statusCode).toBe(200);
      expect(me.json().business.email).toBe('owner@shop.example');
      // A link works once.
      expect((await call(t.app, 'POST', '/api/business/auth/confirm-email', { body: { token: newToken } })).statusCode).toBe(400);
      expect((await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'owner@shop.example', password: STRONG_PASSWORD } })).statusCode).toBe(200);
    });

    it('stores a scrypt hash, never the password', async () => {
      const hash = await value<string>(t.app, 'SELECT password_hash FROM businesses WHERE email = ?', ['owner@shop.example']);
      expect(hash).toMatch(/^\$scrypt\$v=1\$n=32768,r=8,p=1\$/);
      expect(hash).not.toContain(STRONG_PASSWORD);
    });

    it('answers a taken email exactly like a new one, and mails its owner that they have an account', async () => {
      const taken = await call(t.app, 'POST', '/api/business/auth/register', { body: { email: 'OWNER@shop.example', password: 'another-pass-10' } });
      const fresh = await call(t.app, 'POST', '/api/business/auth/register', { body: { email: 'newcomer@shop.example', password: 'another-pass-10' } });
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.statusCode).toBe(202);
      const withoutAddress = (res: typeof taken) => ({ ...res.json(), message: res.json().message.replace(/\S+@shop\.example/, '<email>') });
      expect(withoutAddress(taken)).toEqual(withoutAddress(fresh));
      expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

      const reminder = await lastEmailTo(t.app, 'owner@shop.example', /already has one/);
      expect(reminder.subject).toBe('You already have a PriceHunt business account');
      expect(reminder.text).toContain('http://localhost:4300/business-login');
      expect(reminder.text).toContain('http://localhost:4300/reset-password');
      // The account is untouched: its password is still the old one.
      expect((await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'owner@shop.example', password: 'another-pass-10' } })).statusCode).toBe(401);
      expect(await confirmationTokenFor(t.app, 'newcomer@shop.example')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    });

    it('lets an unconfirmed address register again: the newest password wins once its link is opened', async () => {
      await call(t.app, 'POST', '/api/business/auth/register', { body: { email: 'twice@shop.example', password: 'first-pass-word-1' } });
      const first = await confirmationTokenFor(t.app, 'twice@shop.example');
      await call(t.app, 'POST', '/api/business/auth/register', { body: { email: 'twice@shop.example', password: 'second-pass-word-2' } });
      await settle();
      const second = await confirmationTokenFor(t.app, 'twice@shop.example');
      expect(second).not.toBe(first);
      expect((await call(t.app, 'POST', '/api/business/auth/confirm-email', { body: { token: first } })).statusCode).toBe(400);
      expect((await call(t.app, 'POST', '/api/business/auth/confirm-email', { body: { token: second } })).statusCode).toBe(200);
      expect((await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'twice@shop.example', password: 'first-pass-word-1' } })).statusCode).toBe(401);
      expect((await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'twice@shop.example', password: 'second-pass-word-2' } })).statusCode).toBe(200);
    });

    // What the service does before its answer is the same code on either engine. Only SQLite's synchronous reads see
    // the tables at the moment the answer comes back: on PostgreSQL the work that follows the answer can commit while
    // the count is on its way.
    itOnEngine('sqlite', 'does the same work for a taken and a new email: the password is hashed, and nothing else happens before the answer', async () => {
      const service = t.app.businessAccounts;
      const writes = () => value<number>(t.app, 'SELECT (SELECT count(*) FROM businesses) + (SELECT count(*) FROM outbox_emails) + (SELECT count(*) FROM email_confirmation_tokens) AS n');
      await settle();
      const before = await writes();
      const takenMessage = await service.register({ email: 'owner@shop.example', password: 'another-pass-11' });
      expect(await writes()).toBe(before);
      await settle();
      const between = await writes();
      const freshMessage = await service.register({ email: 'fresh-work@shop.example', password: 'another-pass-11' });
      expect(await writes()).toBe(between);
      expect(takenMessage.replace('owner@shop.example', '<email>')).toBe(freshMessage.replace('fresh-work@shop.example', '<email>'));
      await settle();
      // After the answers, each address got one email.
      expect(await emailsTo(t.app, 'fresh-work@shop.example')).toBe(1);
      expect((await lastEmailTo(t.app, 'owner@shop.example')).subject).toBe('You already have a PriceHunt business account');
    });

    it('takes a store domain another business only claimed: a claim blocks nobody (a proved one does, see referral-event.spec)', async () => {
      const res = await call(t.app, 'POST', '/api/business/auth/register', {
        body: { email: 'other@shop.example', password: STRONG_PASSWORD, storeDomain: 'shop.example' },
      });
      expect(res.statusCode).toBe(202);
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
      const res = await t.app.inject({ method: 'POST', url: '/api/business/auth/register', headers: { origin: 'http://localhost:4300', 'content-type': 'application/json' }, payload: '' });
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
      const before = present(cookieFrom(first));
      const second = await call(t.app, 'POST', '/api/business/auth/login', {
        body: { email: 'login@shop.example', password: STRONG_PASSWORD },
        cookie: before,
      });
      const after = present(cookieFrom(second));
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
      await run(t.app, "UPDATE businesses SET status = 'suspended' WHERE email = ?", ['suspended@shop.example']);
      const res = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'suspended@shop.example', password: STRONG_PASSWORD } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', error: 'This account is suspended' });
    });

    it('ends access at once when a signed-in business is suspended', async () => {
      const { cookie } = await registerBusiness(t.app, 'later-suspended@shop.example');
      await run(t.app, "UPDATE businesses SET status = 'suspended' WHERE email = ?", ['later-suspended@shop.example']);
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
      const sessionCount = () => value<number>(t.app, 'SELECT count(*) FROM sessions');
      const before = await sessionCount();
      const res = await call(t.app, 'POST', '/api/business/auth/logout', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const cleared = present(res.cookies.find((c) => c.name === 'pricehunt.sid'));
      expect(cleared.value).toBe('');
      expect(await sessionCount()).toBe(before - 1);
      expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie })).statusCode).toBe(401);
      // Logging out again (or without a session) is harmless, also from a client that sends a JSON content type with no body.
      expect((await call(t.app, 'POST', '/api/business/auth/logout', { cookie })).statusCode).toBe(200);
      expect((await call(t.app, 'POST', '/api/business/auth/logout', { cookie, headers: { 'content-type': 'application/json' } })).statusCode).toBe(200);
    });

    it('a session expires at its end date', async () => {
      const { cookie, business } = await registerBusiness(t.app, 'expiry@shop.example');
      const session = present(await row<{ id: string; expiresAt: number }>(t.app, 'SELECT id, expires_at AS "expiresAt" FROM sessions WHERE business_id = ?', [business.id]));
      expect(session.expiresAt).toBeGreaterThan(Date.now() + (t.config.SESSION_TTL_HOURS - 1) * 3600_000);
      await run(t.app, 'UPDATE sessions SET expires_at = ? WHERE id = ?', [Date.now() - 1, session.id]);
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
    const tokenFromOutbox = async (email: string) => {
      const text = (await value<string | undefined>(t.app, 'SELECT text FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC, id DESC LIMIT 1', [email])) ?? '';
      const link = /http:\/\/localhost:4300\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
      return link?.[1];
    };

    it('takes the same path for known and unknown emails: one answer, nothing written before it, one email after it', async () => {
      await registerBusiness(t.app, 'reset@shop.example');
      await settle();
      const tokens = () => value<number>(t.app, 'SELECT count(*) AS n FROM password_reset_tokens');
      const outbox = () => value<number>(t.app, 'SELECT count(*) AS n FROM outbox_emails');
      const [tokensBefore, outboxBefore] = [await tokens(), await outbox()];
      // The answer is given at once, a plain string: it cannot wait for the account's lookup or any write (those run
      // after it, on a later turn of the event loop, which a read of the counts here may already reach).
      const knownAnswer: unknown = t.app.businessAccounts.requestPasswordReset('Reset@Shop.Example');
      const unknownAnswer: unknown = t.app.businessAccounts.requestPasswordReset('ghost@shop.example');
      expect(typeof knownAnswer).toBe('string');
      expect(knownAnswer).toBe(unknownAnswer);
      await settle();
      expect(await outbox()).toBe(outboxBefore + 2);
      expect(await tokens()).toBe(tokensBefore + 1);
      expect(await tokenFromOutbox('reset@shop.example')).toBeDefined();
      const note = await lastEmailTo(t.app, 'ghost@shop.example');
      expect(note.text).toContain('there is no account for it');
      expect(note.text).toContain('http://localhost:4300/business/register');

      const known = await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'Reset@Shop.Example' } });
      const unknown = await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'ghost@shop.example' } });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
    });

    it('confirms the email of an account whose password is reset by link', async () => {
      await call(t.app, 'POST', '/api/business/auth/register', { body: { email: 'unconfirmed@shop.example', password: STRONG_PASSWORD } });
      await confirmationTokenFor(t.app, 'unconfirmed@shop.example');
      await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'unconfirmed@shop.example' } });
      await settle();
      const token = present(await tokenFromOutbox('unconfirmed@shop.example'));
      expect((await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'brand-new-pass-9' } })).statusCode).toBe(200);
      expect((await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'unconfirmed@shop.example', password: 'brand-new-pass-9' } })).statusCode).toBe(200);
    });

    it('sets the new password with the token once, ends old sessions, and refuses the token a second time', async () => {
      const { cookie } = await registerBusiness(t.app, 'reset2@shop.example');
      await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'reset2@shop.example' } });
      await settle();
      const token = present(await tokenFromOutbox('reset2@shop.example'));
      // Only the hash of the token is stored.
      const stored = await rows<{ token_hash: string }>(t.app, 'select token_hash from password_reset_tokens');
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
      const token = present(await tokenFromOutbox('reset3@shop.example'));
      const weak = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'short' } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().field).toBe('password');
      const common = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'qwerty123456' } });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ field: 'password', error: 'This password is among the most commonly used passwords; choose another' });
      const own = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'reset3@shop.example' } });
      expect(own.json()).toMatchObject({ field: 'password', error: 'The password must not be your email address' });
      await run(t.app, 'update password_reset_tokens set expires_at = ?', [Date.now() - 1]);
      const expired = await call(t.app, 'POST', '/api/business/auth/password-reset/confirm', { body: { token, password: 'brand-new-pass-9' } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().field).toBe('token');
    });

    it('gives tokens a one-hour lifetime', async () => {
      await registerBusiness(t.app, 'reset4@shop.example');
      const before = Date.now();
      await call(t.app, 'POST', '/api/business/auth/password-reset/request', { body: { email: 'reset4@shop.example' } });
      await settle();
      const expiresAt = await value<number>(t.app, 'select expires_at from password_reset_tokens order by created_at desc, id desc limit 1');
      expect(expiresAt - before).toBeGreaterThanOrEqual(3600_000 - 1000);
      expect(expiresAt - before).toBeLessThanOrEqual(3600_000 + 1000);
    });
  });
});
