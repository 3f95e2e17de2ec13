/**
 * `npm run eval:extraction [-- --verbose] [--section <name>] [--batch <n>] [--source <repository>] [--without-markup]`
 *
 * How well PriceHunt reads what shoppers paste: accuracy per field over corpora of real material, one section each
 * (tools/eval/extraction/*.ts). `--verbose` lists every failure, grouped by shop; `--batch <n>` scores one batch of the
 * page corpus alone: 1 the first 127 pages, 2 the 45 added after them, 3 the 65 computer-screen offers and shop pages
 * after those, 4 scrapely's samples and AmazonParser's pages, 5 the 59 pages of 43 shops added next, 6, 7, 8 and 9
 * the pages added after them, each scored before the reader was tuned on it (sections without batches ignore it);
 * `--source <text>` scores the pages whose source repository's name holds the text (`product-extraction-benchmark`: the
 * pages of Zyte's benchmark, labelled by its annotators; page-metric only);
 * `--without-markup` reads the corpus pages with their JSON-LD, microdata and meta tags taken out (page-metric only);
 * `--labels annotations` scores the pages whose source published its own annotations against those (Zyte's
 * benchmark's ground truth: its annotators' conventions and gaps), where the default `corpus` scores every page against
 * the corpus's labels (page-metric only).
 */
import { parseArgs } from 'node:util';
import { feedsSection } from './extraction/feeds';
import { pageMetricSection } from './extraction/page-metric';
import { pagesSection } from './extraction/pages';
import { pricesSection } from './extraction/prices';
import { readerWeightsSection } from './extraction/reader-weights';
import type { EvalSection } from './extraction/section';
import { urlsSection } from './extraction/urls';
import { formatTable } from './table';

/** The sections, in the order printed. Add a corpus by adding its section here. */
const SECTIONS: EvalSection[] = [
  pagesSection(),
  pageMetricSection(),
  readerWeightsSection(),
  urlsSection(),
  pricesSection(),
  feedsSection(),
];

const USAGE = `usage: npm run eval:extraction -- [--verbose] [--section ${SECTIONS.map((section) => section.name).join('|')}] [--batch <n>] [--source <repository>] [--without-markup] [--labels corpus|annotations]`;

function commandLine() {
  try {
    return parseArgs({ options: { verbose: { type: 'boolean', short: 'v', default: false }, section: { type: 'string', multiple: true }, batch: { type: 'string' }, source: { type: 'string' }, 'without-markup': { type: 'boolean', default: false }, labels: { type: 'string', default: 'corpus' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

async function main(): Promise<void> {
  const { values } = commandLine();
  if (values.help) return console.log(USAGE);
  const wanted = values.section && values.section.length > 0 ? new Set(values.section) : null;
  const unknown = [...(wanted ?? [])].filter((name) => !SECTIONS.some((section) => section.name === name));
  if (unknown.length > 0) throw new Error(`--section: no section named ${unknown.join(', ')}\n${USAGE}`);
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && !(Number.isInteger(batch) && batch >= 1)) throw new Error(`--batch must be a whole number from 1, not ${values.batch}`);
  const labels = values.labels;
  if (labels !== 'corpus' && labels !== 'annotations') throw new Error(`--labels must be corpus or annotations, not ${labels}\n${USAGE}`);
  for (const section of SECTIONS) {
    if (wanted && !wanted.has(section.name)) continue;
    const report = await section.run({ batch, source: values.source, withoutMarkup: values['without-markup'], labels });
    console.log(`\n${report.title}\n`);
    console.log(formatTable(report.header, report.rows));
    for (const note of report.notes ?? []) console.log(`\n${note}`);
    if (values.verbose && report.failures.size > 0) {
      console.log('\nFailures:');
      for (const [group, lines] of [...report.failures.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        console.log(`  ${group}`);
        for (const line of lines) console.log(`    ${line}`);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
