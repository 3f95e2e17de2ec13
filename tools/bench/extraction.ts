/**
 * `npm run bench:extraction [-- --rounds N --heavy 50 --heavy-mb 5]`
 *
 * What reading a product page costs, the previous reader (regular expressions over the raw HTML, as of commit a405f23)
 * against the current one (parse5's element tree), side by side in one run over the corpus of real saved pages
 * (libs/catalog/identity/src/fixtures/pages):
 * - the previous reader's two files are taken from git (`git show a405f23:…`) into a temporary folder and imported
 *   from there, so both readers run in the same process on the same pages;
 * - each page is read once by each reader to warm up, then `rounds` times (default 5) by each, the two alternating
 *   page by page so both see the same machine load; a page's time is the median of its rounds;
 * - prints milliseconds per page (median, p90, max, total over the corpus) and each reader's accuracy per field
 *   (the `eval:extraction` pages section, run on each reader);
 * - then the page-reading pool (./extraction-pool): per-page time in the pool against on the calling thread (median,
 *   p99), and the real API's /api/health latency (p50, p99) while `heavy` pages of `heavy-mb` MB are read in its pool,
 *   against read on its event loop.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { extractProductIdentity } from '@pricehunt/catalog-identity';
import { loadPageCorpus, readCorpusPage, type ReadItem } from '@pricehunt/catalog-identity/testing';
import { pagesSection } from '../eval/extraction/pages';
import { formatTable } from '../eval/table';
import { healthUnderLoadSection, poolReadingSection } from './extraction-pool';

const PREVIOUS_COMMIT = 'a405f23';
const ROOT = path.resolve(__dirname, '../..');

type Extract = (html: string, options?: { url?: string }) => ReadItem | null;

/** The previous reader, from git into a temporary folder; its workspace import points at the library's source. */
async function loadPreviousReader(): Promise<{ extract: Extract; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-old-reader-'));
  const show = (file: string) => execFileSync('git', ['show', `${PREVIOUS_COMMIT}:libs/catalog/identity/src/lib/${file}`], { cwd: ROOT, encoding: 'utf8' });
  const matching = path.join(ROOT, 'libs/catalog/matching/src/index.ts');
  fs.writeFileSync(path.join(dir, 'html.ts'), show('html.ts'));
  fs.writeFileSync(path.join(dir, 'page-identity.ts'), show('page-identity.ts').replace(/from '@pricehunt\/catalog-matching'/g, `from ${JSON.stringify(matching)}`));
  const mod = (await import(pathToFileURL(path.join(dir, 'page-identity.ts')).href)) as { extractProductIdentity: Extract };
  return { extract: mod.extractProductIdentity, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
const median = (values: readonly number[]) => quantile([...values].sort((a, b) => a - b), 0.5);
const ms = (value: number) => value.toFixed(2);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, heavy: { type: 'string', default: '50' }, 'heavy-mb': { type: 'string', default: '5' } } });
  const rounds = Math.max(1, Number(values.rounds) || 5);
  const pages = loadPageCorpus().map((page) => ({ page, html: readCorpusPage(page), options: page.url ? { url: page.url } : {} }));
  const previous = await loadPreviousReader();
  try {
    const readers: [string, Extract][] = [
      [`previous (regular expressions, ${PREVIOUS_COMMIT})`, previous.extract],
      ['current (parse5 element tree)', (html, options) => extractProductIdentity(html, options)],
    ];
    const times = readers.map(() => pages.map(() => [] as number[]));
    for (const { html, options } of pages) for (const [, extract] of readers) extract(html, options); // warm-up
    for (let round = 0; round < rounds; round++) {
      pages.forEach(({ html, options }, p) => {
        readers.forEach(([, extract], r) => {
          const start = performance.now();
          extract(html, options);
          (times[r] as number[][])[p]?.push(performance.now() - start);
        });
      });
    }
    const kb = pages.map(({ html }) => Buffer.byteLength(html) / 1024).sort((a, b) => a - b);
    console.log(`\nPage reading cost: ${pages.length} real saved pages (median ${kb[Math.floor(kb.length / 2)]?.toFixed(0)} KB, largest ${kb[kb.length - 1]?.toFixed(0)} KB), ${rounds} rounds each, Node ${process.version}\n`);
    const rows = readers.map(([name], r) => {
      const perPage = (times[r] as number[][]).map(median).sort((a, b) => a - b);
      const total = perPage.reduce((sum, t) => sum + t, 0);
      return [name, ms(quantile(perPage, 0.5)), ms(quantile(perPage, 0.9)), ms(perPage[perPage.length - 1] ?? 0), ms(total)];
    });
    console.log(formatTable(['reader', 'median ms/page', 'p90 ms/page', 'max ms/page', 'corpus ms'], rows));

    const reports = await Promise.all(readers.map(async ([, extract]) => pagesSection((html, url) => extract(html, url ? { url } : {})).run()));
    const fields = reports[0]?.rows.map((row) => row[0] as string) ?? [];
    console.log('\nAccuracy over the same pages (all pages; markup states it)\n');
    console.log(
      formatTable(
        ['field', ...readers.map(([name]) => name.replace(/ \(.*$/, ''))],
        fields.map((field, i) => [field, ...reports.map((report) => [report.rows[i]?.[1], report.rows[i]?.[2]].filter(Boolean).join('; '))]),
      ),
    );
  } finally {
    previous.cleanup();
  }
  await poolReadingSection(pages, rounds);
  await healthUnderLoadSection(pages, Math.max(1, Number(values.heavy) || 50), Math.max(0.1, Number(values['heavy-mb']) || 5));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
