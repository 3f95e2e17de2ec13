import {
  errorEnvelopeSchema,
  feedSourceCreateBodySchema,
  feedSourceDeletedResponseSchema,
  feedSourceDetailResponseSchema,
  feedSourceListResponseSchema,
  FeedSourceMessages,
  feedSourceParamsSchema,
  feedSourceResponseSchema,
  feedSourceUpdateBodySchema,
  merchantFeedSourceBodySchema,
} from '@pricehunt/contracts';
import { conflict, HttpError, unauthorized } from '@pricehunt/http-errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeedSourceActor } from './service';

const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const invalid = { 400: errorEnvelopeSchema, ...denied };
const missing = { ...invalid, 404: errorEnvelopeSchema };
const clash = { ...missing, 409: errorEnvelopeSchema };
const security = [{ session: [] }];

function adminOf(request: FastifyRequest): FeedSourceActor {
  const business = request.business;
  // The admin scope's hook has set it; reaching here without one is a wiring mistake.
  if (!business) throw new HttpError(500, 'INTERNAL_ERROR', 'Admin route reached without a signed-in admin');
  return { kind: 'admin', id: business.id, email: business.email };
}

/** /api/admin/feed-sources: the feeds the workers refresh (registered inside `adminScope`). */
export const adminFeedSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.feedSources;
  const tags = ['admin'];

  app.get('/', { schema: { tags, security, response: { 200: feedSourceListResponseSchema, ...denied } } }, async (request) => ({
    success: true as const,
    items: await service.list(adminOf(request)),
  }));

  app.post(
    '/',
    { schema: { tags, security, body: feedSourceCreateBodySchema, response: { 201: feedSourceResponseSchema, ...invalid, 409: errorEnvelopeSchema } } },
    async (request, reply) => reply.status(201).send({ success: true as const, source: await service.create(adminOf(request), request.body) }),
  );

  app.get('/:id', { schema: { tags, security, params: feedSourceParamsSchema, response: { 200: feedSourceDetailResponseSchema, ...missing } } }, async (request) => ({
    success: true as const,
    ...(await service.detail(adminOf(request), request.params.id)),
  }));

  app.patch(
    '/:id',
    { schema: { tags, security, params: feedSourceParamsSchema, body: feedSourceUpdateBodySchema, response: { 200: feedSourceResponseSchema, ...missing } } },
    async (request) => ({ success: true as const, source: await service.update(adminOf(request), request.params.id, request.body) }),
  );

  app.delete('/:id', { schema: { tags, security, params: feedSourceParamsSchema, response: { 200: feedSourceDeletedResponseSchema, ...missing } } }, async (request) => {
    await service.remove(adminOf(request), request.params.id);
    return { success: true as const, removed: true as const };
  });

  app.post('/:id/run', { schema: { tags, security, params: feedSourceParamsSchema, response: { 202: feedSourceResponseSchema, ...clash } } }, async (request, reply) =>
    reply.status(202).send({ success: true as const, source: await service.runNow(adminOf(request), request.params.id) }),
  );
};

/**
 * /api/business/integration/feed-sources: a merchant's own sources (its connected Shopify store, its feed URLs), with
 * their schedule and last runs. A feed URL's offers are the store's: their links must be on its verified domain.
 */
export const merchantFeedSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.feedSources;
  const tags = ['merchant'];
  const businessIdOf = (request: FastifyRequest): string => {
    // The business scope's hook has signed the business in.
    if (!request.business) throw unauthorized();
    return request.business.id;
  };
  const merchantOf = (request: FastifyRequest): FeedSourceActor => ({ kind: 'merchant', businessId: businessIdOf(request) });

  app.get('/integration/feed-sources', { schema: { tags, response: { 200: feedSourceListResponseSchema, ...denied } } }, async (request) => ({
    success: true as const,
    items: await service.list(merchantOf(request)),
  }));

  app.post(
    '/integration/feed-sources',
    { schema: { tags, body: merchantFeedSourceBodySchema, response: { 201: feedSourceResponseSchema, ...invalid, 409: errorEnvelopeSchema } } },
    async (request, reply) => {
      const businessId = businessIdOf(request);
      const integration = await app.merchant.integration(businessId, '', null);
      if (!integration.storeDomain || !integration.verified) throw conflict(FeedSourceMessages.storeNotVerified, 'storeDomain');
      const retailer = await app.merchantRetailer(businessId);
      if (!retailer) throw conflict(FeedSourceMessages.storeNotVerified, 'storeDomain');
      const source = await service.create(merchantOf(request), { ...request.body, retailer: { id: retailer.id, name: retailer.name } });
      return reply.status(201).send({ success: true as const, source });
    },
  );

  app.get('/integration/feed-sources/:id', { schema: { tags, params: feedSourceParamsSchema, response: { 200: feedSourceDetailResponseSchema, ...missing } } }, async (request) => ({
    success: true as const,
    ...(await service.detail(merchantOf(request), request.params.id)),
  }));

  app.patch(
    '/integration/feed-sources/:id',
    { schema: { tags, params: feedSourceParamsSchema, body: feedSourceUpdateBodySchema, response: { 200: feedSourceResponseSchema, ...missing } } },
    async (request) => ({ success: true as const, source: await service.update(merchantOf(request), request.params.id, request.body) }),
  );

  app.delete('/integration/feed-sources/:id', { schema: { tags, params: feedSourceParamsSchema, response: { 200: feedSourceDeletedResponseSchema, ...missing } } }, async (request) => {
    await service.remove(merchantOf(request), request.params.id);
    return { success: true as const, removed: true as const };
  });

  app.post('/integration/feed-sources/:id/run', { schema: { tags, params: feedSourceParamsSchema, response: { 202: feedSourceResponseSchema, ...clash } } }, async (request, reply) =>
    reply.status(202).send({ success: true as const, source: await service.runNow(merchantOf(request), request.params.id) }),
  );
};
