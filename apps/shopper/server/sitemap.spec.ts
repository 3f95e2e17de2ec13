import { categoriesSitemap, productsSitemap, robotsTxt, sitemapIndex } from './sitemap';

const ORIGIN = 'https://pricehunt.example';
const index = {
  success: true as const,
  products: { count: 20_001, pageSize: 10_000, pages: 3, updatedAt: '2026-11-20T10:00:00.000Z' },
  categories: [{ name: 'Headphones & Earbuds', slug: 'headphones', productCount: 12, entryCount: 12 }],
};

describe('sitemaps', () => {
  it('index the categories and every page of products, with the catalog’s last change', () => {
    const xml = sitemapIndex(ORIGIN, index);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      `<loc>${ORIGIN}/sitemaps/categories.xml</loc>`,
      `<loc>${ORIGIN}/sitemaps/products-1.xml</loc>`,
      `<loc>${ORIGIN}/sitemaps/products-2.xml</loc>`,
      `<loc>${ORIGIN}/sitemaps/products-3.xml</loc>`,
    ]);
    expect(xml).toContain('<lastmod>2026-11-20T10:00:00.000Z</lastmod>');
    expect(categoriesSitemap(ORIGIN, index)).toContain(`<url><loc>${ORIGIN}/browse/headphones</loc>`);
  });

  it('list each product at its own URL with its change, escaped', () => {
    const xml = productsSitemap(ORIGIN, {
      success: true,
      page: 1,
      items: [{ id: 7, title: 'AT&T <Phone> "5G"', categorySlug: null, updatedAt: '2026-11-19T08:00:00.000Z' }],
    });
    expect(xml).toContain(`<url><loc>${ORIGIN}/product/7/at-t-phone-5g</loc><lastmod>2026-11-19T08:00:00.000Z</lastmod></url>`);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|apos;|quot;)/);
  });

  it('robots.txt keeps crawlers out of the API only, and names the sitemap', () => {
    expect(robotsTxt(ORIGIN)).toBe(`User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});
