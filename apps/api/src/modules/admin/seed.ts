import { DEMO_STORE } from '@pricehunt/catalog-feeds';
import type { BusinessAccountsRepository } from '@pricehunt/storage';
import { createBusiness } from '../business-auth/service';

/** The demo accounts of a development database; production databases get none (use `npm run admin:create`). */
export const DEMO_ADMIN_EMAIL = 'admin@pricehunt.local';
export const DEMO_ADMIN_PASSWORD = 'pricehunt-admin-1';
export const DEMO_MERCHANT_EMAIL = 'merchant@pricehunt.local';
export const DEMO_MERCHANT_PASSWORD = 'pricehunt-merchant-1';
/** The demo store `npm start` serves (tools/scripts/demo-store-server.ts): a name browsers keep on this machine. */
export const DEMO_MERCHANT_STORE = DEMO_STORE.domain;

export type DemoAccountResult =
  | { created: boolean; email: string; password: string }
  | { created: false; skipped: 'production' };

interface DemoAccount {
  email: string;
  password: string;
  isAdmin: boolean;
  storeDomain?: string;
  storeName?: string;
}

/**
 * Makes a demo account when the database has none of that email. In production it makes nothing: a known
 * password must never guard a real account, so the first admin there comes from the admin:create command.
 */
async function seedDemoAccount(businesses: BusinessAccountsRepository, account: DemoAccount, options: { production: boolean }): Promise<DemoAccountResult> {
  if (options.production) return { created: false, skipped: 'production' };
  const existing = await businesses.findByEmail(account.email);
  if (existing) return { created: false, email: account.email, password: account.password };
  await createBusiness(businesses, account);
  return { created: true, email: account.email, password: account.password };
}

export function seedDemoAdmin(businesses: BusinessAccountsRepository, options: { production: boolean }): Promise<DemoAccountResult> {
  return seedDemoAccount(businesses, { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD, isAdmin: true }, options);
}

/** A merchant with a Shopify store domain, so the dashboard can be tried without registering. */
export function seedDemoMerchant(businesses: BusinessAccountsRepository, options: { production: boolean }): Promise<DemoAccountResult> {
  return seedDemoAccount(
    businesses,
    { email: DEMO_MERCHANT_EMAIL, password: DEMO_MERCHANT_PASSWORD, isAdmin: false, storeDomain: DEMO_MERCHANT_STORE, storeName: DEMO_STORE.name },
    options,
  );
}

function describeDemoAccount(label: string, result: DemoAccountResult): string {
  if ('skipped' in result) return `${label}: no demo account in production`;
  return `${label} login: ${result.email} / ${result.password}${result.created ? '' : ' (already present)'}`;
}

/** The line the seed prints about the admin login. */
export function describeDemoAdmin(result: DemoAccountResult): string {
  if ('skipped' in result) return 'admin console: no demo admin in production; create one with npm run admin:create -- --email <email>';
  return describeDemoAccount('admin console', result);
}

/** The line the seed prints about the merchant login. */
export function describeDemoMerchant(result: DemoAccountResult): string {
  return describeDemoAccount('merchant dashboard', result);
}
