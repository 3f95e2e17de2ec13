import { eq } from 'drizzle-orm';
import { shoppers } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { call, cookieFrom, registerBusiness, STRONG_PASSWORD } from '../../testing/http';

describe('shopper accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('registers, answers the user and signs in', async () => {
    const res = await call(t.app, 'POST', '/api/shopper/auth/register', { body: { email: 'Ann@Mail.Example', password: STRONG_PASSWORD, displayName: 'Ann' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, user: { email: 'ann@mail.example', displayName: 'Ann' } });
    expect(res.json().user.createdAt).toBeDefined();
    expect(res.json().user.updatedAt).toBeDefined();
    const me = await call(t.app, 'GET', '/api/shopper/auth/me', { cookie: cookieFrom(res) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('ann@mail.example');
    const row = t.app.db.select().from(shoppers).where(eq(shoppers.email, 'ann@mail.example')).get()!;
    expect(row.passwordHash).toMatch(/^\$scrypt\$v=1\$/);
  });

  it('refuses a duplicate email and bad input naming the field', async () => {
    const dup = await call(t.app, 'POST', '/api/shopper/auth/register', { body: { email: 'ann@mail.example', password: STRONG_PASSWORD } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ field: 'email', error: 'An account with this email already exists' });
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
    const both = cookieFrom(shopperLogin)!;
    expect(both).not.toBe(businessCookie);
    expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: both })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/shopper/auth/me', { cookie: both })).statusCode).toBe(200);
    // A shopper session does not open the business area.
    const shopperOnly = cookieFrom(await call(t.app, 'POST', '/api/shopper/auth/login', { body: { email: 'ann@mail.example', password: STRONG_PASSWORD } }));
    expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: shopperOnly })).statusCode).toBe(401);

    const logout = await call(t.app, 'POST', '/api/business/auth/logout', { cookie: both });
    const rotated = cookieFrom(logout)!;
    expect(rotated).not.toBe(both);
    expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: rotated })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/shopper/auth/me', { cookie: rotated })).statusCode).toBe(200);
  });
});
