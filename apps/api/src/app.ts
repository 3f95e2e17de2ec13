import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { systemClock, type Clock } from './lib/clock';
import { named } from './lib/plugin-name';
import { backgroundPlugin } from './background';
import { composeApi, type ApiServices } from './composition';
import { adminRoutes } from './modules/admin/routes';
import { businessAuthRoutes } from './modules/business-auth/routes';
import { healthRoutes } from './modules/health/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { searchRoutes } from './modules/search/routes';
import { imageRoutes } from './modules/images/routes';
import { matchReportRoutes } from './modules/match-reports/routes';
import { shopperAuthRoutes } from './modules/shopper-auth/routes';
import { shopperPasswordResetRoutes } from './modules/shopper/password-reset-routes';
import { priceAlertStopRoutes, shopperDataRoutes } from './modules/shopper/routes';
import { watchCreateRoutes, watchLinkRoutes, watchRoutes } from './modules/watches/routes';
import { refuseNulCharacters } from './lib/nul-guard';
import { createOriginCheck } from './plugins/csrf';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorHandlerPlugin } from './plugins/error-handler';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { sessionsPlugin } from './plugins/sessions';
import { trackingRoutes } from './modules/tracking/routes';
import { adminFeedSourceRoutes, merchantFeedSourceRoutes } from './modules/feeds/routes';
import { adminScope, businessScope, shopperScope } from './modules/auth/hooks';
import { merchantProductRoutes } from './modules/merchant/products-routes';
import { merchantDashboardRoutes, merchantWebhookRoutes, trackingScriptRoutes } from './modules/merchant/routes';

/**
 * True when a JSON body cannot hold a `__proto__` or `constructor` key, written plainly or with escapes: no
 * backslash, neither word, no byte-order mark. Such bodies go straight to JSON.parse; the others through
 * Fastify's safe parser, which scans the text for those keys (refusing them) and costs several times more.
 */
export function plainJson(text: string): boolean {
  return text.charCodeAt(0) !== 0xfeff && !text.includes('\\') && !text.includes('__proto__') && !text.includes('constructor');
}

declare module 'fastify' {
  /** Every service of the composition root is `app.<name>` (see composition.ts). */
  interface FastifyInstance extends ApiServices {
    config: AppConfig;
    /** Where services read the time (see lib/clock.ts). */
    clock: Clock;
  }
}

export interface AppOptions {
  config: AppConfig;
  clock?: Clock;
}

/**
 * A JSON content type with nothing in the body is a request without a body (clients that send the header on every
 * call): routes that need a body still answer 400 naming it, the others (logout) work.
 */
function parseJsonBodies(instance: FastifyInstance) {
  // The default parser is the kind that answers through `done` (its type also admits the kind that returns a promise).
  const parseJson = instance.getDefaultJsonParser('error', 'error') as Exclude<FastifyBodyParser<string>, (...args: never[]) => Promise<unknown>>;
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') done(null, undefined);
    else if (plainJson(text)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // The safe parser answers the error the API reports for broken JSON.
        parseJson(request, text, done);
        return;
      }
      done(null, parsed);
    } else parseJson(request, text, done);
  });
}

/**
 * Cookie-authenticated areas: server-side sessions and the cross-site write check apply only here.
 * Merchant routes: `area.register(businessScope(routes), { prefix: '/business' })`;
 * admin routes: `area.register(adminScope(routes), { prefix: '/admin' })` (see modules/auth/hooks.ts).
 */
