/** robots.txt and the sitemaps, read from the catalog through the API. */
import { sitemapProductsResponseSchema, sitemapResponseSchema } from '@pricehunt/contracts';
import type { RenderOptions } from '../src/entry-server';
import { categoriesSitemap, productsSitemap, robotsTxt, sitemapIndex } from './sitemap';

export interface TextFile {
  status: number;
  type: string;
  body: string;
}

/** The file a crawler asks for at `pathname`; null for any other path. */
export async function crawlerFile(pathname: string, origin: string, api: RenderOptions['api']): Promise<TextFile | null> {
  const xml = (body: string) => ({ status: 200, type: 'application/xml; charset=utf-8', body });
  if (pathname === '/robots.txt') return { status: 200, type: 'text/plain; charset=utf-8', body: robotsTxt(origin) };
  const unavailable = { status: 503, type: 'text/plain; charset=utf-8', body: 'The catalog could not be read; try again later' };
  if (pathname === '/sitemap.xml' || pathname === '/sitemaps/categories.xml') {
    const answer = await api('/api/sitemap');
    if (!answer.ok) return unavailable;
    const index = sitemapResponseSchema.parse(await answer.json());
    return xml(pathname === '/sitemap.xml' ? sitemapIndex(origin, index) : categoriesSitemap(origin, index));
  }
  const products = /^\/sitemaps\/products-(\d{1,6})\.xml$/.exec(pathname);
  if (products) {
    const answer = await api(`/api/sitemap/products?page=${Number(products[1])}`);
    if (answer.status === 404 || answer.status === 400) return { status: 404, type: 'text/plain; charset=utf-8', body: 'No such sitemap page' };
    if (!answer.ok) return unavailable;
    return xml(productsSitemap(origin, sitemapProductsResponseSchema.parse(await answer.json())));
  }
  return null;
}
