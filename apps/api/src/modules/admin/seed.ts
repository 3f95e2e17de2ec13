import { DEMO_STORE } from '@pricehunt/catalog-feeds';
import type { BusinessAccountsRepository } from '@pricehunt/storage';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import { createBusiness } from '../business-auth/service';

/** The demo accounts of a development database; production databases get none (use `npm run admin:create`). */
export const DEMO_ADMIN_EMAIL = 'admin@pricehunt.local';
export const DEMO_MERCHANT_EMAIL = 'merchant@pricehunt.local';

/**
 * The demo accounts' passwords: generated (random, far above the password policy's bar) the first time a seed runs on
 * this checkout and kept in DEMO_LOGINS_FILE (`data/demo-logins.json`, readable by its owner only), so every later seed,
 * `npm start` and the demo traffic use the same ones. The seed prints them (`<email> / <password>`).
 */
export function demoPasswords(file = process.env.DEMO_LOGINS_FILE ?? path.join('data', 'demo-logins.json')): { admin: string; merchant: string } {
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { admin?: unknown; merchant?: unknown };
    if (typeof kept.admin === 'string' && typeof kept.merchant === 'string') return { admin: kept.admin, merchant: kept.merchant };
  } catch {
    // None yet (or unreadable): new ones.
  }
  const made = { admin: randomBytes(15).toString('base64url'), merchant: randomBytes(15).toString('base64url') };
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(made)}\n`, { mode: 0o600 });
  return made;
}
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
 * Makes a demo account when the database has none of that email (the password goes through the policy like any other).
 * In production it makes nothing: a password kept in a file must never guard a real account, so the first admin there comes from the admin:create command.
 */
async function seedDemoAccount(businesses: BusinessAccountsRepository, account: DemoAccount, options: { production: boolean }): Promise<DemoAccountResult> {
  if (options.production) return { created: false, skipped: 'production' };
  const existing = await businesses.findByEmail(account.email);
  if (existing) {
    // A demo account of an older seed (another password): given this checkout's demo password.
    if (!(await verifyPassword(account.password, existing.passwordHash))) await businesses.update(existing.id, { passwordHash: await hashPassword(account.password) });
    return { created: false, email: account.email, password: account.password };
  }
  await createBusiness(businesses, account);
  return { created: true, email: account.email, password: account.password };
}

export function seedDemoAdmin(businesses: BusinessAccountsRepository, options: { production: boolean }): Promise<DemoAccountResult> {
  return seedDemoAccount(businesses, { email: DEMO_ADMIN_EMAIL, password: demoPasswords().admin, isAdmin: true }, options);
}

/** A merchant with a Shopify store domain, so the dashboard can be tried without registering. */
export function seedDemoMerchant(businesses: BusinessAccountsRepository, options: { production: boolean }): Promise<DemoAccountResult> {
  return seedDemoAccount(
    businesses,
    { email: DEMO_MERCHANT_EMAIL, password: demoPasswords().merchant, isAdmin: false, storeDomain: DEMO_MERCHANT_STORE, storeName: DEMO_STORE.name },
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