async function cookieArea(area: FastifyInstance, config: AppConfig) {
  await area.register(sessionsPlugin, {
    secret: config.sessionSecret,
    ttlHours: config.SESSION_TTL_HOURS,
    secureCookie: config.COOKIE_SECURE,
  });
  area.addHook('onRequest', createOriginCheck(config.trustedOrigins, config.writeOrigins, config.EXTENSION_ORIGINS));
  await area.register(named(businessAuthRoutes), { prefix: '/business/auth' });
  await area.register(named(shopperAuthRoutes), { prefix: '/shopper/auth' });
  await area.register(
    businessScope(
      named(async (merchant: FastifyInstance) => {
        await merchant.register(named(merchantDashboardRoutes));
        await merchant.register(named(merchantProductRoutes));
        await merchant.register(named(merchantFeedSourceRoutes));
      }, 'merchantRoutes'),
    ),
    { prefix: '/business' },
  );
  await area.register(adminScope(adminRoutes), { prefix: '/admin' });
  await area.register(adminScope(adminFeedSourceRoutes), { prefix: '/admin/feed-sources' });
  await area.register(named(shopperPasswordResetRoutes), { prefix: '/shopper/auth/password-reset' });
  await area.register(named(priceAlertStopRoutes), { prefix: '/shopper/alerts' });
  await area.register(shopperScope(shopperDataRoutes), { prefix: '/shopper' });
  // Watches: the POST takes signed-out callers too (a confirmation link is mailed); the rest need a shopper.
  await area.register(named(watchCreateRoutes), { prefix: '/shopper' });
  await area.register(shopperScope(watchRoutes), { prefix: '/shopper' });
  await area.register(named(watchLinkRoutes), { prefix: '/watches' });
}

/** Every route under /api. */
async function apiRoutes(api: FastifyInstance, config: AppConfig) {
  await api.register(named(healthRoutes));
  await api.register(named(catalogRoutes));
  await api.register(named(searchRoutes));
  // Catalog pictures, resized and cached: the only images shoppers' browsers load.
  await api.register(named(imageRoutes), { prefix: '/images' });
  await api.register(named(matchReportRoutes));
  // Anonymous tracking calls from any site: CORS `*` without credentials, no session, no CSRF check.
  await api.register(named(trackingRoutes));
  // Store webhooks authenticated by the business's API key (no cookies).
  await api.register(named(merchantWebhookRoutes), { prefix: '/merchant' });
  await api.register(named((area: FastifyInstance) => cookieArea(area, config), 'cookieArea'));
}

/**
 * The whole API as one plugin. Layers: infrastructure → the services of the composition root (`composition.ts`) and
 * their background work (`background.ts`) → routes per domain.
 * `server.ts` registers it on a listening instance; tests register it on an instance without a port.
 */
export const app = fp(
  async (instance: FastifyInstance, { config, clock = systemClock }: AppOptions) => {
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    instance.decorate('config', config);
    instance.decorate('clock', clock);
    if (config.sessionSecretGenerated) {
      instance.log.warn('SESSION_SECRET is not set: using a random secret, so sessions end when the API restarts');
    }
    instance.decorateRequest('business', null);
    instance.decorateRequest('shopper', null);
    parseJsonBodies(instance);

    // Infrastructure
    await instance.register(errorHandlerPlugin);
    // No text with the NUL character reaches a route (neither engine should store it; PostgreSQL cannot).
    instance.addHook('preValidation', refuseNulCharacters);
    await instance.register(securityPlugin, { trustedOrigins: config.trustedOrigins, extensionOrigins: config.EXTENSION_ORIGINS });
    // The API's description is for developers: off in production unless API_DOCS_ENABLED says otherwise.
    if (config.API_DOCS_ENABLED) await instance.register(docsPlugin);
    await instance.register(dbPlugin, { database: config.database });
    await instance.register(rateLimitPlugin, { enabled: config.RATE_LIMIT_ENABLED, store: instance.storage.rateLimits, clock });

    // App services, built once
    const services = composeApi({ config, clock, database: instance.database, storage: instance.storage, log: instance.log });
    for (const [name, service] of Object.entries(services)) instance.decorate(name, service);
    await instance.register(backgroundPlugin);

    // Routes
    await instance.register(named((api: FastifyInstance) => apiRoutes(api, config), 'apiRoutes'), { prefix: '/api' });
    // The store tracking script, at the site root so the tag stays short.
    await instance.register(named(trackingScriptRoutes));
  },
  { name: 'pricehunt-api' },
);
