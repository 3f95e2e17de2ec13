import { placeholderAffiliateKeys } from '@pricehunt/affiliate';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLinkSigner, type LinkSigner } from '../modules/tracking/link-signer';
import type { RedirectAllowList } from '../modules/tracking/redirect-policy';
import { createTrackingService, type TrackingService } from '../modules/tracking/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs redirect links the API emits (`linkSigner.redirectPath(url)`). */
    linkSigner: LinkSigner;
    tracking: TrackingService;
    /** Where /api/redirect may send shoppers (known retailers, verified stores, trusted catalog offer links). */
    redirectAllowList: RedirectAllowList;
  }
}

export const trackingServicesPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, storage, log } = app;
    const linkSigner = createLinkSigner(config.redirectSigningSecret);
    const tracking = createTrackingService({ repo: storage.tracking, trust: storage.redirectTrust, log, config, signer: linkSigner, now: app.clock.now });
    app.decorate('linkSigner', linkSigner);
    app.decorate('tracking', tracking);
    app.decorate('redirectAllowList', tracking.allowList);
    // Commit whatever waits (and stop the SQLite writer thread) before the database closes.
    app.addHook('onClose', async () => storage.tracking.close());
    const placeholders = placeholderAffiliateKeys(config.affiliate);
    if (placeholders.length && config.NODE_ENV !== 'test') {
      log.warn({ keys: placeholders }, 'affiliate programme ids are placeholders; set them to earn commissions');
    }
  },
  { name: 'tracking-services', dependencies: ['db'] },
);
