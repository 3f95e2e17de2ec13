import { fetchShopifyPages } from '@pricehunt/catalog-feeds';
import { createSafeFetcher, fetchUrlFor, publicOriginFor, SsrfBlockedError, storeOriginFor, type SafeFetcher } from '@pricehunt/catalog-identity';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { orderItemsSchema } from '@pricehunt/contracts';
import { hashPassword, verifyPassword } from '../../lib/password';
import { createAnalyticsService, type AnalyticsService } from './analytics-service';
import { createMerchantProducts, type MerchantProducts } from './products';
import { createMerchantService, orderLinesOf, type AccountPort, type MerchantService } from './service';
import { createStoreSyncService, type ShopifyPageProgress, type StoreSyncService } from './store-sync';
import { createTxtLookup, shopNameOf } from './store-domains';

function parseEventData(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    merchant: MerchantService;
    analytics: AnalyticsService;
    storeSync: StoreSyncService;
    merchantProducts: MerchantProducts;
    /** The catalog retailer a business's offers are listed under: its store domain, and the shop's name shoppers see. */
    merchantRetailer(businessId: string): Promise<{ id: string; name: string; domains: string[] } | null>;
  }
}

/** App services of the merchant dashboard: settings, conversions, analytics, store sync and the business's products. */
export const merchantPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, log, storage, clock } = app;
    const allowLoopback = config.FETCH_ALLOW_LOOPBACK;
    const overrides = config.STORE_ORIGIN_OVERRIDES;
    const safeFetcher = createSafeFetcher({ allowLoopback, timeoutMs: 15_000, maxBytes: 20 * 1024 * 1024 });
    // A refused address is named in the server's log only: the message merchants see leaves it out.
    const fetcher: SafeFetcher = {
      fetch: (url) =>
        safeFetcher.fetch(url).catch((error: unknown) => {
          if (error instanceof SsrfBlockedError) log.warn({ url: error.url, address: error.address, reason: error.reason }, 'store fetch refused: not a public address');
          throw error;
        }),
    };
    const businesses = app.storage.businessAccounts;
    const accounts: AccountPort = {
      find: (id) => businesses.findById(id),
      update: async (id, changes) => void (await businesses.update(id, changes)),
      endOtherSessions: async (id, keep) => void (await app.storage.sessions.endBusinessSessions(id, keep)),
      hashPassword,
      verifyPassword,
    };
    const repository = storage.merchant;
    /** The retailer of a business's offers: its store domain, named by the shop's name (or one made from the domain). */
    const merchantRetailer = async (businessId: string) => {
      const business = await businesses.findById(businessId);
      if (!business?.storeDomain) return null;
      return { id: business.storeDomain, name: business.storeName ?? shopNameOf(business.storeDomain), domains: [business.storeDomain] };
    };
    const merchant = createMerchantService({
      repository,
      accounts,
      fetchPage: async (url) => {
        const page = await fetcher.fetch(url);
        return { status: page.status, url: page.finalUrl, body: page.body };
      },
      storeOrigin: (domain) => storeOriginFor(domain, overrides),
      lookupTxt: createTxtLookup(config.DNS_SERVERS),
      // One transaction of the catalog port, after the proof change's own (the merchant port's): a crash between the two
      // leaves the business's offers as they were until its store's trust changes again.
      now: clock.now,
      onTrustChanged: async (businessId) => {
        const changed = await app.storage.catalog.refreshStoreTrust(businessId, new Date(clock.now()).toISOString());
        log.info({ businessId, offers: changed }, 'store trust changed');
      },
      onShopRenamed: async (businessId) => {
        const retailer = await merchantRetailer(businessId);
        if (retailer) await app.storage.catalog.renameRetailer(retailer.id, retailer.name);
      },
    });

    const storeSync = createStoreSyncService({
      repository,
      log,
      now: clock.now,
      storeDomainOf: async (businessId) => (await businesses.findById(businessId))?.storeDomain ?? null,
      importShopify: async ({ storeDomain, businessId, onPage }) => {
        const retailer = (await merchantRetailer(businessId)) ?? { id: storeDomain, name: shopNameOf(storeDomain), domains: [storeDomain] };
        await app.storage.catalog.renameRetailer(retailer.id, retailer.name);
        const currency = (await merchant.settingsRow(businessId)).currency;
        const progress: ShopifyPageProgress = { pages: 0, products: 0, offers: 0, inserted: 0, updated: 0, skipped: 0 };
        const pages = fetchShopifyPages({
          store: publicOriginFor(storeDomain, overrides),
          currency,
          retailer: retailer.name,
          fetch: async (url: string) => {
            const page = await fetcher.fetch(fetchUrlFor(url, overrides));
            return { status: page.status, text: async () => page.body };
          },
        });
        for await (const page of pages) {
          const summary = await app.catalog.ingestion.importOffers(page.result.offers, {
            format: 'shopify',
            source: page.url,
            retailer,
            businessId,
            linkDomain: storeDomain,
          });
          if (summary.failure) return { ...progress, failure: summary.failure };
          progress.pages = page.page;
          progress.products += page.products;
          progress.offers += page.result.offers.length;
          progress.inserted += summary.inserted;
          progress.updated += summary.updated;
          progress.skipped += summary.skipped + page.result.errors.length;
          await onPage({ ...progress });
        }
        return progress;
      },
    });
    app.addHook('onClose', async () => storeSync.idle());

    // A purchase the tracking script reported becomes a conversion in the same commit; a repeated order id counts once.
    app.tracking.onPurchase(async (event) => {
      const data = parseEventData(event.data);
      const orderId = typeof data.orderId === 'string' || typeof data.orderId === 'number' ? String(data.orderId).trim().slice(0, 128) : '';
      if (!orderId || event.valueCents == null || !event.businessId) {
        log.info({ eventId: event.id }, 'purchase event without order id or value: not a conversion');
        return null;
      }
      return merchant.newConversion(event.businessId, {
        orderId,
        valueCents: event.valueCents,
        currency: event.currency,
        referralId: event.referralId,
        sessionId: event.sessionId,
        source: 'script',
        eventId: event.id,
        occurredAt: event.createdAt,
        // Checked by the route (orderItemsSchema): a purchase's items are its lines.
        lines: orderLinesOf(orderItemsSchema.safeParse(data.items).data),
      });
    });

    // Verified domains' proofs are looked for again every DOMAIN_RECHECK_HOURS; one missing three times in a row is given up.
    if (config.DOMAIN_RECHECK_HOURS > 0) {
      const everyMs = config.DOMAIN_RECHECK_HOURS * 3_600_000;
      const scriptUrl = `${config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`}/t.js`;
      let running: Promise<unknown> | null = null;
      const recheck = () => {
        if (running) return;
        running = merchant
          .recheckProofs(clock.now() - everyMs, scriptUrl)
          .then((released) => released.length && log.warn({ domains: released }, 'store domain proofs missing from three re-checks: given up'))
          .catch((error: unknown) => log.error({ err: error }, 'store domain re-check failed'))
          .finally(() => (running = null));
      };
      const timer = setInterval(recheck, Math.min(everyMs, 3_600_000));
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    }

    app.decorate('merchant', merchant);
    app.decorate('analytics', createAnalyticsService({ repository: storage.merchantAnalytics, now: clock.now }));
    app.decorate('storeSync', storeSync);
    app.decorate('merchantProducts', createMerchantProducts({ catalog: app.storage.catalog, now: () => new Date(clock.now()) }));
    app.decorate('merchantRetailer', merchantRetailer);
  },
  { name: 'merchant', dependencies: ['db', 'catalog', 'tracking-services', 'account-services'] },
);
