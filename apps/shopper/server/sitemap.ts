/**
 * The sitemaps protocol (sitemaps.org) for the shopper site: an index naming one sitemap of category pages and the
 * pages of product URLs, each URL with its last change (`lastmod`) from the catalog; and robots.txt naming the index.
 */
import type { SitemapProductsResponse, SitemapResponse } from '@pricehunt/contracts';
import { paths } from '../src/config/paths';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

function entry(element: 'url' | 'sitemap', loc: string, lastmod: string | null): string {
  return `  <${element}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</${element}>\n`;
}

/** `/sitemap.xml`: the categories' sitemap and one sitemap per page of products. */
export function sitemapIndex(origin: string, index: SitemapResponse): string {
  const lastmod = index.products.updatedAt;
  let body = entry('sitemap', `${origin}/sitemaps/categories.xml`, lastmod);
  for (let page = 1; page <= index.products.pages; page++) body += entry('sitemap', `${origin}/sitemaps/products-${page}.xml`, lastmod);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}</sitemapindex>\n`;
}

/** `/sitemaps/categories.xml`: browse and each category's page. */
export function categoriesSitemap(origin: string, index: SitemapResponse): string {
  const lastmod = index.products.updatedAt;
  let body = entry('url', `${origin}${paths.browse}`, lastmod);
  for (const category of index.categories) body += entry('url', `${origin}${paths.browseCategory(category.slug)}`, lastmod);
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}</urlset>\n`;
}

/** `/sitemaps/products-<n>.xml`: one page of product URLs. */
export function productsSitemap(origin: string, page: SitemapProductsResponse): string {
  const body = page.items.map((item) => entry('url', `${origin}${paths.product(item.id, item.title)}`, item.updatedAt)).join('');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}</urlset>\n`;
}

/**
 * `/robots.txt`: every page may be crawled but the API; where the sitemap is. Searches and one shopper's pages are
 * crawlable on purpose: they say `noindex` themselves, which a crawler kept out would never read.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
