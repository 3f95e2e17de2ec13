import {
  errorEnvelopeSchema,
  redirectQuerySchema,
  trackEventBodySchema,
  trackEventResponseSchema,
  trackReferralBodySchema,
  trackReferralFailureSchema,
  trackReferralResponseSchema,
} from '@pricehunt/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCookie } from '../../lib/cookies';
import { envelopeFor } from '../../plugins/error-handler';
import { PUBLIC_CORS, publicPreflight } from '../../plugins/security';
import { usableHttpUrl, type RequestMeta } from './service';

const meta = (request: FastifyRequest): RequestMeta => ({
  referrer: request.headers.referer,
  userAgent: request.headers['user-agent'],
  sessionCookie: readCookie(request.headers.cookie, 'pricehunt_session_id'),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page between PriceHunt and a shop it does not vouch for (an offer read from a page a shopper pasted): a link
 * PriceHunt showed is never a way to send someone elsewhere unasked. Plain HTML: the API's policy allows no script
 * or style.
 */
function leavingPage(location: string, host: string): string {
  const to = escapeHtml(location);
  const shop = escapeHtml(host);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Leaving PriceHunt for ${shop}</title></head><body>
<h1>You are leaving PriceHunt for ${shop}</h1>
<p>This offer was read from a page that a shopper gave us. ${shop} is not one of the shops PriceHunt knows, so check the address before you buy or sign in there.</p>
<p><a href="${to}" rel="nofollow noopener noreferrer">Continue to ${shop}</a></p>
<p>Or close this tab to stay on PriceHunt.</p>
</body></html>`;
}

/**
 * Anonymous tracking endpoints (any origin, no cookies needed): GET /api/redirect, POST /api/trackReferral,
 * POST /api/track-event. Each answers only after its write is committed.
 */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tracking'];
  for (const url of ['/redirect', '/trackReferral', '/track-event']) publicPreflight(app, url);
  // A flood guard on the hottest routes: counted by each instance in memory, no database write per call.
  const perIp = app.limiter({ name: 'tracking-ip', max: app.config.TRACKING_RATE_LIMIT_PER_MINUTE, timeWindowMs: 60_000, key: (r) => r.ip, scope: 'instance' });

  app.get(
    '/redirect',
    {
      config: PUBLIC_CORS,
      onRequest: perIp,
      schema: {
        tags,
        description:
          'Records the click and answers 302 to the affiliate-tagged retailer URL. Never an open redirect: a signed link to a shop the allow-list does not hold (a page a shopper pasted) answers a page that names the shop and links on, instead of sending the shopper there unasked.',
        querystring: redirectQuerySchema,
        response: {
          200: z.string().describe('text/html: the page that names a shop PriceHunt does not vouch for and links to it'),
          302: z.null().describe('Location: the tagged URL'),
          400: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { location, vouched, host } = await app.tracking.redirect(request.query, meta(request));
      reply.header('cache-control', 'no-store');
      if (vouched) return reply.redirect(location, 302);
      return reply.type('text/html; charset=utf-8').send(leavingPage(location, host));
    },
  );

  app.post(
    '/trackReferral',
    {
      config: PUBLIC_CORS,
      onRequest: perIp,
      schema: {
        tags,
        body: trackReferralBodySchema,
        response: { 200: trackReferralResponseSchema, 400: trackReferralFailureSchema, 429: trackReferralFailureSchema, 500: trackReferralFailureSchema },
      },
      // Any failure still answers a usable target when the request carried an http(s) one (never another scheme).
      errorHandler: (error, request, reply) => {
        const envelope = envelopeFor(error, request);
        const targetUrl = usableHttpUrl((request.body as { targetUrl?: unknown } | undefined)?.targetUrl);
        const body = {
          ...envelope,
          ...(envelope.statusCode >= 500 ? { error: 'The referral could not be recorded' } : {}),
          ...(targetUrl ? { targetUrl } : {}),
        };
        reply.status(envelope.statusCode as 400 | 429 | 500).send(body);
      },
    },
    async (request) => {
      const { targetUrl, referralId } = await app.tracking.trackReferral(request.body, meta(request));
      return { success: true, targetUrl, referralId };
    },
  );

  app.post(
    '/track-event',
    {
      config: PUBLIC_CORS,
      onRequest: perIp,
      schema: { tags, body: trackEventBodySchema, response: { 201: trackEventResponseSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema } },
    },
    async (request, reply) => {
      const { eventId } = await app.tracking.trackEvent(request.body, meta(request));
      return reply.status(201).send({ success: true as const, eventId });
    },
  );
};
