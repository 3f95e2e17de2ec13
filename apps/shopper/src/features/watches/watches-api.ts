import { apiRequest } from '@pricehunt/api-client';
import {
  watchConfirmResponseSchema,
  watchesListResponseSchema,
  watchPendingResponseSchema,
  watchResponseSchema,
  watchStopResponseSchema,
  type Watch,
  type WatchInput,
  type WatchPatch,
} from '@pricehunt/contracts';

/** What creating a watch answers: the watch (new, or the one the shopper already had), or that an email must confirm it. */
export type WatchCreated = { kind: 'watch'; watch: Watch } | { kind: 'pending'; message: string };

const createdSchema = watchResponseSchema.or(watchPendingResponseSchema);

export const WATCHES_PATH = '/api/shopper/watches';
export const WATCH_CONFIRM_PATH = '/api/watches/confirm';
export const WATCH_STOP_PATH = '/api/watches/stop';

const watchPath = (id: string) => `${WATCHES_PATH}/${encodeURIComponent(id)}`;

/** The shopper's watches on the API (loaded with the watch button or the Watches page, never with the first page). */
export const watchesApi = {
  async list(signal?: AbortSignal): Promise<Watch[]> {
    return (await apiRequest(WATCHES_PATH, { schema: watchesListResponseSchema, signal, errorMessage: 'Your watches could not be loaded' })).watches;
  },
  async create(input: WatchInput): Promise<WatchCreated> {
    const answer = await apiRequest(WATCHES_PATH, { method: 'POST', body: input, schema: createdSchema, errorMessage: 'The watch could not be saved' });
    return 'pending' in answer ? { kind: 'pending', message: answer.message } : { kind: 'watch', watch: answer.watch };
  },
  async update(id: string, patch: WatchPatch): Promise<Watch> {
    return (await apiRequest(watchPath(id), { method: 'PATCH', body: patch, schema: watchResponseSchema, errorMessage: 'The watch could not be changed' })).watch;
  },
  async remove(id: string): Promise<void> {
    // The answer says nothing the page needs (a count, or no body at all).
    await apiRequest(watchPath(id), { method: 'DELETE', errorMessage: 'The watch could not be removed' });
  },
  /** The emailed link that starts a signed-out shopper's watch: answers the name of what is watched now. */
  async confirm(token: string): Promise<string> {
    return (await apiRequest(WATCH_CONFIRM_PATH, { method: 'POST', body: { token }, schema: watchConfirmResponseSchema, errorMessage: 'The watch could not be confirmed' })).title;
  },
  /** The "stop watching" link of a watch's messages: answers the name of what is no longer watched. */
  async stop(token: string): Promise<string> {
    return (await apiRequest(WATCH_STOP_PATH, { method: 'POST', body: { token }, schema: watchStopResponseSchema, errorMessage: 'The watch could not be stopped' })).title;
  },
};
export type WatchesApi = typeof watchesApi;
