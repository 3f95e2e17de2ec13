/**
 * `npm run eval:prices -- [--api <url>] [--shopper <url> | --no-shopper] [--limit N] [--timeout <ms>] [--allow-fail]`
 *
 * Audits a running PriceHunt against its own catalog: for every product shoppers may see (the sitemap API's pages),
 * whether its best price is one truth everywhere (the product API and the offer it marks, a search for one of its
 * offers' links, the browse listing, the deals, the server-rendered page's JSON-LD and header), whether that price is
 * an in-stock new single-unit offer's with known shipping when it has one, whether out-of-stock offers stay below the
 * ones that can be bought and carry no saving, how many products have a picture (and the page gives it a size), and
 * whether products sold by two retailers or more are named by what their offers agree on rather than as one listing.
 * Prints a table; exits 1 when a check fails more products than it allows (none; 5% for pictures, 10% for names) (`--allow-fail`: 0, the table alone). Requests go 4 at a time, each with a time limit; a product gone
 * meanwhile (404) is counted apart.
 * Defaults: --api http://127.0.0.1:3000, --shopper http://127.0.0.1:4200 (`--no-shopper` skips the pages), --timeout 20000.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { BROWSE_MAX_PAGE_SIZE, DEALS_MAX_LIMIT } from '@pricehunt/contracts';
import { createProgressBar } from '@pricehunt/catalog-feeds';
import { CHECKS, checkProduct, exceedsTolerance, newTallies, readProductDetail, readSearchResult, share, tallyRows, TALLY_HEADER, type Evidence } from './price-truth/checks';
import { readProductPage } from './price-truth/page';
import { formatTable } from './table';

const CONCURRENCY = 4;

interface Options {
  api: string;
  shopper: string | null;
  limit: number | null;
  timeoutMs: number;
  allowFail: boolean;
}

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      api: { type: 'string', default: 'http://127.0.0.1:3000' },
      shopper: { type: 'string', default: 'http://127.0.0.1:4200' },
      'no-shopper': { type: 'boolean', default: false },
      limit: { type: 'string' },
      timeout: { type: 'string', default: '20000' },
      'allow-fail': { type: 'boolean', default: false },
    },
  });
  const whole = (name: string, value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0, not "${value}"`);
    return n;
  };
  const origin = (name: string, value: string) => {
    try {
      return new URL(value).origin;
    } catch {
      throw new Error(`--${name} must be a URL such as http://127.0.0.1:3000, not "${value}"`);
    }
  };
  return {
    api: origin('api', values.api),
    shopper: values['no-shopper'] ? null : origin('shopper', values.shopper),
    limit: values.limit === undefined ? null : whole('limit', values.limit),
    timeoutMs: whole('timeout', values.timeout),
    allowFail: values['allow-fail'],
  };
}

/** An answer that is no success: its status (404: the thing is gone) and a short reason. */
class HttpFailure extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  text: string;
}

async function call(url: string, timeoutMs: number, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? { accept: 'application/json, text/html' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new HttpFailure(null, name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `request failed (${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)})`);
  }
  const text = await response.text();
  if (!response.ok) throw new HttpFailure(response.status, `HTTP ${response.status}`);
  return { status: response.status, text };
}

