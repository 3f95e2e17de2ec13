import type { Db } from '../../db/client';
import { createBusiness } from '../business-auth/service';
import { createBusinessRepository } from '../business-auth/repository';

/** The demo admin of a development database; production databases get none (use `npm run admin:create`). */
export const DEMO_ADMIN_EMAIL = 'admin@pricehunt.local';
export const DEMO_ADMIN_PASSWORD = 'pricehunt-admin-1';

export type DemoAdminResult =
  | { created: boolean; email: string; password: string }
  | { created: false; skipped: 'production' };

/**
 * Makes the demo admin when the database has none of that email. In production it makes nothing: a known
 * password must never guard a real console, so the first admin there comes from the admin:create command.
 */
export async function seedDemoAdmin(db: Db, options: { production: boolean }): Promise<DemoAdminResult> {
  if (options.production) return { created: false, skipped: 'production' };
  const existing = createBusinessRepository(db).findByEmail(DEMO_ADMIN_EMAIL);
  if (existing) return { created: false, email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD };
  await createBusiness(db, { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD, isAdmin: true });
  return { created: true, email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD };
}

/** The line the seed prints about the admin login. */
export function describeDemoAdmin(result: DemoAdminResult): string {
  if ('skipped' in result) return 'admin console: no demo admin in production; create one with npm run admin:create -- --email <email>';
  return `admin console login: ${result.email} / ${result.password}${result.created ? '' : ' (already present)'}`;
}
