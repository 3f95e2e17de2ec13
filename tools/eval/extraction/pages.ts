/** Page reading over the corpus of real saved product pages (libs/catalog/identity/src/fixtures/pages). */
import { extractProductIdentity } from '@pricehunt/catalog-identity';
import { PAGE_CORPUS_FIELDS, loadPageCorpus, scoreCorpus, type ReadItem } from '@pricehunt/catalog-identity/testing';
import { pct, type EvalSection } from './section';

/** The reader under test; the bench swaps in the previous one. */
export type PageReaderFn = (html: string, url: string | undefined) => ReadItem | null;

export function pagesSection(read: PageReaderFn = (html, url) => extractProductIdentity(html, url ? { url } : {})): EvalSection {
  return {
    name: 'pages',
    run() {
      const pages = loadPageCorpus();
      const score = scoreCorpus(pages, (html, page) => read(html, page.url ?? undefined));
      const rows = PAGE_CORPUS_FIELDS.map((field) => {
        const s = score.fields[field];
        return [field === 'price' ? 'price+currency' : field, pct(s.correct, s.n), s.markupN === undefined ? '' : pct(s.markupCorrect ?? 0, s.markupN)];
      });
      const failures = new Map<string, string[]>();
      for (const f of score.failures) {
        const key = `${f.page.shop} (${f.page.file})`;
        const list = failures.get(key) ?? [];
        list.push(`${f.field}: expected ${JSON.stringify(f.verdict.expected)}, got ${JSON.stringify(f.verdict.got)}`);
        failures.set(key, list);
      }
      const shops = new Set(pages.map((p) => p.shop)).size;
      return { title: `Product pages: ${pages.length} real saved pages from ${shops} shops`, header: ['field', 'all pages', 'markup states it'], rows, failures };
    },
  };
}
