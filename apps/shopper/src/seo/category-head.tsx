import type { BrowseResponse } from '@pricehunt/contracts';
import { paths } from '../config/paths';
import { scriptJson } from './json-ld';
import { SiteHead } from './site-head';

/** schema.org `ItemList` of a category page: its products in the page's order, each at its own URL. */
export function categoryJsonLd(answer: BrowseResponse, origin: string, url: string): Record<string, unknown> {
  const first = (answer.page - 1) * answer.pageSize;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: answer.category?.name ?? 'All products',
    url,
    numberOfItems: answer.total,
    itemListElement: answer.items.map((product, index) => ({
      '@type': 'ListItem',
      position: first + index + 1,
      url: `${origin}${paths.product(product.id, product.title)}`,
      name: product.title,
    })),
  };
}

/**
 * A category page's `<head>`: title, description, canonical URL (the page number kept, filters and order left out),
 * Open Graph and Twitter card tags, and the JSON-LD. Pages of a filtered or reordered list are `noindex`.
 */
export function CategoryHead({ answer, origin, filtered }: { answer: BrowseResponse; origin: string; filtered: boolean }) {
  const name = answer.category?.name ?? 'All products';
  const base = answer.category ? paths.browseCategory(answer.category.slug) : paths.browse;
  const path = answer.page > 1 ? `${base}?page=${answer.page}` : base;
  const title = `${name}: compare prices${answer.page > 1 ? `, page ${answer.page}` : ''} · PriceHunt`;
  const description = `Compare prices of ${answer.total.toLocaleString('en-US')} ${name.toLowerCase()} products across retailers, cheapest first, with price history and price alerts.`;
  return (
    <>
      <SiteHead origin={origin} path={path} title={title} description={description} />
      {filtered || answer.sort !== 'offers' ? <meta name="robots" content="noindex, follow" /> : null}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(categoryJsonLd(answer, origin, `${origin}${path}`)) }} />
    </>
  );
}
