/**
 * Page reading over the corpus of real saved product pages, scored per field with the public product-extraction
 * benchmark's metric (precision, recall and F1 per field: price by decimal value, identifiers after folding case and
 * spaces, availability as InStock/OutOfStock, and InStock and OutOfStock alone), and the reading time per page.
 */
import { performance } from 'node:perf_hooks';
import { extractProductIdentity } from '@pricehunt/catalog-identity';
import { ANNOTATED_FIELDS, METRIC_FIELDS, annotatedValues, loadPageCorpus, metricCorpus, readCorpusPage, type CorpusPage, type MetricField, type MetricScore } from '@pricehunt/catalog-identity/testing';
import type { PageReaderFn } from './pages';
import type { EvalRunOptions, EvalSection } from './section';

const f3 = (n: number) => n.toFixed(3);

/** The columns of the metric's table. */
export const METRIC_HEADER = ['field', 'precision', 'recall', 'F1', 'support', 'tp/fp/fn'];

/** The metric's table rows for some fields: field, precision, recall, F1, support, tp/fp/fn. */
export function metricRows(scores: Record<MetricField, MetricScore>, fields: readonly MetricField[]): string[][] {
  return fields.map((field) => {
    const s = scores[field];
    return [field, f3(s.precision), f3(s.recall), f3(s.f1), String(s.support), `${s.tp}/${s.fp}/${s.fn}`];
  });
}

/** The value below which the share `q` of the sorted samples lies (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] as number;
}

/**
 * A page's HTML with its structured data taken out: JSON-LD scripts, the Open Graph, product and Twitter meta tags,
 * and the microdata and RDFa attributes (itemprop, itemscope, itemtype, property, typeof, vocab, wherever the words
 * stand before "=", so also in a script's text; `content` but on meta tags). What is left is what the page shows and its other scripts.
 */
export function withoutMarkup(html: string): string {
  return html
    .replace(/<script\b[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<meta\b[^>]*\b(?:property|name)\s*=\s*["']?(?:og:|product:|twitter:)[^>]*>/gi, '')
    .replace(/\s(?:itemprop|itemscope|itemtype|itemid|itemref|property|typeof|vocab)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?(?=[\s/>])/gi, '')
    .replace(/<(?!meta\b)[a-z][a-z0-9-]*\s[^>]*>/gi, (tag) => tag.replace(/\scontent\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi, ''));
}

/** The pages of one batch (pages without a mark are batch 1), or all of them. */
export function pagesOfBatch(pages: readonly CorpusPage[], batch: number | undefined): CorpusPage[] {
  return batch === undefined ? [...pages] : pages.filter((p) => (p.batch ?? 1) === batch);
}

/**
 * The pages whose source repository's name holds `source` (case aside), or all of them: `product-extraction-benchmark`
 * keeps the pages of Zyte's product-extraction benchmark, whose values its own annotators read.
 */
export function pagesFromSource(pages: readonly CorpusPage[], source: string | undefined): CorpusPage[] {
  if (source === undefined) return [...pages];
  const wanted = source.toLowerCase();
  return pages.filter((p) => p.source.repository.toLowerCase().includes(wanted));
}

/**
 * Milliseconds the reader takes per page: one warm-up pass over every page (so compilation and caches do not count),
 * then one timed call per page. The pages are gunzipped before timing.
 */
export function timeReading(pages: readonly CorpusPage[], read: PageReaderFn): { median: number; p99: number; max: number } {
  const inputs = pages.map((page) => ({ html: readCorpusPage(page), url: page.url ?? undefined }));
  for (const input of inputs) read(input.html, input.url);
  const times: number[] = [];
  for (const input of inputs) {
    const start = performance.now();
    read(input.html, input.url);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p99: quantile(times, 0.99), max: times[times.length - 1] ?? Number.NaN };
}

/** The reader with a throw turned into no answer, each throw noted by page (a crash scores as reading nothing). */
function guarded(read: PageReaderFn, crashes: Map<string, string>): PageReaderFn {
  return (html, url) => {
    try {
      return read(html, url);
    } catch (error) {
      crashes.set(url ?? '(no address)', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      return null;
    }
  };
}

export function pageMetricSection(readPage: PageReaderFn = (html, url) => extractProductIdentity(html, url ? { url } : {})): EvalSection {
  return {
    name: 'page-metric',
    run(options: EvalRunOptions = {}) {
      const crashes = new Map<string, string>();
      const read = guarded(readPage, crashes);
      const annotated = options.labels === 'annotations';
      const pages = pagesFromSource(pagesOfBatch(loadPageCorpus(), options.batch), options.source).filter((p) => !annotated || p.annotations);
      if (pages.length === 0) {
        throw new Error(`--source: no corpus page${options.batch === undefined ? '' : ` of batch ${options.batch}`}${annotated ? ' with annotations' : ''} comes from a repository named like "${options.source}"`);
      }
      const prepare = options.withoutMarkup ? withoutMarkup : (html: string) => html;
      const report = metricCorpus(pages, (html, page) => read(prepare(html), page.url ?? undefined), annotated ? annotatedValues : undefined);
      const rows = metricRows(report.fields, annotated ? ANNOTATED_FIELDS : METRIC_FIELDS);
      const failures = new Map<string, string[]>();
      for (const e of report.errors) {
        const key = `${e.page.shop} (${e.page.file})`;
        const list = failures.get(key) ?? [];
        list.push(`${e.field} (metric): expected ${JSON.stringify(e.expected)}, got ${JSON.stringify(e.got)}`);
        failures.set(key, list);
      }
      const time = timeReading(pages, read);
      const shops = new Set(pages.map((p) => p.shop)).size;
      const repositories = [...new Set(pages.map((p) => p.source.repository))].join(', ');
      const which = `${options.batch === undefined ? '' : ` of batch ${options.batch}`}${options.source === undefined ? '' : ` from ${repositories}`}`;
      const stripped = `${options.withoutMarkup ? ', their JSON-LD, microdata and meta tags taken out' : ''}${annotated ? ", scored against their source's published annotations" : ''}`;
      return {
        title: `Product pages, the product-extraction benchmark's metric: ${pages.length} real saved pages${which} from ${shops} shops${stripped}`,
        header: METRIC_HEADER,
        rows,
        failures,
        notes: [
          `Reading time per page (after a warm-up pass): median ${time.median.toFixed(1)} ms, p99 ${time.p99.toFixed(1)} ms, max ${time.max.toFixed(1)} ms`,
          ...[...crashes].map(([url, message]) => `The reader threw on ${url} (scored as no answer): ${message}`),
        ],
      };
    },
  };
}
