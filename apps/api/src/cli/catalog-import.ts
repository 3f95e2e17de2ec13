/**
 * `npm run catalog:import -- <file|url|dir> --format gmc|shopify|er-magellan [--retailer NAME] [--store HOST] [--currency XXX] [--at INSTANT]`
 *
 * - gmc: a Google Merchant Center feed, tab-separated or XML, from a file or an http(s) URL;
 * - shopify: a store's public `/products.json`, fetched page by page from the store URL, or a saved products file
 *   (then `--store` names the store the product links point at);
 * - er-magellan: the ER-Magellan tables under a directory (or `SEED_DATA_DIR`); labelled train/valid matches share a product.
 * Bad rows are listed with line, field and reason and skipped; good rows are kept. `--at` (an ISO 8601 instant, such
 * as 2026-05-01T12:00:00Z) dates what the import writes, price history included: a snapshot of a feed taken then.
 * The products' price summaries (deals) are brought up to date at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createProgressBar, FeedFormatError, fetchShopifyPages, readGmcTsv, readGmcXml, readShopifyProducts, type FeedRow, type ProgressBar } from '@pricehunt/catalog-feeds';
import { importErMagellan, type ImportOptions } from '@pricehunt/catalog-core';
import { createFeedFetcher } from '@pricehunt/catalog-search';
import { checkPriceAlerts, CliError, formatAlertCheck, formatImportSummary, openCatalog, type OpenCatalog, readCommandLine, runCli } from './shared';

const USAGE = 'Usage: npm run catalog:import -- <file|url|directory> --format gmc|shopify|er-magellan [--retailer NAME] [--store HOST] [--currency XXX] [--at INSTANT]';
const FORMATS = ['gmc', 'shopify', 'er-magellan'] as const;
type Format = (typeof FORMATS)[number];

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** The first bytes of a file, to tell XML from tab-separated text. */
function readHead(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(512);
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, 512, 0)).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

async function* shopifyRows(store: string, fetcher: ReturnType<typeof createFeedFetcher>, options: { retailer?: string; currency?: string }): AsyncGenerator<FeedRow> {
  let offset = 0;
  const pages = fetchShopifyPages({ store, fetch: fetcher, retailer: options.retailer, currency: options.currency });
  for await (const page of pages) {
    for (const offer of page.result.offers) yield { line: ++offset, offer };
    for (const error of page.result.errors) yield { line: offset + error.line, errors: [{ ...error, line: offset + error.line }] };
  }
}

/** The command line, checked: null when help was asked for. */
function parseCommandLine() {
  const { values, positionals } = readCommandLine({
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      retailer: { type: 'string' },
      store: { type: 'string' },
      currency: { type: 'string' },
      business: { type: 'string' },
      at: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }, USAGE);
  if (values.help) return null;
  const format = values.format as Format | undefined;
  if (!format || !FORMATS.includes(format)) throw new CliError(`--format must be one of ${FORMATS.join(', ')}\n${USAGE}`, 2);
  const input = positionals[0] ?? (format === 'er-magellan' ? process.env.SEED_DATA_DIR : undefined);
  if (!input) throw new CliError(`Name the ${format === 'er-magellan' ? 'directory (or set SEED_DATA_DIR)' : 'file or URL'} to import\n${USAGE}`, 2);
  if (values.currency && !/^[A-Z]{3}$/.test(values.currency)) throw new CliError('--currency must be a three-letter ISO 4217 code such as USD', 2);
  const at = values.at === undefined ? undefined : Date.parse(values.at);
  if (at !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(values.at ?? '') || Number.isNaN(at))) throw new CliError('--at must be an ISO 8601 instant such as 2026-05-01T12:00:00Z', 2);
  if (at !== undefined && format === 'er-magellan') throw new CliError('--at dates gmc and shopify imports only', 2);
  return { values, format, input, at };
}