async function json(url: string, timeoutMs: number, init?: { method?: string; body?: unknown }): Promise<unknown> {
  const { text } = await call(url, timeoutMs, init);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpFailure(null, 'answer is no JSON');
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isGone = (error: unknown) => error instanceof HttpFailure && error.status === 404;

/** Runs `work` on every item, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

interface Page<T> {
  items: T[];
}

/** The products of every sitemap page, in id order. */
async function sitemapProductIds(options: Options): Promise<number[]> {
  const index = (await json(`${options.api}/api/sitemap`, options.timeoutMs)) as { products: { pages: number } };
  const ids: number[] = [];
  for (let page = 1; page <= Math.max(1, index.products.pages); page++) {
    try {
      const answer = (await json(`${options.api}/api/sitemap/products?page=${page}`, options.timeoutMs)) as Page<{ id: number }>;
      ids.push(...answer.items.map((item) => item.id));
    } catch (error) {
      if (isGone(error)) break;
      throw error;
    }
  }
  return ids;
}

/** Every product's best price as the browse listing's summaries give it. */
async function browseBestPrices(options: Options): Promise<Map<number, number | null>> {
  const prices = new Map<number, number | null>();
  for (let page = 1; ; page++) {
    const answer = (await json(`${options.api}/api/browse?sort=name&pageSize=${BROWSE_MAX_PAGE_SIZE}&page=${page}`, options.timeoutMs)) as Page<{ id: number; bestPriceCents: number | null }> & { total: number };
    for (const item of answer.items) prices.set(item.id, item.bestPriceCents);
    if (answer.items.length === 0 || page * BROWSE_MAX_PAGE_SIZE >= answer.total) return prices;
  }
}

/** Every deal, page after page. */
async function allDeals(options: Options): Promise<Map<number, NonNullable<Evidence['deal']>>> {
  const deals = new Map<number, NonNullable<Evidence['deal']>>();
  let cursor: string | null = null;
  do {
    const answer = (await json(`${options.api}/api/deals?limit=${DEALS_MAX_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, options.timeoutMs)) as Page<{
      product: { id: number; bestPriceCents: number | null };
      priceCents: number;
    }> & { nextCursor: string | null };
    for (const deal of answer.items) deals.set(deal.product.id, { priceCents: deal.priceCents, productBestPriceCents: deal.product.bestPriceCents });
    cursor = answer.nextCursor;
  } while (cursor);
  return deals;
}

/** What one product's answers say; null when it is gone. */
async function gather(id: number, options: Options, browse: Map<number, number | null>, deals: Map<number, NonNullable<Evidence['deal']>>): Promise<Evidence | null> {
  const detailUrl = `${options.api}/api/products/${id}`;
  let product: Evidence['product'];
  try {
    product = readProductDetail(await json(detailUrl, options.timeoutMs));
  } catch (error) {
    if (isGone(error)) return null;
    throw new Error(`product API: ${reason(error)}`);
  }
  const evidence: Evidence = { product, browse: browse.has(product.id) ? { listed: true, bestPriceCents: browse.get(product.id) ?? null } : { listed: false } };
  const deal = deals.get(product.id);
  if (deal) evidence.deal = deal;

  // A shopper pastes the link of the offer listed first (the best price's, when there is one).
  const pasted = product.offers.find((offer) => offer.isBestPrice) ?? product.offers[0];
  if (pasted) {
    try {
      const answer = readSearchResult(await json(`${options.api}/api/search`, options.timeoutMs, { method: 'POST', body: { requestId: randomUUID(), url: pasted.url } }));
      evidence.search = { pastedOfferId: pasted.id, answer };
    } catch (error) {
      evidence.search = { pastedOfferId: pasted.id, error: reason(error) };
    }
  }

  if (options.shopper) {
    // Any slug answers 301 to the product's own address.
    try {
      const { text } = await call(`${options.shopper}/product/${product.id}/p`, options.timeoutMs);
      evidence.page = { facts: readProductPage(text) };
    } catch (error) {
      if (isGone(error)) {
        // Gone meanwhile, or a page missing for a product the API has.
        const still = await call(detailUrl, options.timeoutMs).then(
          () => true,
          (again: unknown) => !isGone(again),
        );
        if (!still) return null;
      }
      evidence.page = { error: `product page: ${reason(error)}` };
    }
  }
  return evidence;
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    console.error(reason(error));
    return 2;
  }
  const started = Date.now();
  const listed = await sitemapProductIds(options);
  const ids = options.limit === null ? listed : listed.slice(0, options.limit);
  const browse = await browseBestPrices(options);
  const deals = await allDeals(options);

  const tallies = newTallies(CHECKS);
  const problems: string[] = [];
  let gone = 0;
  const bar = createProgressBar({ label: 'checking products', unit: 'products', total: ids.length });
  await eachLimited(ids, CONCURRENCY, async (id) => {
    try {
      const evidence = await gather(id, options, browse, deals);
      if (evidence) checkProduct(tallies, evidence);
      else gone++;
    } catch (error) {
      problems.push(`#${id} ${reason(error)}`);
    } finally {
      bar.tick();
    }
  });
  bar.done();

  console.log(
    `\nPriceHunt at ${options.api}${options.shopper ? `, pages from ${options.shopper}` : ' (pages not checked)'}: ${ids.length} of ${listed.length} sitemap products checked` +
      ` in ${((Date.now() - started) / 1000).toFixed(1)} s; ${gone} gone meanwhile, ${problems.length} unreadable; browse lists ${browse.size}, deals ${deals.size}\n`,
  );
  console.log(formatTable(TALLY_HEADER, tallyRows(tallies)));
  const failing = tallies.filter((tally) => tally.failing > 0);
  if (failing.length > 0) {
    console.log('\nFirst failures:');
    for (const tally of failing) {
      console.log(`  ${tally.check.label} (${tally.failing}, ${share(tally.failing, tally.checked)})`);
      for (const failure of tally.firstFailures) console.log(`    #${failure.productId} ${failure.reason}`);
    }
  }
  if (problems.length > 0) {
    console.log(`\nProducts whose answers could not be read (${problems.length}):`);
    for (const line of problems.slice(0, 5)) console.log(`  ${line}`);
  }
  // A check fails the audit when more products fail it than it allows.
  const failed = tallies.filter(exceedsTolerance);
  if (failed.length > 0) console.log(`\nOver their tolerance: ${failed.map((tally) => tally.check.label).join('; ')}`);
  return (failed.length > 0 || problems.length > 0) && !options.allowFail ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(reason(error));
    process.exitCode = 1;
  },
);
