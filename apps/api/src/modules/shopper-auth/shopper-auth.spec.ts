import { buildTestApp, type TestApp } from '../../testing/test-app';
import { present, registrationCheckInboxMessage } from '@pricehunt/contracts';
import { call, confirmationTokenFor, cookieFrom, lastEmailTo, registerBusiness, settle, SHOPPER_ORIGIN, STRONG_PASSWORD } from '../../testing/http';
import { row } from '../../testing/db';

describe('shopper accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('registers with "check your inbox"; the emailed link confirms the address and signs in', async () => {
    const res = await call(t.app, 'POST', '/api/shopper/auth/register', { body: { email: 'Ann@Mail.Example', password: STRONG_PASSWORD, displayName: 'Ann' }, origin: SHOPPER_ORIGIN });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: registrationCheckInboxMessage('ann@mail.example') });
    expect(cookieFrom(res)).toBeUndefined();
    const mail = await lastEmailTo(t.app, 'ann@mail.example', /confirm-email/);
    expect(mail.subject).toBe('Confirm your PriceHunt account');
    const token = await confirmationTokenFor(t.app, 'ann@mail.example');
    expect(mail.text).toContain(`http://localhost:4200/confirm-email?token=${token}`);
    const early = await call(t.app, 'POST', '/api/shopper/auth/login', { body: { email: 'ann@mail.example', password: STRONG_PASSWORD }, origin: SHOPPER_ORIGIN });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', error: 'Confirm your email first — we have sent you a new link' });
    await settle();

    const confirmed = await call(t.app, 'POST', '/api/shopper/auth/confirm-email', { body: { token: await confirmationTokenFor(t.app, 'ann@mail.example') }, origin: SHOPPER_ORIGIN });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, user: { email: 'ann@mail.example', displayName: 'Ann' } });
    expect(confirmed.json().user.createdAt).toBeDefined();
    expect(confirmed.json().user.updatedAt).toBeDefined();
    const me = await call(t.app, 'GET', '/api/shopper/auth/me', { cookie: cookieFrom(confirmed) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('ann@mail.example');
    const stored = await row<{ password_hash: string }>(t.app, 'SELECT password_hash FROM shoppers WHERE email = ?', ['ann@mail.example']);
    expect(stored?.password_hash).toMatch(/^\$scrypt\$v=1\$/);
  });

  it('answers a taken email exactly like a new one and mails its owner instead; bad input names the field', async () => {
    const taken = await call(t.app, 'POST', '/api/shopper/auth/register', { body: { email: 'ann@mail.example', password: 'another-pass-10' }, origin: SHOPPER_ORIGIN });
    const fresh = await call(t.app, 'POST', '/api/shopper/auth/register', { body: { email: 'bob@mail.example', password: 'another-pass-10' }, origin: SHOPPER_ORIGIN });
    expect(taken.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(202);
    expect(taken.json().message.replace('ann@mail.example', '<email>')).toBe(fresh.json().message.replace('bob@mail.example', '<email>'));
    const reminder = await lastEmailTo(t.app, 'ann@mail.example', /already has one/);
    expect(reminder.subject).toBe('You already have a PriceHunt account');
    expect(reminder.text).toContain('http://localhost:4200/login');
    expect(reminder.text).toContain('http://localhost:4200/reset-password');
    expect((await call(t.app, 'POST', '/api/shopper/auth/login', { body: { email: 'ann@mail.example', password: 'another-pass-10' }, origin: SHOPPER_ORIGIN })).statusCode).toBe(401);
    const bad = await call(t.app, 'POST', '/api/shopper/auth/register', { body: { email: 'ann', password: STRONG_PASSWORD } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
  });

  it.each([
    ['password1234', 'This password is among the most commonly used passwords; choose another'],
    ['aaaaaaaaa1', 'Password must be at least 12 characters'],
    ['          1a', 'The password repeats one character too much; choose another'],
    ['Weak.Sam@Mail.Example', 'The password must not be your email address'],
  ])('refuses the weak password %j naming the field', async (password, error) => {
    const res = await call(t.app, 'POST', '/api/shopper/auth/register', { body: { email: 'weak.sam@mail.example', password } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'password' });
    expect(res.json().error).toContain(error);
  });

  it('logs in, refuses wrong credentials with one message, and logs out', async () => {
    const wrong = await call(t.app, 'POST', '/api/shopper/auth/login', { body: { email: 'ann@mail.example', password: 'nope-nope-1' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid email or password');
    const ok = await call(t.app, 'POST', '/api/shopper/auth/login', { body: { email: 'ann@mail.example', password: STRONG_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const cookie = cookieFrom(ok);
    expect((await call(t.app, 'POST', '/api/shopper/auth/logout', { cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/shopper/auth/me', { cookie })).statusCode).toBe(401);
  });

  it('answers who is signed in on GET session, with user null (not a 401) for a signed-out visitor', async () => {
    const anonymous = await call(t.app, 'GET', '/api/shopper/auth/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ success: true, user: null });
    expect(anonymous.headers['set-cookie']).toBeUndefined();

    const ok = await call(t.app, 'POST', '/api/shopper/auth/login', { body: { email: 'ann@mail.example', password: STRONG_PASSWORD } });
    const cookie = cookieFrom(ok);
    const signedIn = await call(t.app, 'GET', '/api/shopper/auth/session', { cookie });
    expect(signedIn.json()).toMatchObject({ success: true, user: { email: 'ann@mail.example' } });
    await call(t.app, 'POST', '/api/shopper/auth/logout', { cookie });
    expect((await call(t.app, 'GET', '/api/shopper/auth/session', { cookie })).json()).toEqual({ success: true, user: null });
  });

  it('keeps its own key in the session: a shopper and a business sign in and out independently in one browser', async () => {
    const { cookie: businessCookie } = await registerBusiness(t.app, 'both@shop.example');
    const shopperLogin = await call(t.app, 'POST', '/api/shopper/auth/login', {
      body: { email: 'ann@mail.example', password: STRONG_PASSWORD },
      cookie: businessCookie,
    });
    const both = present(cookieFrom(shopperLogin));
    expect(both).not.toBe(businessCookie);
    expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: both })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/shopper/auth/me', { cookie: both })).statusCode).toBe(200);
    // A shopper session does not open the business area.
    const shopperOnly = cookieFrom(await call(t.app, 'POST', '/api/shopper/auth/login', { body: { email: 'ann@mail.example', password: STRONG_PASSWORD } }));
    expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: shopperOnly })).statusCode).toBe(401);

    const logout = await call(t.app, 'POST', '/api/business/auth/logout', { cookie: both });
    const rotated = present(cookieFrom(logout));
    expect(rotated).not.toBe(both);
    expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: rotated })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/shopper/auth/me', { cookie: rotated })).statusCode).toBe(200);
  });
});