/** A Google Merchant Center feed, XML or TSV, from a file or a URL. */
async function gmcRows(input: string, fetcher: ReturnType<typeof createFeedFetcher>, gmcOptions: { retailer?: string; defaultCurrency?: string }): Promise<AsyncIterable<FeedRow>> {
  let text: string | fs.ReadStream;
  let xml: boolean;
  if (isUrl(input)) {
    const response = await fetcher(input);
    if (response.status !== 200) throw new CliError(`${input} answered HTTP ${response.status}`);
    text = await response.text();
    xml = /^\s*</.test(text);
  } else {
    if (!fs.existsSync(input)) throw new CliError(`${input} does not exist`);
    xml = /\.xml$/i.test(input) || /^\s*</.test(readHead(input));
    text = fs.createReadStream(input);
  }
  return xml ? readGmcXml(text, gmcOptions) : readGmcTsv(text, gmcOptions);
}

/** The ER-Magellan benchmark tables of a directory, each with its own progress bar. */
async function importErMagellanTables(storage: OpenCatalog['storage'], catalog: OpenCatalog['catalog'], input: string): Promise<void> {
  let bar: ProgressBar | null = null;
  const results = await importErMagellan(catalog.ingestion, input, {
    onTable: (label) => {
      bar?.done();
      bar = createProgressBar({ label, unit: 'rows' });
    },
    onProgress: (_label, p) => bar?.update(p.rows),
  });
  (bar as ProgressBar | null)?.done();
  for (const { dataset, side, summary } of results) console.log(`\n${formatImportSummary(`${dataset} table${side}`, summary, 5)}`);
  console.log(`\nCatalog now holds ${(await storage.catalog.countOffers()).toLocaleString('en-US')} offers in ${(await storage.catalog.countProducts()).toLocaleString('en-US')} products.`);
  if (results.some((result) => result.summary.status === 'failed')) process.exitCode = 1;
}

async function main() {
  const parsed = parseCommandLine();
  if (!parsed) {
    console.log(USAGE);
    return;
  }
  const { values, format, input, at } = parsed;

  const { storage, catalog, config, close } = await openCatalog();
  const fetcher = createFeedFetcher({ allowLoopback: config.FETCH_ALLOW_LOOPBACK });
  try {
    if (format === 'er-magellan') {
      await importErMagellanTables(storage, catalog, input);
      return;
    }

    const bar = createProgressBar({ label: `Importing ${path.basename(input)} (${format})`, unit: 'rows' });
    const options: ImportOptions = {
      format,
      source: input,
      retailer: values.retailer ? { name: values.retailer } : null,
      businessId: values.business ?? null,
      onProgress: (p) => bar.update(p.rows),
      ...(at !== undefined ? { now: () => new Date(at).toISOString() } : {}),
    };
    let rows: AsyncIterable<FeedRow>;
    if (format === 'gmc') {
      rows = await gmcRows(input, fetcher, { retailer: values.retailer, defaultCurrency: values.currency });
    } else if (isUrl(input) && !values.store) {
      rows = shopifyRows(input, fetcher, { retailer: values.retailer, currency: values.currency });
      options.retailer = values.retailer ? { name: values.retailer } : { name: new URL(input).hostname.replace(/^www\./, ''), id: new URL(input).hostname.replace(/^www\./, '') };
    } else {
      if (!values.store) throw new CliError('--store HOST is required with a saved products.json file: product links are built on it', 2);
      if (!fs.existsSync(input)) throw new CliError(`${input} does not exist`);
      rows = readShopifyProducts(fs.readFileSync(input, 'utf8'), { store: values.store, retailer: values.retailer, currency: values.currency });
    }
    const summary = await catalog.ingestion.importRows(rows, options);
    bar.done();
    console.log(formatImportSummary(`Import of ${input} (${format})`, summary));
    if (summary.inserted + summary.updated > 0) {
      console.log(formatAlertCheck(await checkPriceAlerts(storage, config)));
      console.log(`Price summaries: ${(await catalog.priceSummaries.refresh()).toLocaleString('en-US')} brought up to date`);
    }
    if (summary.status === 'failed') process.exitCode = 1;
  } catch (error) {
    if (error instanceof FeedFormatError) throw new CliError(`${input}: ${error.message}`);
    throw error;
  } finally {
    await close();
  }
}

runCli(main);
