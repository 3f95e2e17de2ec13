import { createRobotsGate, createSafeFetcher, fetchUrlFor, slugQueryFromUrl, type PageReadPool, type SafeFetcher, type StoreOriginOverrides } from '@pricehunt/catalog-identity';
import type { ReadPage } from '@pricehunt/catalog-core';
import type { HostGate } from './host-gate';
import { PageAnswerError, RobotsRefusedError } from './page-failure';
import type { PageReader } from './service';

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)/i;
/** Pages whose reading is kept with their validators, the least recently asked dropped first. */
const KEPT_PAGES = 1000;

/**
 * Reads pasted product pages through the SSRF-safe fetcher (public addresses only, timeouts, size cap,
 * redirect limit), where the shop's robots.txt lets its crawler (`PriceHuntBot`) read them, and the page-identity extractor
 * run in the page-reading pool's threads (`pool`: off the event loop, with a time cap per page). Only structured metadata counts (schema.org Product JSON-LD,
 * microdata, Open Graph): a bare `<title>` says too little, so the URL's slug words are used instead.
 * `hostGate` spaces the requests to one host. `originOverrides` (STORE_ORIGIN_OVERRIDES, never in production) fetch a shop's pages from a server on this machine;
 * the page is still read as the shop's own address (its domain names the shop and its country).
 */
export function createPageReader(options: {
  allowLoopback: boolean;
  pool: PageReadPool;
  fetcher?: SafeFetcher;
  originOverrides?: StoreOriginOverrides;
  hostGate?: HostGate;
}): PageReader {
  const direct = options.fetcher ?? createSafeFetcher({ allowLoopback: options.allowLoopback, timeoutMs: 5000, maxBytes: 3 * 1024 * 1024 });
  // Every request for a shop's page waits for the host's turn (`createHostGate`); its robots.txt, asked once a day,
  // does not.
  const gate = options.hostGate;
  const fetcher: SafeFetcher = gate
    ? {
        async fetch(url, conditions) {
          await gate.wait(new URL(url).host);
          return direct.fetch(url, conditions);
        },
      }
    : direct;
  const overrides = options.originOverrides ?? {};
  // Each shop's robots.txt, kept a day: a page it keeps crawlers from is not read.
  const robots = createRobotsGate({ fetcher: direct });
  // What pages said, with their validators: asked again with them, an unchanged page is a 304 without a body.
  const kept = new Map<string, { etag: string | null; lastModified: string | null; item: ReadPage | null }>();
  return {
    async read(url: string): Promise<ReadPage | null> {
      const fetchUrl = fetchUrlFor(url, overrides);
      if (!(await robots.allows(fetchUrl))) throw new RobotsRefusedError(url);
      const copy = kept.get(fetchUrl);
      const page = await fetcher.fetch(fetchUrl, copy);
      if (page.status === 304 && copy) {
        // The most recently asked stay longest.
        kept.delete(fetchUrl);
        kept.set(fetchUrl, copy);
        return copy.item;
      }
      if (page.status !== 200) throw new PageAnswerError(url, page.status);
      if (page.contentType && !HTML_TYPES.test(page.contentType)) throw new PageAnswerError(url, 200, page.contentType);
      const identity = await options.pool.read(page.body, { url: fetchUrl === url ? page.finalUrl : url });
      const item = !identity || identity.source === 'title-tag' || !identity.title.trim() ? null : identity;
      if (page.etag || page.lastModified) {
        if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value as string);
        kept.set(fetchUrl, { etag: page.etag ?? null, lastModified: page.lastModified ?? null, item });
      }
      return item;
    },
    slugWords: slugWordsOf,
  };
}

/** The words of a link's slug, written as a name (`slugQueryFromUrl`); null when the link has none. */
export function slugWordsOf(url: string): string | null {
  try {
    return slugQueryFromUrl(url);
  } catch {
    return null;
  }
}

/** An HTTP client for feed downloads (GMC feed URLs, Shopify store pages) through the same SSRF guard, with a larger size cap. */
export function createFeedFetcher(options: { allowLoopback: boolean }) {
  const fetcher = createSafeFetcher({ allowLoopback: options.allowLoopback, timeoutMs: 60_000, maxBytes: 200 * 1024 * 1024 });
  return async (url: string) => {
    const page = await fetcher.fetch(url);
    return { status: page.status, text: async () => page.body };
  };
}
