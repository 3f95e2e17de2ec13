/**
 * `npm run read:pages -- <page or folder>... [--urls <file.json>] [--format item|benchmark] [--out <file>] [--labels <file.json>]`
 *
 * Reads saved product pages (.html or .htm, either also gzip-compressed) as a pasted link is read, in the page-reading
 * pool, and writes what the reader says of each as one JSON object keyed by the page's file name without extensions;
 * a folder stands for the page files in it. A progress bar and a summary go to stderr.
 * - `--urls`: a JSON object naming each page's address by that key (the address, an object with a `url`, or a replay
 *   path ending in it): the address names the shop and resolves the page's relative links, as a pasted link does.
 * - `--format item` (default): the item as the API answers with it, or null where the page names none, or
 *   `{ "error": … }` where it could not be read (too large, too slow); `benchmark`: the fields of the public
 *   product-extraction benchmark's output files (`dataset/output/*.json`: price, currency, sku, availability with
 *   InStock or OutOfStock, brand, gtin, mpn, name, url), so that its own `evaluate.py` scores the reader on its pages:
 *
 *     npm run -s read:pages -- bench/dataset/html --urls bench/dataset/ground-truth.json --format benchmark \
 *       --out bench/dataset/output/PriceHunt.json
 *
 * - `--labels`: the right answers of each page, as that benchmark's ground truth writes them; the labelled pages are
 *   scored with the metric of `eval:extraction -- --labels annotations` (its own fields and brand, GTIN and MPN), and
 *   the table goes to stderr.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createPageReadPool } from '@pricehunt/catalog-identity';
import { createProgressBar } from '@pricehunt/catalog-feeds';
import { ANNOTATED_FIELDS } from '@pricehunt/catalog-identity/testing';
import { METRIC_HEADER, metricRows } from './extraction/page-metric';
import { addressesFrom, benchmarkFields, labelsFrom, type PageReading, readSavedPages, savedPages, scoreReadings } from './read-pages/saved-pages';
import { formatTable } from './table';

const USAGE = 'usage: npm run read:pages -- <page or folder>... [--urls <file.json>] [--format item|benchmark] [--out <file>] [--labels <file.json>]';

function commandLine() {
  try {
    return parseArgs({ allowPositionals: true, options: { urls: { type: 'string' }, labels: { type: 'string' }, format: { type: 'string', default: 'item' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

/** One page's entry in the output. */
function entryOf(reading: PageReading, format: 'item' | 'benchmark'): unknown {
  if ('error' in reading) return format === 'item' ? { error: reading.error } : benchmarkFields(null, reading.url);
  return format === 'item' ? reading.item : benchmarkFields(reading.item, reading.url);
}

async function main(): Promise<void> {
  const { values, positionals } = commandLine();
  if (values.help) return console.log(USAGE);
  const format = values.format;
  if (format !== 'item' && format !== 'benchmark') throw new Error(`--format must be item or benchmark, not ${format}\n${USAGE}`);
  if (positionals.length === 0) throw new Error(`name at least one page file or folder\n${USAGE}`);
  const pages = savedPages(positionals);
  if (pages.length === 0) throw new Error(`no page files (.html, .htm, either also .gz) in ${positionals.join(', ')}`);
  if (values.urls && !fs.existsSync(values.urls)) throw new Error(`--urls: ${values.urls}: no such file`);
  const addresses = values.urls ? addressesFrom(fs.readFileSync(values.urls, 'utf8'), values.urls) : new Map<string, string>();
  if (values.labels && !fs.existsSync(values.labels)) throw new Error(`--labels: ${values.labels}: no such file`);
  const labels = values.labels ? labelsFrom(fs.readFileSync(values.labels, 'utf8'), values.labels) : null;
  const pool = createPageReadPool();
  const bar = createProgressBar({ label: 'reading pages', unit: 'pages', total: pages.length });
  let readings: PageReading[];
  try {
    readings = await readSavedPages(pages, addresses, pool, () => bar.tick());
  } finally {
    bar.done();
    await pool.close();
  }
  const out: Record<string, unknown> = {};
  for (const reading of readings) out[reading.page.key] = entryOf(reading, format);
  const json = `${JSON.stringify(out, null, 2)}\n`;
  if (values.out) fs.writeFileSync(values.out, json);
  else process.stdout.write(json);
  const failed = readings.filter((r) => 'error' in r).length;
  const empty = readings.filter((r) => !('error' in r) && r.item === null).length;
  const unaddressed = pages.filter((p) => !addresses.has(p.key)).length;
  process.stderr.write(`${pages.length} pages: ${pages.length - failed - empty} items read, ${empty} without an item, ${failed} not read; ${unaddressed} without an address${values.out ? `; written to ${values.out}` : ''}\n`);
  if (labels) {
    const score = scoreReadings(readings, labels);
    process.stderr.write(`\nScored against ${values.labels}: ${score.pages} labelled pages\n\n${formatTable(METRIC_HEADER, metricRows(score.fields, ANNOTATED_FIELDS))}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
