import { extractProductIdentity } from '@pricehunt/catalog-identity';
import type { CorpusPage } from '@pricehunt/catalog-identity/testing';
import { pagesFromSource, withoutMarkup } from './page-metric';

describe('a corpus page read without its markup', () => {
  const page = [
    '<!doctype html><html><head><title>Desk Lamp</title>',
    '<meta property="og:title" content="Desk Lamp"><meta property="product:price:amount" content="29.00"><meta name="twitter:card" content="product">',
    '<meta name="description" content="A lamp">',
    '<script type="application/ld+json">{"@type":"Product","name":"Desk Lamp","sku":"L-1","offers":{"price":"29.00","priceCurrency":"USD"}}</script>',
    '<script>var shown = true;</script></head>',
    '<body itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Desk Lamp</h1>',
    '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span class="price" itemprop="price" content="29.00">$29.00</span></div>',
    '<span property="schema:sku" typeof="x" vocab="https://schema.org/">L-1</span></body></html>',
  ].join('');

  it('keeps what the page shows and its other scripts, and takes out JSON-LD, microdata, RDFa and product meta tags', () => {
    const stripped = withoutMarkup(page);
    expect(stripped).not.toMatch(/ld\+json|itemprop|itemscope|itemtype|og:title|product:price|twitter:card|property=|typeof=|vocab=/);
    expect(stripped).toContain('<meta name="description" content="A lamp">');
    expect(stripped).toContain('<script>var shown = true;</script>');
    expect(stripped).toContain('<h1>Desk Lamp</h1>');
    expect(stripped).toContain('<span class="price">$29.00</span>');
  });

  it('leaves the reader only the page as shown: the price from its price element, no sku from markup', () => {
    expect(extractProductIdentity(page, { url: 'https://lamps.example.com/p/desk-lamp' })).toMatchObject({ priceCents: 2900, sku: 'L-1' });
    const read = extractProductIdentity(withoutMarkup(page), { url: 'https://lamps.example.com/p/desk-lamp' });
    expect(read?.priceCents).toBe(2900);
    expect(read?.sku ?? null).toBeNull();
  });
});

describe('corpus pages chosen by their source', () => {
  const page = (repository: string, file: string) => ({ file, source: { repository, path: 'p', commit: 'c' } }) as unknown as CorpusPage;
  const pages = [page('scrapinghub/product-extraction-benchmark', 'a'), page('scrapinghub/extruct', 'b'), page('calgo-lab/green-db', 'c')];

  it('keeps the pages whose repository is named like the text, case aside, and all pages without one', () => {
    expect(pagesFromSource(pages, 'Product-Extraction-Benchmark').map((p) => p.file)).toEqual(['a']);
    expect(pagesFromSource(pages, 'scrapinghub').map((p) => p.file)).toEqual(['a', 'b']);
    expect(pagesFromSource(pages, undefined)).toHaveLength(3);
    expect(pagesFromSource(pages, 'nosuch')).toEqual([]);
  });
});
