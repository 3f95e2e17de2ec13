import { placeholderAffiliateKeys } from '@pricehunt/affiliate';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGroupCommitQueue, createImmediateQueue, createWriterThreadQueue, type WriteQueue } from '../db/write-queue';
import { createLinkSigner, type LinkSigner } from '../modules/tracking/link-signer';
import type { RedirectAllowList } from '../modules/tracking/redirect-policy';
import { createTrackingService, type TrackingService } from '../modules/tracking/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Write queue of the tracking hot path (group commit on a writer thread unless GROUP_COMMIT=false). */
    writes: WriteQueue;
    /** Signs redirect links the API emits (`linkSigner.redirectPath(url)`). */
    linkSigner: LinkSigner;
    tracking: TrackingService;
    /** Where /api/redirect may send shoppers (known retailers, verified stores, trusted catalog offer links). */
    redirectAllowList: RedirectAllowList;
  }
}

export const trackingServicesPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, sqlite, log } = app;
    const writes = !config.GROUP_COMMIT
      ? createImmediateQueue(sqlite)
      : config.databasePath === ':memory:'
        ? createGroupCommitQueue(sqlite)
        : createWriterThreadQueue(config.databasePath, { connection: sqlite });
    const linkSigner = createLinkSigner(config.redirectSigningSecret);
    const tracking = createTrackingService({ sqlite, log, config, writes, signer: linkSigner });
    app.decorate('writes', writes);
    app.decorate('linkSigner', linkSigner);
    app.decorate('tracking', tracking);
    app.decorate('redirectAllowList', tracking.allowList);
    // Commit whatever waits, and stop the writer thread, before the database closes.
    app.addHook('onClose', async () => writes.close());
    const placeholders = placeholderAffiliateKeys(config.affiliate);
    if (placeholders.length && config.NODE_ENV !== 'test') {
      log.warn({ keys: placeholders }, 'affiliate programme ids are placeholders; set them to earn commissions');
    }
  },
  { name: 'tracking-services', dependencies: ['db'] },
);
