import type { FastifyInstance } from 'fastify';
import { call, cookieFrom, registerBusiness, STRONG_PASSWORD } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import type { AdminRepository } from '@pricehunt/storage';
import { createAdminService } from './service';

const ADMIN_ORIGIN = 'http://localhost:4400';

describe('admin edits made at the same time', () => {
  let t: TestApp;
  let cookie: string;

  const admin = (app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
    app.inject({ method, url, headers: { origin: ADMIN_ORIGIN, cookie }, ...(body ? { payload: body } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.businessAccounts.createOrPromoteAdmin('admin@example.com', STRONG_PASSWORD);
    const login = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'admin@example.com', password: STRONG_PASSWORD }, origin: ADMIN_ORIGIN });
    cookie = cookieFrom(login) as string;
    await t.app.catalog.ingestion.importOffers(
      [{ externalId: 'TV1', url: 'https://www.amazon.com/dp/B0BVXHT3MY', title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', brand: 'LG', priceCents: 149_999, currency: 'USD', availability: 'in_stock', condition: 'new' }],
      { format: 'gmc', source: 'test' },
    );
  });
  afterAll(async () => t.close());

  it('suspends a business once when two admins suspend it at once: the other is told it already is', async () => {
    const shop = await registerBusiness(t.app, 'shop@example.com');
    const answers = await Promise.all([1, 2].map(() => admin(t.app, 'POST', `/api/admin/businesses/${shop.business.id}/suspend`)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().error).toBe('This business is already suspended');
    const audit = (await admin(t.app, 'GET', `/api/admin/audit?businessId=${shop.business.id}`)).json();
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual(['business.suspend']);
  });

  it('decides a retailer edit again when another edit lands between its reading and its writing', async () => {
    const repo = t.app.storage.admin;
    let interleaved = false;
    const racing: AdminRepository = {
      ...repo,
      updateRetailer: async (input) => {
        if (!interleaved) {
          interleaved = true;
          const other = { ...input.expected, name: 'Amazon Two' };
          await repo.updateRetailer({ ...input, changes: { name: 'Amazon Two' }, audit: { ...input.audit, before: input.expected, after: other } });
        }
        return repo.updateRetailer(input);
      },
    };
    const service = createAdminService({ repo: racing, catalog: { ingestion: t.app.catalog.ingestion, repository: t.app.storage.catalog }, log: t.app.log });
    const retailer = await service.updateRetailer({ id: 'admin-id', email: 'admin@example.com' }, 'amazon', { affiliateParam: 'tag=one' });
    expect(retailer).toMatchObject({ name: 'Amazon Two', affiliateParam: 'tag=one' });
    const audit = (await admin(t.app, 'GET', '/api/admin/audit?action=retailer.update')).json();
    type Settings = { name: string; affiliateParam: string | null };
    const brief = (settings: Settings) => ({ name: settings.name, affiliateParam: settings.affiliateParam });
    expect(audit.items.map((entry: { before: Settings; after: Settings }) => [brief(entry.before), brief(entry.after)])).toEqual([
      [
        { name: 'Amazon Two', affiliateParam: null },
        { name: 'Amazon Two', affiliateParam: 'tag=one' },
      ],
      [
        { name: 'Amazon', affiliateParam: null },
        { name: 'Amazon Two', affiliateParam: null },
      ],
    ]);
  });
});
