import type { ReadPage } from '@pricehunt/catalog-core';
import type { Logger } from './logger';
import type { WatchRepository } from '@pricehunt/storage';

/** Puts a read page in the catalog as the offer of its link; answers the offer and its product, or null when it is not placed. */
export type PlacePage = (url: string, item: ReadPage) => Promise<{ offerId: number; productId: number } | null>;

/** Reads a watched page: its product's identity (price, stock), null when it names none; rejects when it cannot be read. */
export interface WatchedPageReader {
  read(url: string): Promise<ReadPage | null>;
}

export interface WatchRound {
  pages: number;
  read: number;
  failed: number;
  watches: number;
  events: number;
  sent: number;
  deliveryFailures: number;
}

/**
 * The watch loop: every interval it reads each watched link once (through the API's page reader: politeness gate,
 * robots.txt, conditional requests) and places the page in the catalog (the offer's price point recorded when it
 * changed); a page that fails to read leaves its offer as it was until the next round. Then every active watch is
 * evaluated and the due deliveries are sent. One line of counts per round.
 */
export function createWatchLoop(deps: {
  repo: WatchRepository;
  reader: WatchedPageReader;
  place: PlacePage;
  /** Evaluates every active watch (events recorded once, with their deliveries). */
  evaluate: () => Promise<{ watches: number; events: number }>;
  /** Sends the deliveries due now. */
  deliver: () => Promise<{ sent: number; failed: number }>;
  /** Told after a round that placed pages (price summaries). */
  afterPlaced?: () => Promise<void>;
  log: Logger;
  clock?: () => number;
}) {
  const clock = deps.clock ?? Date.now;

  async function round(): Promise<WatchRound> {
    const urls = await deps.repo.watchedUrls();
    const counts: WatchRound = { pages: urls.length, read: 0, failed: 0, watches: 0, events: 0, sent: 0, deliveryFailures: 0 };
    for (const url of urls) {
      try {
        const item = await deps.reader.read(url);
        const placed = item ? await deps.place(url, item) : null;
        await deps.repo.notePageRead(url, clock(), placed);
        counts.read += 1;
      } catch (error) {
        counts.failed += 1;
        deps.log.warn({ url, err: error }, `watched page not read: ${url} (${error instanceof Error ? error.message : String(error)}); tried again next round`);
      }
    }
    if (counts.read > 0 && deps.afterPlaced) await deps.afterPlaced().catch((error: unknown) => deps.log.warn({ err: error }, 'what follows the watched pages failed'));
    const evaluated = await deps.evaluate();
    counts.watches = evaluated.watches;
    counts.events = evaluated.events;
    const delivered = await deps.deliver();
    counts.sent = delivered.sent;
    counts.deliveryFailures = delivered.failed;
    // A round with nothing watched is told at debug level only: a short interval would fill the log.
    (counts.pages + counts.watches + counts.sent + counts.deliveryFailures > 0 ? deps.log.info : deps.log.debug).call(
      deps.log,
      { ...counts },
      `watch round: ${counts.pages} pages (${counts.read} read, ${counts.failed} failed), ${counts.watches} watches, ${counts.events} events, ${counts.sent} sent, ${counts.deliveryFailures} delivery failures`,
    );
    return counts;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .catch((error: unknown) => deps.log.error({ err: error }, 'the watch round failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    round,
    /** A round now, then one every `intervalMs`. */
    start(intervalMs: number) {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
