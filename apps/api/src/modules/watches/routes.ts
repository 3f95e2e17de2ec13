import {
  AuthMessages,
  errorEnvelopeSchema,
  removedResponseSchema,
  watchConfirmResponseSchema,
  watchesListResponseSchema,
  watchInputSchema,
  watchParamsSchema,
  watchPatchSchema,
  watchPendingResponseSchema,
  watchResponseSchema,
  watchStopResponseSchema,
  watchTokenBodySchema,
  type ShopperUser,
} from '@pricehunt/contracts';
import { unauthorized } from '@pricehunt/http-errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WATCH_PENDING_MESSAGE } from './service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const tags = ['watches'];
const security = [{ session: [] }];

/** Signed-out watches an address (and a network address) may ask for in an hour. */
export const SIGNED_OUT_WATCHES_PER_HOUR = 10;

function signedIn(request: FastifyRequest): ShopperUser {
  const shopper = request.shopper;
  if (!shopper) throw unauthorized(AuthMessages.signedOut);
  return shopper;
}

/** The shopper of the session, if any (POST /api/shopper/watches takes signed-out callers too). */
async function sessionShopper(request: FastifyRequest): Promise<ShopperUser | null> {
  const id = request.session?.shopperId;
  return (id ? await request.server.shopperAccounts.findById(id) : undefined) ?? null;
}

/**
 * POST /api/shopper/watches: signed in, the account's watch (201, or 200 with the shopper's watch of the same product
 * or link, updated); signed out, a watch for `email` that starts once the emailed link is opened (202, the same answer
 * for every address). Registered in the cookie area, outside `shopperScope`.
 */
export const watchCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.watches;
  const signedOut = (request: FastifyRequest) => (request.session?.shopperId ? undefined : request.ip);
  const perIp = app.limiter({ name: 'watch-signed-out-ip', max: SIGNED_OUT_WATCHES_PER_HOUR * 3, timeWindowMs: 3_600_000, key: signedOut });
  const perEmail = app.limiter({
    name: 'watch-signed-out-email',
    max: SIGNED_OUT_WATCHES_PER_HOUR,
    timeWindowMs: 3_600_000,
    key: (request) => (request.session?.shopperId ? undefined : ((request.body as { email?: string } | undefined)?.email?.trim().toLowerCase() ?? undefined)),
  });
  app.post(
    '/watches',
    {
      preHandler: [perIp, perEmail],
      schema: { tags, security, body: watchInputSchema, response: { 200: watchResponseSchema, 201: watchResponseSchema, 202: watchPendingResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const shopper = await sessionShopper(request);
      if (!shopper) {
        await service.watchSignedOut(request.body);
        return reply.status(202).send({ success: true as const, pending: true as const, message: WATCH_PENDING_MESSAGE });
      }
      request.shopper = shopper;
      const { watch, created } = await service.watch(shopper, request.body);
      return reply.status(created ? 201 : 200).send({ success: true as const, watch });
    },
  );
};

/** GET /api/shopper/watches, PATCH and DELETE /api/shopper/watches/:id: the signed-in shopper's own (inside `shopperScope`). */
export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.watches;
  app.get('/watches', { schema: { tags, security, response: { 200: watchesListResponseSchema, ...errors } } }, async (request) => ({
    success: true as const,
    watches: await service.list(signedIn(request).id),
  }));
  app.patch(
    '/watches/:id',
    { schema: { tags, security, params: watchParamsSchema, body: watchPatchSchema, response: { 200: watchResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, watch: await service.update(signedIn(request), request.params.id, request.body) }),
  );
  app.delete(
    '/watches/:id',
    { schema: { tags, security, params: watchParamsSchema, response: { 200: removedResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, removed: await service.remove(signedIn(request).id, request.params.id) }),
  );
};

/** POST /api/watches/confirm and /api/watches/stop: the emailed links' pages, without signing in. */
export const watchLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.watches;
  app.post(
    '/confirm',
    { schema: { tags, body: watchTokenBodySchema, response: { 200: watchConfirmResponseSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema } } },
    async (request) => ({ success: true as const, ...(await service.confirm(request.body.token)) }),
  );
  app.post(
    '/stop',
    { schema: { tags, body: watchTokenBodySchema, response: { 200: watchStopResponseSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema } } },
    async (request) => ({ success: true as const, ...(await service.stop(request.body.token)) }),
  );
};
