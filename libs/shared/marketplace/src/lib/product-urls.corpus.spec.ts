import fs from 'node:fs';
import path from 'node:path';
import { canonicalizeUrl } from './canonicalize';
import { extractProductId } from './product-id';

interface UrlCase {
  url: string;
  retailer: string;
  id: string;
  source: string;
}

const cases = (JSON.parse(fs.readFileSync(path.join(__dirname, 'product-urls.corpus.json'), 'utf8')) as { urls: UrlCase[] }).urls;

describe('real product URLs (product-urls.corpus.json)', () => {
  it.each(cases.map((c) => [c.url, c.retailer, c.id] as const))('%s → %s %s', (url, retailer, id) => {
    expect(extractProductId(url)).toEqual({ retailer, id });
  });

  it('canonicalises every Amazon form, on every Amazon store, to /dp/<ASIN> of that store', () => {
    for (const c of cases.filter((x) => x.retailer === 'amazon')) {
      const host = new URL(c.url).hostname.replace(/^(?:www|smile)\./, '');
      expect(canonicalizeUrl(c.url)).toBe(`https://${host}/dp/${c.id}`);
    }
  });

  it('does not take a ten-letter category of a /d/ link for an ASIN', () => {
    expect(extractProductId('https://www.amazon.com/d/Headphones')).toBeNull();
    expect(extractProductId('https://www.amazon.com/d/Electronics/Headphones')).toBeNull();
  });
});
