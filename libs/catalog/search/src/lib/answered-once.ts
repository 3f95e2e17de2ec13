import type { SearchBody, SearchResult } from '@pricehunt/contracts';
import { conflict } from '@pricehunt/http-errors';
import type { SearchRequestRepository } from './ports';

const inputOf = (body: SearchBody) => JSON.stringify([body.url ?? null, body.url !== undefined ? null : (body.query ?? null)]);

/**
 * Searches answered once each and stored under their request id. Searches being answered are kept by request id and,
 * for a pasted link, by link: the same search asked again meanwhile (the shopper site's server gave up waiting for a
 * page being read and the browser asks itself) waits for that answer instead of running a second time: a second run
 * would find the offer the first one is placing and answer something else, and would read the page twice.
 */
export function createAnsweredOnce(deps: { requests: SearchRequestRepository; clock: () => Date; run: (body: SearchBody) => Promise<SearchResult> }) {
  const { requests, clock, run } = deps;
  const answering = new Map<string, { input: string; answer: Promise<SearchResult> }>();
  const readingLink = new Map<string, Promise<SearchResult>>();

  /** The stored answer of the request id for the same input, null when there is none; another input's is a conflict. */
  async function storedAnswer(body: SearchBody): Promise<SearchResult | null> {
    const stored = await requests.get(body.requestId);
    if (!stored) return null;
    if (stored.inputUrl === (body.url ?? null) && stored.query === (body.url !== undefined ? null : (body.query ?? null))) return stored.result;
    throw conflict('requestId is already used by another search', 'requestId');
  }

  /** Stores an answer under its request id; a request id stored meanwhile keeps its first answer. */
  async function store(body: SearchBody, result: SearchResult): Promise<SearchResult> {
    const saved = await requests.save({
      requestId: result.requestId,
      inputUrl: result.input.url,
      query: result.input.query,
      identifiedBy: result.identifiedBy,
      productId: result.product?.id ?? null,
      sessionId: body.sessionId ?? null,
      result,
    });
    if (!saved) return (await requests.get(body.requestId))?.result ?? result;
    return result;
  }

  /** Answers a search once: the stored answer of its request id, or a new one, stored. */
  async function answerOnce(body: SearchBody): Promise<SearchResult> {
    return (await storedAnswer(body)) ?? store(body, await run(body));
  }

  /**
   * The answer of the search of the same link another request is having answered, under this request's id (stored as
   * its own); a new search when that one failed.
   */
  async function answerAs(body: SearchBody, first: Promise<SearchResult>): Promise<SearchResult> {
    const stored = await storedAnswer(body);
    if (stored) return stored;
    const result = await first.catch(() => null);
    if (!result) return answerOnce(body);
    return store(body, { ...result, requestId: body.requestId, createdAt: clock().toISOString() });
  }

  return {
    /**
     * Answers a search and stores the answer under its request id. Repeating a request id with the same input
     * answers the stored result (or waits for the one being answered); reusing it for another input is a conflict.
     */
    async search(body: SearchBody): Promise<SearchResult> {
      const pending = answering.get(body.requestId);
      if (pending) {
        if (pending.input !== inputOf(body)) throw conflict('requestId is already used by another search', 'requestId');
        return pending.answer;
      }
      const sameLink = body.url !== undefined ? readingLink.get(body.url) : undefined;
      const answer = sameLink ? answerAs(body, sameLink) : answerOnce(body);
      answering.set(body.requestId, { input: inputOf(body), answer });
      if (body.url !== undefined && !sameLink) readingLink.set(body.url, answer);
      try {
        return await answer;
      } finally {
        answering.delete(body.requestId);
        if (body.url !== undefined && readingLink.get(body.url) === answer) readingLink.delete(body.url);
      }
    },
    /** The stored answer of a request id, or null. */
    get: async (requestId: string) => (await requests.get(requestId))?.result ?? null,
  };
}
