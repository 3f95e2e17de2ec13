import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode, WATCH_LIMITS, type PageFailure, type Watch, type WatchInput, type WatchNotifyInput, type WatchPatch } from '@pricehunt/contracts';
import { badRequest, conflict, HttpError, notFound } from '@pricehunt/http-errors';
import { WATCH_CONFIRM_INVALID, WATCH_CONFIRM_TTL_MS, WATCH_STOP_INVALID, watchConfirmationEmail, type Mailer } from '@pricehunt/notifications';
import type { SearchService } from '@pricehunt/catalog-search';
import type { ProductReads } from '@pricehunt/catalog-core';
import type { WatchChannelInput, WatchRepository } from '@pricehunt/storage';

export const WATCH_NOT_FOUND = 'This watch is not among your watches';
export const WATCH_PRODUCT_NOT_FOUND = 'productId names no product in the catalog';
export const WATCHES_FULL = `You can keep at most ${WATCH_LIMITS.perShopper} watches; remove some first`;
export const WATCH_ONE_TARGET = 'Give either url (a product link) or productId, not both';
export const WATCH_NO_CHANNEL = 'notify must name at least one channel: email, ntfyUrl or webhookUrl';
export const WATCH_EMAIL_REQUIRED = 'email is required to watch without signing in';
export const WATCH_PENDING_MESSAGE = 'Check your email: open the link we sent to start watching.';
export const WATCH_LINK_NAMES_NOTHING = 'This link names no product we could find';

const PAGE_FAILURE_TEXT: Record<PageFailure, string> = {
  unreachable: 'did not answer',
  timeout: 'took too long to answer',
  blocked: 'refused to let us read it',
  robots: 'asks crawlers not to read it',
  'not-found': 'says it does not exist',
  'server-error': 'answered with an error',
  'not-a-page': 'is not a web page',
  'read-timeout': 'sent a page that took too long to read',
  'no-product': 'names no product we can read',
};

const unprocessable = (message: string, field: string) => new HttpError(422, ErrorCode.validation, message, field, [{ field, message }]);
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** The channels of a watch's `notify` (none given: email alone); 400 on `notify` when it names none. */
export function channelsOf(notify: WatchNotifyInput | undefined, email: string): WatchChannelInput[] {
  if (notify === undefined) return [{ channel: 'email', destination: email }];
  const channels: WatchChannelInput[] = [];
  if (notify.email === true) channels.push({ channel: 'email', destination: email });
  if (notify.ntfyUrl) channels.push({ channel: 'ntfy', destination: notify.ntfyUrl });
  if (notify.webhookUrl) channels.push({ channel: 'webhook', destination: notify.webhookUrl });
  if (channels.length === 0) throw badRequest(WATCH_NO_CHANNEL, 'notify');
  return channels;
}

/** What a watch's input names: a catalog product, or a link read and placed as the paste endpoint does. */
interface Target {
  target: string;
  productId: number | null;
  offerId: number | null;
  url: string | null;
  title: string;
}

interface WatchDeps {
  repo: WatchRepository;
  catalog: Pick<ProductReads, 'getProduct'>;
  search: SearchService;
  mailer: Mailer;
  shopperAppUrl: string;
  clock?: () => number;
}

/** The product or link a watch's input names, checked: 404 for an unknown product, 422 for a link that names nothing. */
async function resolveTarget(deps: Pick<WatchDeps, 'catalog' | 'search'>, input: WatchInput): Promise<Target> {
  if ((input.url === undefined) === (input.productId === undefined)) throw badRequest(WATCH_ONE_TARGET, 'url');
  if (input.productId !== undefined) {
    const product = await deps.catalog.getProduct(input.productId);
    if (!product) throw notFound(WATCH_PRODUCT_NOT_FOUND);
    return { target: `product:${product.id}`, productId: product.id, offerId: null, url: null, title: product.title };
  }
  const url = input.url as string;
  const answer = await deps.search.search({ requestId: randomUUID(), url });
  if (answer.unreadPage) throw unprocessable(`We could not read this page: ${answer.unreadPage.shop} ${PAGE_FAILURE_TEXT[answer.unreadPage.reason]}`, 'url');
  const productId = answer.product?.id ?? null;
  const offerId = answer.source.offerId;
  if (productId === null && offerId === null) throw unprocessable(WATCH_LINK_NAMES_NOTHING, 'url');
  const title = answer.product?.title ?? answer.source.title ?? url;
  return { target: `url:${answer.source.canonicalUrl ?? url}`, productId, offerId, url, title };
}

type NewWatchArgs = [target: Target, owner: { shopperId: string | null; email: string }, input: WatchInput, pending: { tokenHash: string; expiresAt: number } | null];

