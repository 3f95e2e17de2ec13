import {
  present, businessAuthResponseSchema,
  businessLoginBodySchema,
  businessRegisterBodySchema,
  emailConfirmBodySchema,
  errorEnvelopeSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  registrationResponseSchema,
  successResponseSchema,
} from '@pricehunt/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBusiness } from '../auth/hooks';
import { tooManyAttemptsMessage } from '../auth/sign-in-guard';
import { deviceTokenOf, rememberDevice, signIn, signOut } from '../auth/session';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;

/** POST register|login|logout, GET me, password reset: /api/business/auth/*. */
export const businessAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const perIp = app.limiter({ name: 'business-auth-ip', max: config.AUTH_RATE_LIMIT_PER_IP, timeWindowMs: windowMs, key: (r) => r.ip, message: tooManyAttemptsMessage });
  const perEmail = app.limiter({ name: 'business-auth-email', max: config.AUTH_RATE_LIMIT_PER_EMAIL, timeWindowMs: windowMs, key: emailOf, message: tooManyAttemptsMessage });
  // Registration and reset requests: in-process limits per address and per email (each mails the address). Sign-in
  // has its own limits in the database (`app.signInGuard`), by account and address, and by address.
  const limited = { onRequest: perIp, preHandler: perEmail };
  const secureCookie = config.COOKIE_SECURE;
  const tags = ['business auth'];

  app.post(
    '/register',
    { ...limited, schema: { tags, body: businessRegisterBodySchema, response: { 202: registrationResponseSchema, ...errors } } },
    async (request, reply) => {
      // The same answer for a new address and a registered one: the confirmation link (or a reminder) is mailed.
      const message = await app.businessAccounts.register(request.body);
      return reply.status(202).send({ success: true as const, message });
    },
  );

  app.post(
    '/confirm-email',
    { onRequest: perIp, schema: { tags, body: emailConfirmBodySchema, response: { 200: businessAuthResponseSchema, ...errors } } },
    async (request) => {
      const business = await app.businessAccounts.confirmEmail(request.body.token);
      await signIn(request, 'businessId', business.id);
      return { success: true as const, business };
    },
  );

  app.post(
    '/login',
    { schema: { tags, body: businessLoginBodySchema, response: { 200: businessAuthResponseSchema, ...errors } } },
    async (request, reply) => {
      const { business, deviceToken } = await app.businessAccounts.signIn({
        email: request.body.email,
        password: request.body.password,
        address: request.ip,
        deviceToken: deviceTokenOf(request, 'business'),
      });
      await signIn(request, 'businessId', business.id);
      rememberDevice(reply, 'business', deviceToken, secureCookie);
      return { success: true as const, business };
    },
  );

  app.post('/logout', { schema: { tags, response: { 200: successResponseSchema, 403: errorEnvelopeSchema } } }, async (request, reply) => {
    await signOut(request, reply, 'businessId');
    return { success: true as const };
  });

  app.get(
    '/me',
    { preHandler: requireBusiness, schema: { tags, security: [{ session: [] }], response: { 200: businessAuthResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema } } },
    async (request) => ({ success: true as const, business: present(request.business) }),
  );

  app.post(
    '/password-reset/request',
    { ...limited, schema: { tags, body: passwordResetRequestBodySchema, response: { 200: successResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, message: app.businessAccounts.requestPasswordReset(request.body.email) }),
  );

  app.post(
    '/password-reset/confirm',
    { onRequest: perIp, schema: { tags, body: passwordResetConfirmBodySchema, response: { 200: successResponseSchema, ...errors } } },
    async (request) => {
      await app.businessAccounts.confirmPasswordReset(request.body.token, request.body.password);
      return { success: true as const, message: 'Your password has been changed. Sign in with your new password.' };
    },
  );
};
