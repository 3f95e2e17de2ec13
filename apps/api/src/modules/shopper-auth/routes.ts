import {
  present, emailConfirmBodySchema,
  errorEnvelopeSchema,
  registrationResponseSchema,
  shopperAuthResponseSchema,
  shopperLoginBodySchema,
  shopperRegisterBodySchema,
  shopperSessionResponseSchema,
  successResponseSchema,
} from '@pricehunt/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireShopper } from '../auth/hooks';
import { tooManyAttemptsMessage } from '../auth/sign-in-guard';
import { deviceTokenOf, rememberDevice, signIn, signOut } from '../auth/session';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;

/** POST register|login|logout, GET me|session: /api/shopper/auth/*. The shopper has its own key in the session. */
export const shopperAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const limited = {
    onRequest: app.limiter({ name: 'shopper-auth-ip', max: config.AUTH_RATE_LIMIT_PER_IP, timeWindowMs: windowMs, key: (r) => r.ip, message: tooManyAttemptsMessage }),
    preHandler: app.limiter({ name: 'shopper-auth-email', max: config.AUTH_RATE_LIMIT_PER_EMAIL, timeWindowMs: windowMs, key: emailOf, message: tooManyAttemptsMessage }),
  };
  const tags = ['shopper auth'];
  const secureCookie = config.COOKIE_SECURE;

  app.post(
    '/register',
    { ...limited, schema: { tags, body: shopperRegisterBodySchema, response: { 202: registrationResponseSchema, ...errors } } },
    async (request, reply) => {
      // The same answer for a new address and a registered one: the confirmation link (or a reminder) is mailed.
      const message = await app.shopperAccounts.register(request.body);
      return reply.status(202).send({ success: true as const, message });
    },
  );

  app.post(
    '/confirm-email',
    { onRequest: limited.onRequest, schema: { tags, body: emailConfirmBodySchema, response: { 200: shopperAuthResponseSchema, ...errors } } },
    async (request) => {
      const user = await app.shopperAccounts.confirmEmail(request.body.token);
      await signIn(request, 'shopperId', user.id);
      return { success: true as const, user };
    },
  );

  app.post(
    '/login',
    // Sign-in has its own limits in the database (`app.signInGuard`), by account and address, and by address.
    { schema: { tags, body: shopperLoginBodySchema, response: { 200: shopperAuthResponseSchema, ...errors } } },
    async (request, reply) => {
      const { user, deviceToken } = await app.shopperAccounts.signIn({
        email: request.body.email,
        password: request.body.password,
        address: request.ip,
        deviceToken: deviceTokenOf(request, 'shopper'),
      });
      await signIn(request, 'shopperId', user.id);
      rememberDevice(reply, 'shopper', deviceToken, secureCookie);
      return { success: true as const, user };
    },
  );

  app.post('/logout', { schema: { tags, response: { 200: successResponseSchema, 403: errorEnvelopeSchema } } }, async (request, reply) => {
    await signOut(request, reply, 'shopperId');
    return { success: true as const };
  });

  // The shopper site asks this on every page: most visitors are signed out, which is an answer, not an error.
  app.get('/session', { schema: { tags, response: { 200: shopperSessionResponseSchema } } }, async (request) => {
    const id = request.session?.shopperId;
    return { success: true as const, user: (id ? await app.shopperAccounts.findById(id) : undefined) ?? null };
  });

  app.get(
    '/me',
    { preHandler: requireShopper, schema: { tags, security: [{ session: [] }], response: { 200: shopperAuthResponseSchema, 401: errorEnvelopeSchema } } },
    async (request) => ({ success: true as const, user: present(request.shopper) }),
  );
};
