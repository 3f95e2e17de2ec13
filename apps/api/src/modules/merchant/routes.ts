import { storeSourceUrl } from './store-adapters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  activityQuerySchema,
  activityResponseSchema,
  analyticsQuerySchema,
  analyticsResponseSchema,
  apiKeyResponseSchema,
  attributionResponseSchema,
  changePasswordBodySchema,
  conversionBodySchema,
  conversionResponseSchema,
  deleteAccountBodySchema,
  integrationResponseSchema,
  merchantSettingsSchema,
  rangeQuerySchema,
  setDomainBodySchema,
  storeSyncSchema,
  successResponseSchema,
  summaryResponseSchema,
  updateSettingsBodySchema,
  verifyDomainResponseSchema,
} from '@pricehunt/contracts';
import { z } from 'zod';
import { notFound, unauthorized } from '@pricehunt/http-errors';
import { errorResponses } from '../../lib/error-responses';
import { signOut } from '../auth/session';
import { TRACKING_SCRIPT, TRACKING_SCRIPT_ETAG } from './tracking-script';
import { orderLinesOf, type MerchantService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
/** The OpenAPI tag of the merchant dashboard's routes. */
export const tags = ['merchant'];

/** The signed-in business of a merchant route; 401 without one. */
export function businessIdOf(request: FastifyRequest): string {
  const id = request.business?.id;
  if (!id) throw unauthorized();
  return id;
}

/** Where stores load the tracking script from: PUBLIC_URL when configured, else the origin the dashboard was reached on. */
export function scriptUrlFor(request: FastifyRequest): string {
  const base = request.server.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  return new URL('/t.js', base).toString();
}

/** Dashboard routes; registered inside the business scope (signed-in, active business; CSRF origin check). */
/** What the dashboard's figures are reported in: the business's currency and attribution window. */
async function reportingSettings(merchant: MerchantService, businessId: string) {
  const s = await merchant.settingsRow(businessId);
  return { businessId, currency: s.currency, attributionWindowDays: s.attributionWindowDays };
}

export const merchantDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { merchant, analytics } = app;
  const settingsFor = (businessId: string) => reportingSettings(merchant, businessId);

  app.get('/dashboard/summary', { schema: { tags, querystring: rangeQuerySchema, response: { 200: summaryResponseSchema, ...errors } } }, async (request) =>
    analytics.summary(await settingsFor(businessIdOf(request)), request.query),
  );

  app.get('/analytics', { schema: { tags, querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema, ...errors } } }, async (request) =>
    analytics.analytics(await settingsFor(businessIdOf(request)), request.query),
  );

  app.get('/attribution', { schema: { tags, querystring: rangeQuerySchema, response: { 200: attributionResponseSchema, ...errors } } }, async (request) =>
    analytics.attribution(await settingsFor(businessIdOf(request)), request.query),
  );

  app.get('/activity', { schema: { tags, querystring: activityQuerySchema, response: { 200: activityResponseSchema, ...errors } } }, async (request) =>
    analytics.activity(businessIdOf(request), request.query),
  );

  app.get('/settings', { schema: { tags, response: { 200: merchantSettingsSchema, ...errors } } }, async (request) =>
    merchant.getSettings(businessIdOf(request)),
  );

  app.patch('/settings', { schema: { tags, body: updateSettingsBodySchema, response: { 200: merchantSettingsSchema, ...errors } } }, async (request) =>
    merchant.updateSettings(businessIdOf(request), request.body),
  );

  app.post('/settings/password', { schema: { tags, body: changePasswordBodySchema, response: { 200: successResponseSchema, ...errors } } }, async (request) => {
    await merchant.changePassword(businessIdOf(request), request.body.currentPassword, request.body.newPassword, request.session?.sessionId ?? null);
    return { success: true as const, message: 'Password changed' };
  });

  app.post('/settings/api-key', { schema: { tags, response: { 200: apiKeyResponseSchema, ...errors } } }, async (request) =>
    merchant.rotateApiKey(businessIdOf(request)),
  );

  app.delete('/account', { schema: { tags, body: deleteAccountBodySchema, response: { 200: successResponseSchema, ...errors } } }, async (request, reply) => {
    const businessId = businessIdOf(request);
    const removed = await merchant.deleteAccount(businessId, request.body.password);
    for (const productId of removed.productIds) await app.storage.catalog.refreshProduct(productId, new Date(app.clock.now()).toISOString());
    await signOut(request, reply, 'businessId');
    return { success: true as const, message: 'Account deleted' };
  });

  app.get('/integration', { schema: { tags, response: { 200: integrationResponseSchema, ...errors } } }, async (request) => {
    const businessId = businessIdOf(request);
    return merchant.integration(businessId, scriptUrlFor(request), await app.storage.merchantAnalytics.lastScriptEventAt(businessId));
  });

  app.put('/integration/domain', { schema: { tags, body: setDomainBodySchema, response: { 200: integrationResponseSchema, ...errors } } }, async (request) => {
    const businessId = businessIdOf(request);
    await merchant.setStoreDomain(businessId, request.body.storeDomain);
    return merchant.integration(businessId, scriptUrlFor(request), await app.storage.merchantAnalytics.lastScriptEventAt(businessId));
  });

  app.post('/integration/verify', { schema: { tags, response: { 200: verifyDomainResponseSchema, ...errors } } }, async (request) =>
    merchant.verifyDomain(businessIdOf(request), scriptUrlFor(request)),
  );

  const { feedSources } = app;
  app.post('/integration/shopify-sync', { schema: { tags, response: { 202: storeSyncSchema, ...errors } } }, async (request, reply) => {
    const businessId = businessIdOf(request);
    const sync = await app.storeSync.start(businessId);
    // From now on the store is refreshed on a schedule too (the Integrate page shows it with its runs).
    const retailer = await app.merchantRetailer(businessId);
    if (retailer) await feedSources.ensureStoreSource(businessId, retailer, storeSourceUrl(retailer, app.config.STORE_ORIGIN_OVERRIDES));
    return reply.status(202).send(sync);
  });

  app.get(
    '/integration/syncs/:id',
    { schema: { tags, params: z.object({ id: z.string().max(64) }), response: { 200: storeSyncSchema, ...errors } } },
    async (request) => {
      const sync = await app.storeSync.get(businessIdOf(request), request.params.id);
      if (!sync) throw notFound('Sync not found');
      return sync;
    },
  );
};