/** A new watch's row: active for a signed-in shopper, pending its emailed link (`pending`) for an address. */
function watchRow(createdAt: number, ...[target, owner, input, pending]: NewWatchArgs) {
  return {
    id: randomUUID(),
    shopperId: owner.shopperId,
    owner: owner.shopperId ? `shopper:${owner.shopperId}` : `email:${owner.email}`,
    email: owner.email,
    status: pending ? ('pending' as const) : ('active' as const),
    confirmTokenHash: pending?.tokenHash ?? null,
    confirmExpiresAt: pending?.expiresAt ?? null,
    stopToken: randomBytes(24).toString('base64url'),
    ...target,
    targetPriceCents: input.targetPriceCents ?? null,
    createdAt,
  };
}

/** Shoppers' watches: signed in (the account's), or signed out by an address that confirms by an emailed link. */
export function createWatchService(deps: WatchDeps) {
  const clock = deps.clock ?? Date.now;
  const resolve = (input: WatchInput) => resolveTarget(deps, input);
  const newWatch = (...args: NewWatchArgs) => watchRow(clock(), ...args);

  return {
    /** A signed-in shopper's watch: created (201), or the shopper's watch of the same target updated (200). */
    async watch(shopper: { id: string; email: string }, input: WatchInput): Promise<{ watch: Watch; created: boolean }> {
      const channels = channelsOf(input.notify, shopper.email);
      const target = await resolve(input);
      const saved = await deps.repo.save(newWatch(target, { shopperId: shopper.id, email: shopper.email }, input, null), channels, WATCH_LIMITS.perShopper, {
        replaceActive: true,
        at: clock(),
      });
      if (saved.kind === 'full') throw conflict(WATCHES_FULL, 'url');
      return { watch: saved.watch, created: saved.kind === 'created' };
    },

    /**
     * A signed-out watch: pending until the link mailed to `email` is opened. The answer is the same whether or not
     * the address has an account; an address's active watch of the same target is left as it is.
     */
    async watchSignedOut(input: WatchInput): Promise<void> {
      if (!input.email) throw badRequest(WATCH_EMAIL_REQUIRED, 'email');
      const email = input.email.trim().toLowerCase();
      const channels = channelsOf(input.notify, email);
      const target = await resolve(input);
      const token = randomBytes(24).toString('base64url');
      const saved = await deps.repo.save(
        newWatch(target, { shopperId: null, email }, input, { tokenHash: sha256(token), expiresAt: clock() + WATCH_CONFIRM_TTL_MS }),
        channels,
        WATCH_LIMITS.perShopper,
        { replaceActive: false, at: clock() },
      );
      if (saved.kind === 'full') throw conflict(WATCHES_FULL, 'url');
      if (saved.kind === 'exists') return;
      await deps.mailer.send(watchConfirmationEmail(email, saved.watch.title, token, deps.shopperAppUrl));
    },

    list(shopperId: string): Promise<Watch[]> {
      return deps.repo.list(shopperId, WATCH_LIMITS.perShopper);
    },

    async update(shopper: { id: string; email: string }, id: string, patch: WatchPatch): Promise<Watch> {
      if (patch.targetPriceCents === undefined && patch.notify === undefined && patch.resume === undefined) {
        throw badRequest('Give targetPriceCents, notify or resume', 'body');
      }
      const channels = patch.notify !== undefined ? channelsOf(patch.notify, shopper.email) : undefined;
      const watch = await deps.repo.update(
        shopper.id,
        id.toLowerCase(),
        { ...(patch.targetPriceCents !== undefined ? { targetPriceCents: patch.targetPriceCents } : {}), ...(channels ? { channels } : {}), ...(patch.resume ? { resume: true } : {}) },
        clock(),
      );
      if (!watch) throw notFound(WATCH_NOT_FOUND);
      return watch;
    },

    async remove(shopperId: string, id: string): Promise<number> {
      const removed = await deps.repo.remove(shopperId, id.toLowerCase());
      if (removed === 0) throw notFound(WATCH_NOT_FOUND);
      return removed;
    },

    async confirm(token: string): Promise<{ title: string; confirmed: true }> {
      const title = await deps.repo.confirm(sha256(token), clock());
      if (title === null) throw badRequest(WATCH_CONFIRM_INVALID, 'token');
      return { title, confirmed: true };
    },

    async stop(token: string): Promise<{ title: string; stopped: true }> {
      const title = await deps.repo.stop(token);
      if (title === null) throw badRequest(WATCH_STOP_INVALID, 'token');
      return { title, stopped: true };
    },
  };
}
export type WatchService = ReturnType<typeof createWatchService>;
