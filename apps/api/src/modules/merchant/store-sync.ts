import { randomUUID } from 'node:crypto';
import type { StoreSync } from '@pricehunt/contracts';
import { badRequest } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { MerchantRepository } from './repository';
import { toStoreSync } from './service';

export interface ShopifyPageProgress {
  pages: number;
  products: number;
  offers: number;
  inserted: number;
  updated: number;
  skipped: number;
}

/** Imports a store's /products.json page by page into the catalog as the business's offers. */
export type ShopifyImport = (options: {
  storeDomain: string;
  businessId: string;
  onPage: (progress: ShopifyPageProgress) => Promise<void>;
}) => Promise<ShopifyPageProgress & { failure?: string }>;

/**
 * Runs "Connect Shopify store": one sync per business at a time, in the background; the dashboard polls its row
 * for progress. A sync that a restart interrupted is marked failed at start-up.
 */
export function createStoreSyncService(deps: {
  repository: MerchantRepository;
  importShopify: ShopifyImport;
  storeDomainOf: (businessId: string) => Promise<string | null>;
  log: Logger;
}) {
  const { repository, log } = deps;
  const running = new Map<string, Promise<void>>();
  const interruptedMarked = repository.failInterruptedSyncs();
  // A failure here is the first start's to report.
  interruptedMarked.catch(() => undefined);

  async function run(syncId: string, businessId: string, storeDomain: string) {
    try {
      const result = await deps.importShopify({
        storeDomain,
        businessId,
        onPage: (p) => repository.updateSync(syncId, { ...p }),
      });
      await repository.updateSync(syncId, {
        ...result,
        status: result.failure ? 'failed' : 'succeeded',
        error: result.failure ?? null,
        finishedAt: Date.now(),
      });
    } catch (error) {
      log.warn({ err: error, businessId, storeDomain }, 'store sync failed');
      await repository.updateSync(syncId, { status: 'failed', error: error instanceof Error ? error.message : String(error), finishedAt: Date.now() });
    }
  }

  async function begin(businessId: string): Promise<StoreSync> {
    await interruptedMarked;
    const storeDomain = await deps.storeDomainOf(businessId);
    const existing = await repository.latestSync(businessId);
    if (existing?.status === 'running' && running.has(businessId)) return toStoreSync(existing);
    if (!storeDomain) throw badRequest('Set your store domain first', 'storeDomain');
    const row = await repository.insertSync({ id: randomUUID(), businessId, storeDomain, status: 'running', startedAt: Date.now() });
    const job = run(row.id, businessId, storeDomain).finally(() => running.delete(businessId));
    running.set(businessId, job);
    return toStoreSync(row);
  }
  // A start still reading what is running is joined by the next start of that business, which would otherwise not
  // see the sync it is about to begin.
  const starting = new Map<string, Promise<StoreSync>>();

  return {
    start(businessId: string): Promise<StoreSync> {
      const pending = starting.get(businessId);
      if (pending) return pending;
      const begun = begin(businessId).finally(() => starting.delete(businessId));
      starting.set(businessId, begun);
      return begun;
    },
    async get(businessId: string, id: string): Promise<StoreSync | null> {
      const row = await repository.findSync(businessId, id);
      return row ? toStoreSync(row) : null;
    },
    /** Resolves when every running sync has ended (used at shutdown and in tests). */
    async idle(): Promise<void> {
      await Promise.all([...running.values()]);
    },
  };
}

export type StoreSyncService = ReturnType<typeof createStoreSyncService>;