/** POST /api/merchant/conversions: a store's server reports an order with the business's API key (no cookies). */
export const merchantWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/conversions',
    {
      schema: {
        tags,
        headers: z.object({ authorization: z.string().optional() }),
        body: conversionBodySchema,
        response: { 200: conversionResponseSchema, 201: conversionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const businessId = await app.merchant.authenticateApiKey(request.headers.authorization);
      const body = request.body;
      const result = await app.merchant.recordConversion(businessId, {
        orderId: body.orderId,
        valueCents: Math.round(body.value * 100),
        currency: body.currency,
        referralId: body.referralId,
        source: 'webhook',
        occurredAt: body.occurredAt ? Date.parse(body.occurredAt) : undefined,
        lines: orderLinesOf(body.items),
      });
      return reply.status(result.duplicate ? 200 : 201).send({ success: true as const, ...result });
    },
  );
};

/** GET /t.js: the store tracking script, cacheable for an hour, revalidated by ETag. */
export const trackingScriptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/t.js', { schema: { hide: true } }, async (request, reply) => {
    reply
      .header('Content-Type', 'application/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600, stale-while-revalidate=86400')
      .header('ETag', TRACKING_SCRIPT_ETAG)
      .header('Access-Control-Allow-Origin', '*')
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (request.headers['if-none-match'] === TRACKING_SCRIPT_ETAG) return reply.status(304).send();
    return reply.send(TRACKING_SCRIPT);
  });
};
