import { apiRequest, isApiError, type FetchLike } from '@pricehunt/api-client';
import { searchResultSchema, shopperSessionResponseSchema, watchesListResponseSchema, type SearchResult } from '@pricehunt/contracts';
import { comparisonOf } from '../lib/comparison';
import { productPageOf } from '../lib/detect';
import type { AccountReply, CompareReply, ExtensionRequest, WatchReply } from '../lib/messages';
import { panelOn, type Settings } from '../lib/settings';

/** Who asks: a retailer's page (the content script) or the extension's own pages (the popup's paste box). */
export type Asker = 'page' | 'extension';

/** An answer is asked for again after this long (the popup opened on a page whose panel just asked reuses it). */
const ANSWER_TTL_MS = 5 * 60_000;
const ANSWER_LIMIT = 20;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'The request failed');

/** What the service works with: the settings, and (for tests) the fetch, the clock and the request ids. */
interface ServiceDeps {
  settings: () => Promise<Settings>;
  fetch?: FetchLike;
  now?: () => number;
  newId?: () => string;
}

/** Asks the API to watch a product's price; an email is needed when no shopper is signed in. */
async function watch(deps: ServiceDeps, productId: number, email: string | undefined): Promise<WatchReply> {
  const settings = await deps.settings();
  try {
    const answer = await apiRequest<{ pending?: boolean; message?: string }>('/api/shopper/watches', {
      method: 'POST',
      baseUrl: settings.apiUrl,
      body: email ? { productId, email } : { productId },
      fetch: deps.fetch,
      errorMessage: 'The watch could not be saved',
    });
    return answer.pending
      ? { ok: true, status: 'pending', message: answer.message ?? 'Open the link we emailed you to start the watch.' }
      : { ok: true, status: 'watching', message: 'Watching: we will tell you when the price drops.' };
  } catch (error) {
    if (isApiError(error) && error.field === 'email') return { ok: false, needsEmail: true, error: error.message };
    return { ok: false, error: messageOf(error) };
  }
}

/** The signed-in shopper's email and watches, or no email when no one is signed in. */
async function account(deps: ServiceDeps): Promise<AccountReply> {
  const settings = await deps.settings();
  try {
    const common = { baseUrl: settings.apiUrl, fetch: deps.fetch };
    const session = await apiRequest('/api/shopper/auth/session', { ...common, schema: shopperSessionResponseSchema });
    if (!session.user) return { ok: true, email: null, watches: [], siteUrl: settings.siteUrl };
    const list = await apiRequest('/api/shopper/watches', { ...common, schema: watchesListResponseSchema });
    return { ok: true, email: session.user.email, watches: list.watches, siteUrl: settings.siteUrl };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/**
 * The background worker's work: the only code of the extension that calls the API. A page may ask only about its own
 * address, and only when it is a known retailer's product page whose site has the panel on; nothing else is sent.
 */
export function createBackgroundService(deps: ServiceDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const answers = new Map<string, { at: number; result: Promise<SearchResult> }>();

  function search(settings: Settings, url: string): Promise<SearchResult> {
    const key = `${settings.apiUrl} ${url}`;
    const kept = answers.get(key);
    if (kept && now() - kept.at < ANSWER_TTL_MS) return kept.result;
    const result = apiRequest('/api/search', {
      method: 'POST',
      baseUrl: settings.apiUrl,
      body: { requestId: newId(), url },
      schema: searchResultSchema,
      fetch: deps.fetch,
      errorMessage: 'PriceHunt could not compare this page',
    });
    answers.set(key, { at: now(), result });
    result.catch(() => answers.delete(key));
    if (answers.size > ANSWER_LIMIT) answers.delete(answers.keys().next().value as string);
    return result;
  }

  async function compare(url: string, asker: Asker): Promise<CompareReply> {
    const settings = await deps.settings();
    let address: string;
    if (asker === 'page') {
      const page = productPageOf(url);
      if (!page) return { ok: false, error: 'Not a product page of a known store' };
      if (!panelOn(settings, page.host)) return { ok: true, off: true };
      address = page.url;
    } else {
      address = url.trim();
    }
    try {
      const result = await search(settings, address);
      return { ok: true, comparison: comparisonOf(result, settings, address) };
    } catch (error) {
      return { ok: false, error: messageOf(error) };
    }
  }

  return {
    handle(request: ExtensionRequest, asker: Asker): Promise<CompareReply | WatchReply | AccountReply> {
      if (request.type === 'compare') return compare(request.url, asker);
      if (request.type === 'watch') return watch(deps, request.productId, request.email);
      return account(deps);
    },
  };
}
