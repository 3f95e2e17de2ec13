/** Product URL recognition over the corpus of real product URLs (libs/shared/marketplace/src/lib/product-urls.corpus.json). */
import fs from 'node:fs';
import path from 'node:path';
import { extractProductId } from '@pricehunt/marketplace';
import { pct, type EvalSection } from './section';

interface UrlCase {
  url: string;
  retailer: string;
  id: string;
  source: string;
}

export const URL_CORPUS = path.join(__dirname, '..', '..', '..', 'libs', 'shared', 'marketplace', 'src', 'lib', 'product-urls.corpus.json');

export function urlsSection(): EvalSection {
  return {
    name: 'urls',
    run() {
      const cases = (JSON.parse(fs.readFileSync(URL_CORPUS, 'utf8')) as { urls: UrlCase[] }).urls;
      const byRetailer = new Map<string, { n: number; correct: number }>();
      const failures = new Map<string, string[]>();
      for (const c of cases) {
        const got = extractProductId(c.url);
        const ok = got?.retailer === c.retailer && got.id === c.id;
        const s = byRetailer.get(c.retailer) ?? { n: 0, correct: 0 };
        s.n++;
        if (ok) s.correct++;
        byRetailer.set(c.retailer, s);
        if (!ok) failures.set(c.retailer, [...(failures.get(c.retailer) ?? []), `${c.url} → expected ${c.id}, got ${got ? `${got.retailer} ${got.id}` : 'nothing'}`]);
      }
      const total = [...byRetailer.values()].reduce((a, s) => ({ n: a.n + s.n, correct: a.correct + s.correct }), { n: 0, correct: 0 });
      const rows = [...[...byRetailer.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([r, s]) => [r, pct(s.correct, s.n)]), ['all', pct(total.correct, total.n)]];
      return { title: `Product URLs: ${cases.length} real URLs`, header: ['retailer', 'recognised (retailer + id)'], rows, failures };
    },
  };
}
