/**
 * Page reading over the corpus of real saved product pages, scored per field with the public product-extraction
 * benchmark's metric (precision, recall and F1 per field: price by decimal value, identifiers after folding case and
 * spaces, availability as InStock/OutOfStock, and InStock and OutOfStock alone).
 */
import { extractProductIdentity } from '@pricehunt/catalog-identity';
import { METRIC_FIELDS, loadPageCorpus, metricCorpus } from '@pricehunt/catalog-identity/testing';
import type { PageReaderFn } from './pages';
import type { EvalSection } from './section';

const f3 = (n: number) => n.toFixed(3);

export function pageMetricSection(read: PageReaderFn = (html, url) => extractProductIdentity(html, url ? { url } : {})): EvalSection {
  return {
    name: 'page-metric',
    run() {
      const pages = loadPageCorpus();
      const report = metricCorpus(pages, (html, page) => read(html, page.url ?? undefined));
      const rows = METRIC_FIELDS.map((field) => {
        const s = report.fields[field];
        return [field, f3(s.precision), f3(s.recall), f3(s.f1), String(s.support), `${s.tp}/${s.fp}/${s.fn}`];
      });
      const failures = new Map<string, string[]>();
      for (const e of report.errors) {
        const key = `${e.page.shop} (${e.page.file})`;
        const list = failures.get(key) ?? [];
        list.push(`${e.field} (metric): expected ${JSON.stringify(e.expected)}, got ${JSON.stringify(e.got)}`);
        failures.set(key, list);
      }
      return {
        title: `Product pages, the product-extraction benchmark's metric: ${pages.length} real saved pages`,
        header: ['field', 'precision', 'recall', 'F1', 'support', 'tp/fp/fn'],
        rows,
        failures,
      };
    },
  };
}
