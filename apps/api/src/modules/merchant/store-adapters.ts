/**
 * What the merchant services need from the rest of the API, as small functions the composition root
 * (`src/composition.ts`) hands them: the store fetcher, the account port, the retailer of a business's offers, the
 * Shopify importer and the purchase-to-conversion step of the tracking script.
 */
import { fetchShopifyPages } from '@pricehunt/catalog-feeds';
import type { IngestionService } from '@pricehunt/catalog-core';
import { fetchUrlFor, publicOriginFor, SsrfBlockedError, type SafeFetcher } from '@pricehunt/catalog-identity';
import { orderItemsSchema } from '@pricehunt/contracts';
import type { Storage } from '@pricehunt/storage';
import type { AppConfig } from '../../config';
import type { Logger } from '../../lib/logger';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { PurchaseHandler } from '../tracking/service';
import { orderLinesOf, type AccountPort, type MerchantService } from './service';
import type { ShopifyImport, ShopifyPageProgress } from './store-sync';
import { shopNameOf } from './store-domains';

export type MerchantRetailerOf = (businessId: string) => Promise<{ id: string; name: string; domains: string[] } | null>;

/** The store fetcher; a refused address is named in the server's log only: the message merchants see leaves it out. */
export function loggedStoreFetcher(safeFetcher: SafeFetcher, log: Logger): SafeFetcher {
  return {
    fetch: (url) =>
      safeFetcher.fetch(url).catch((error: unknown) => {
        if (error instanceof SsrfBlockedError) log.warn({ url: error.url, address: error.address, reason: error.reason }, 'store fetch refused: not a public address');
        throw error;
      }),
  };
}

/** The business accounts as the merchant service sees them. */
export function merchantAccountPort(storage: Pick<Storage, 'businessAccounts' | 'sessions'>): AccountPort {
  const businesses = storage.businessAccounts;
  return {
    find: (id) => businesses.findById(id),
    update: async (id, changes) => void (await businesses.update(id, changes)),
    endOtherSessions: async (id, keep) => void (await storage.sessions.endBusinessSessions(id, keep)),
    hashPassword,
    verifyPassword,
  };
}

/** The retailer of a business's offers: its store domain, named by the shop's name (or one made from the domain). */
/** Where a merchant's store is read as a feed source: its public origin, on which its product links are built. */
export const storeSourceUrl = (retailer: { id: string; domains: string[] }, overrides: AppConfig['STORE_ORIGIN_OVERRIDES']) =>
  publicOriginFor(retailer.domains[0] ?? retailer.id, overrides);

export function merchantRetailerOf(businesses: Storage['businessAccounts']): MerchantRetailerOf {
  return async (businessId) => {
    const business = await businesses.findById(businessId);
    if (!business?.storeDomain) return null;
    return { id: business.storeDomain, name: business.storeName ?? shopNameOf(business.storeDomain), domains: [business.storeDomain] };
  };
}

/** A store's Shopify catalog read page by page into the catalog, each page one import under the store's retailer. */
export function shopifyImporter(deps: {
  fetcher: SafeFetcher;
  overrides: AppConfig['STORE_ORIGIN_OVERRIDES'];
  catalog: Storage['catalog'];
  ingestion: Pick<IngestionService, 'importOffers'>;
  merchant: Pick<MerchantService, 'settingsRow'>;
  merchantRetailer: MerchantRetailerOf;
}): ShopifyImport {
  const { fetcher, overrides, catalog, ingestion, merchant, merchantRetailer } = deps;
  return async ({ storeDomain, businessId, onPage }) => {
    const retailer = (await merchantRetailer(businessId)) ?? { id: storeDomain, name: shopNameOf(storeDomain), domains: [storeDomain] };
    await catalog.renameRetailer(retailer.id, retailer.name);
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
      const summary = await ingestion.importOffers(page.result.offers, { format: 'shopify', source: page.url, retailer, businessId, linkDomain: storeDomain });
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
  };
}

function parseEventData(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A purchase the tracking script reported becomes a conversion in the same commit; a repeated order id counts once. */
export function conversionOfPurchase(merchant: Pick<MerchantService, 'newConversion'>, log: Logger): PurchaseHandler {
  return async (event) => {
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
  };
}
