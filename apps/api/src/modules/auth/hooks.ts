import { AuthMessages, type Business, type ShopperUser } from '@pricehunt/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '@pricehunt/http-errors';
import { named } from '../../lib/plugin-name';
import { canUseAdminArea, isActive } from './permissions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in business, set by `requireBusiness` / `requireAdmin`. */
    business: Business | null;
    /** The signed-in shopper, set by `requireShopper`. */
    shopper: ShopperUser | null;
  }
}

async function loadBusiness(request: FastifyRequest): Promise<Business> {
  const id = request.session?.businessId;
  const business = id ? await request.server.businessAccounts.findById(id) : undefined;
  if (!business) throw unauthorized(AuthMessages.signedOut);
  if (!isActive(business)) throw forbidden(AuthMessages.suspended);
  return business;
}

/** preHandler: a signed-in, active business (401 / 403 envelope otherwise); sets `request.business`. */
export const requireBusiness: preHandlerAsyncHookHandler = async (request) => {
  request.business = await loadBusiness(request);
};

/** preHandler: a signed-in, active admin business; sets `request.business`. */
export const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
  const business = await loadBusiness(request);
  if (!canUseAdminArea(business)) throw forbidden(AuthMessages.adminOnly);
  request.business = business;
};

/** preHandler: a signed-in shopper; sets `request.shopper`. */
export const requireShopper: preHandlerAsyncHookHandler = async (request) => {
  const id = request.session?.shopperId;
  const shopper = id ? await request.server.shopperAccounts.findById(id) : undefined;
  if (!shopper) throw unauthorized(AuthMessages.signedOut);
  request.shopper = shopper;
};

/** Wraps routes so every one of them requires a signed-in business (encapsulated hook, no URL matching). */
export function businessScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return named(async (scope: FastifyInstance) => {
    scope.addHook('preHandler', requireBusiness);
    await scope.register(named(routes));
  }, 'businessScope');
}

/**
 * Wraps routes so every one of them requires a signed-in admin. The check runs on request, before the body is
 * read or validated: the signed-out get 401 and non-admins 403 from every admin route, whatever they send
 * (an upload is not parsed, a malformed body does not earn a 400 that reveals the route's schema).
 */
export function adminScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return named(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async function (request, reply) {
      await requireAdmin.call(this, request, reply);
    });
    await scope.register(named(routes));
  }, 'adminScope');
}

/** Wraps routes so every one of them requires a signed-in shopper. */
export function shopperScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return named(async (scope: FastifyInstance) => {
    scope.addHook('preHandler', requireShopper);
    await scope.register(named(routes));
  }, 'shopperScope');
}
