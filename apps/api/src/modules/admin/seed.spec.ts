import { buildTestApp, type TestApp } from '../../testing/test-app';
import { call } from '../../testing/http';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_MERCHANT_EMAIL,
  demoPasswords,
  DEMO_MERCHANT_STORE,
  describeDemoAdmin,
  describeDemoMerchant,
  seedDemoAdmin,
  seedDemoMerchant,
} from './seed';
import { value } from '../../testing/db';

describe('demo admin seed', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('makes an admin that can log in, once', async () => {
    const first = await seedDemoAdmin(t.app.storage.businessAccounts, { production: false });
    expect(first).toEqual({ created: true, email: DEMO_ADMIN_EMAIL, password: demoPasswords().admin });
    expect(await seedDemoAdmin(t.app.storage.businessAccounts, { production: false })).toMatchObject({ created: false });
    expect(describeDemoAdmin(first)).toBe(`admin console login: ${DEMO_ADMIN_EMAIL} / ${demoPasswords().admin}`);
    const res = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: DEMO_ADMIN_EMAIL, password: demoPasswords().admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().business.isAdmin).toBe(true);
  });

  it('makes no admin with a known password in production', async () => {
    const result = await seedDemoAdmin(t.app.storage.businessAccounts, { production: true });
    expect(result).toEqual({ created: false, skipped: 'production' });
    expect(describeDemoAdmin(result)).toMatch(/npm run admin:create/);
    expect(await value(t.app, 'SELECT count(*) FROM businesses')).toBe(0);
  });

  it('makes a merchant with a Shopify store that can log in, and none in production', async () => {
    const result = await seedDemoMerchant(t.app.storage.businessAccounts, { production: false });
    expect(describeDemoMerchant(result)).toBe(`merchant dashboard login: ${DEMO_MERCHANT_EMAIL} / ${demoPasswords().merchant}`);
    const res = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: DEMO_MERCHANT_EMAIL, password: demoPasswords().merchant } });
    expect(res.statusCode).toBe(200);
    expect(res.json().business).toMatchObject({ isAdmin: false, storeDomain: DEMO_MERCHANT_STORE });
    expect(await seedDemoMerchant(t.app.storage.businessAccounts, { production: true })).toEqual({ created: false, skipped: 'production' });
  });
});
