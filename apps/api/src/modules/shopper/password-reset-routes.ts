import { errorEnvelopeSchema, passwordResetConfirmBodySchema, passwordResetRequestBodySchema, successResponseSchema } from '@pricehunt/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyAttemptsMessage } from '../auth/sign-in-guard';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;

/** POST /api/shopper/auth/password-reset/request and /confirm. */
export const shopperPasswordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const service = app.shopperPasswordReset;
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const perIp = app.limiter({ name: 'shopper-reset-ip', max: config.AUTH_RATE_LIMIT_PER_IP, timeWindowMs: windowMs, key: (r) => r.ip, message: tooManyAttemptsMessage });
  const perEmail = app.limiter({ name: 'shopper-reset-email', max: config.AUTH_RATE_LIMIT_PER_EMAIL, timeWindowMs: windowMs, key: emailOf, message: tooManyAttemptsMessage });
  const tags = ['shopper auth'];

  app.post(
    '/request',
    { onRequest: perIp, preHandler: perEmail, schema: { tags, body: passwordResetRequestBodySchema, response: { 200: successResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, message: service.requestReset(request.body.email) }),
  );

  app.post(
    '/confirm',
    { onRequest: perIp, schema: { tags, body: passwordResetConfirmBodySchema, response: { 200: successResponseSchema, ...errors } } },
    async (request) => {
      await service.confirmReset(request.body.token, request.body.password);
      return { success: true as const, message: 'Your password has been changed. Sign in with your new password.' };
    },
  );
};
