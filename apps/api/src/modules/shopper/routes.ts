import {
  errorEnvelopeSchema,
  favoriteInputSchema,
  favoriteParamsSchema,
  favoriteResponseSchema,
  favoritesListResponseSchema,
  historyEntryInputSchema,
  historyEntryResponseSchema,
  historyListResponseSchema,
  historyParamsSchema,
  priceAlertInputSchema,
  priceAlertStopBodySchema,
  priceAlertStopResponseSchema,
  removedResponseSchema,
  shopperMergeBodySchema,
  shopperMergeResponseSchema,
} from '@pricehunt/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['shopper'];
const security = [{ session: [] }];

/** The shopper set by `requireShopper` (these routes are registered inside `shopperScope`). */
function shopperId(request: FastifyRequest): string {
  const id = request.shopper?.id;
  if (!id) throw new Error('shopper routes must be registered inside shopperScope');
  return id;
}

/** /api/shopper/history, /api/shopper/favorites (with their price alerts), /api/shopper/merge: the signed-in shopper's own lists. */
export const shopperDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.shopperData;

  app.get('/history', { schema: { tags, security, response: { 200: historyListResponseSchema, ...errors } } }, async (request) => ({
    success: true as const,
    entries: await service.history(shopperId(request)),
  }));

  app.post(
    '/history',
    { schema: { tags, security, body: historyEntryInputSchema, response: { 201: historyEntryResponseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send({ success: true as const, entry: await service.addHistory(shopperId(request), request.body) }),
  );

  app.delete(
    '/history/:requestId',
    { schema: { tags, security, params: historyParamsSchema, response: { 200: removedResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, removed: await service.removeHistory(shopperId(request), request.params.requestId) }),
  );

  app.delete('/history', { schema: { tags, security, response: { 200: removedResponseSchema, ...errors } } }, async (request) => ({
    success: true as const,
    removed: await service.clearHistory(shopperId(request)),
  }));

  app.get('/favorites', { schema: { tags, security, response: { 200: favoritesListResponseSchema, ...errors } } }, async (request) => ({
    success: true as const,
    favorites: await service.favorites(shopperId(request)),
  }));

  app.post(
    '/favorites',
    { schema: { tags, security, body: favoriteInputSchema, response: { 200: favoriteResponseSchema, 201: favoriteResponseSchema, ...errors } } },
    async (request, reply) => {
      const { favorite, created } = await service.addFavorite(shopperId(request), request.body);
      return reply.status(created ? 201 : 200).send({ success: true as const, favorite });
    },
  );

  app.delete(
    '/favorites/:productId',
    { schema: { tags, security, params: favoriteParamsSchema, response: { 200: removedResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, removed: await service.removeFavorite(shopperId(request), request.params.productId) }),
  );

  app.put(
    '/favorites/:productId/alert',
    { schema: { tags, security, params: favoriteParamsSchema, body: priceAlertInputSchema, response: { 200: favoriteResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, favorite: await service.setAlert(shopperId(request), request.params.productId, request.body) }),
  );

  app.delete(
    '/favorites/:productId/alert',
    { schema: { tags, security, params: favoriteParamsSchema, response: { 200: favoriteResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, favorite: await service.removeAlert(shopperId(request), request.params.productId) }),
  );

  app.post(
    '/merge',
    { schema: { tags, security, body: shopperMergeBodySchema, response: { 200: shopperMergeResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, ...(await service.merge(shopperId(request), request.body)) }),
  );
};

/** POST /api/shopper/alerts/stop: the "stop this alert" link of a price-alert email, which works without signing in. */
export const priceAlertStopRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.shopperData;
  app.post(
    '/stop',
    { schema: { tags, body: priceAlertStopBodySchema, response: { 200: priceAlertStopResponseSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema } } },
    async (request) => ({ success: true as const, ...(await service.stopAlert(request.body.token)) }),
  );
};
