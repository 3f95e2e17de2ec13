import {
  type FetchLike,
  fetchShopifyProducts,
  htmlToText,
  parseShopifyProducts,
  readShopifyProducts,
  shopifyProductsPageUrl,
  shopifyStopReason,
  storeOrigin,
} from './shopify';
import { FeedFormatError } from './stream';

const product = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  title: `Trail Runner ${id}`,
  handle: `trail-runner-${id}`,
  body_html: '<p>Light &amp; fast.<br>Made in <b>Portugal</b>.</p>',
  vendor: 'Acme',
  product_type: 'Shoes',
  images: [
    { id: 1, src: 'https://cdn.shopify.com/s/files/1/main.jpg', variant_ids: [] },
    { id: 2, src: '//cdn.shopify.com/s/files/1/red.jpg', variant_ids: [id * 10 + 2] },
  ],
  variants: [
    { id: id * 10 + 1, title: 'Default Title', sku: `TR-${id}`, barcode: '036000291452', price: '120.00', compare_at_price: '150.00', available: true },
    { id: id * 10 + 2, title: 'Red / 42', sku: null, barcode: 'INTERNAL-7', price: '99.5', compare_at_price: null, available: false },
  ],
  ...overrides,
});

describe('Shopify products.json', () => {
  it('keeps every image of a product: the variant’s own first, else the product’s first, the others after it', () => {
    const images = [
      { id: 1, src: '//cdn.shopify.com/s/files/1/front.jpg', variant_ids: [] },
      { id: 2, src: 'https://cdn.shopify.com/s/files/1/side.jpg', variant_ids: [] },
      { id: 3, src: 'https://cdn.shopify.com/s/files/1/blue.jpg', variant_ids: [92] },
    ];
    const variants = [
      { id: 91, title: 'Black', price: '10.00', available: true },
      { id: 92, title: 'Blue', price: '10.00', available: true },
      { id: 93, title: 'Green', price: '10.00', available: true, featured_image: { src: 'https://cdn.shopify.com/s/files/1/green.jpg' } },
    ];
    const result = parseShopifyProducts(JSON.stringify({ products: [product(9, { images, variants }), product(8, { images: [] })] }), { store: 'shop.example.com' });
    const pictures = result.offers.map((offer) => [offer.externalId, offer.imageUrl, offer.additionalImageUrls]);
    expect(pictures).toEqual([
      ['91', 'https://cdn.shopify.com/s/files/1/front.jpg', ['https://cdn.shopify.com/s/files/1/side.jpg', 'https://cdn.shopify.com/s/files/1/blue.jpg']],
      ['92', 'https://cdn.shopify.com/s/files/1/blue.jpg', ['https://cdn.shopify.com/s/files/1/front.jpg', 'https://cdn.shopify.com/s/files/1/side.jpg']],
      [
        '93',
        'https://cdn.shopify.com/s/files/1/green.jpg',
        ['https://cdn.shopify.com/s/files/1/front.jpg', 'https://cdn.shopify.com/s/files/1/side.jpg', 'https://cdn.shopify.com/s/files/1/blue.jpg'],
      ],
      ['81', undefined, undefined],
      ['82', undefined, undefined],
    ]);
  });

  it('makes one offer per variant', () => {
    const result = parseShopifyProducts(JSON.stringify({ products: [product(7)] }), { store: 'shop.example.com', retailer: 'acme' });
    expect(result.errors).toEqual([]);
    expect(result.total).toBe(2);
    expect(result.offers).toEqual([
      {
        externalId: '71',
        retailer: 'acme',
        url: 'https://shop.example.com/products/trail-runner-7?variant=71',
        title: 'Trail Runner 7',
        description: 'Light & fast. Made in Portugal.',
        brand: 'Acme',
        gtin: '036000291452',
        priceCents: 12000,
        currency: 'USD',
        compareAtPriceCents: 15000,
        availability: 'in_stock',
        condition: 'new',
        imageUrl: 'https://cdn.shopify.com/s/files/1/main.jpg',
        additionalImageUrls: ['https://cdn.shopify.com/s/files/1/red.jpg'],
        category: 'Shoes',
        sku: 'TR-7',
      },
      {
        externalId: '72',
        retailer: 'acme',
        url: 'https://shop.example.com/products/trail-runner-7?variant=72',
        title: 'Trail Runner 7 - Red / 42',
        description: 'Light & fast. Made in Portugal.',
        brand: 'Acme',
        priceCents: 9950,
        currency: 'USD',
        availability: 'out_of_stock',
        condition: 'new',
        imageUrl: 'https://cdn.shopify.com/s/files/1/red.jpg',
        additionalImageUrls: ['https://cdn.shopify.com/s/files/1/main.jpg'],
        category: 'Shoes',
      },
    ]);
  });

  it('prefers the variant featured image and uses the store currency', () => {
    const p = product(1);
    const [first, second] = p.variants;
    p.variants = [{ ...first, featured_image: { src: 'https://cdn.shopify.com/v.jpg' } } as never, second as never];
    const result = parseShopifyProducts({ products: [p] }, { store: 'https://shop.example.com/', currency: 'EUR' });
    expect(result.offers[0]).toMatchObject({ imageUrl: 'https://cdn.shopify.com/v.jpg', currency: 'EUR' });
  });

  it('skips bad variants and products with errors naming their path', () => {
    const bad = product(2, {
      variants: [
        { id: 21, title: 'A', price: 'abc', available: true },
        { id: 22, title: 'B', price: '-3.00', available: true },
        { title: 'C', price: '3.00' },
        { id: 24, title: 'D', price: '4.00', available: true },
      ],
    });
    const result = parseShopifyProducts({ products: [product(1), bad, { id: 3, title: 'x', variants: [] }, 'junk'] }, { store: 'shop.example.com' });
    expect(result.offers.map((o) => o.externalId)).toEqual(['11', '12', '24']);
    expect(result.errors).toEqual([
      { line: 2, field: 'products[1].variants[0].price', reason: '"abc" is not a price (expected e.g. "15.00 USD")' },
      { line: 2, field: 'products[1].variants[1].price', reason: 'must not be negative' },
      { line: 2, field: 'products[1].variants[2].id', reason: 'is required' },
      { line: 3, field: 'products[2].handle', reason: 'is missing or not a URL handle' },
      { line: 3, field: 'products[2].variants', reason: 'has no variants' },
      { line: 4, field: 'products[3]', reason: 'is not an object' },
    ]);
  });

  it('rejects documents that are not product lists', () => {
    expect(() => parseShopifyProducts('{"products":', { store: 'shop.example.com' })).toThrow(FeedFormatError);
    expect(() => parseShopifyProducts({ items: [] }, { store: 'shop.example.com' })).toThrow('Expected a JSON object with a "products" array');
    expect(() => parseShopifyProducts({ products: [] }, { store: 'not a host' })).toThrow('"not a host" is not a store address');
  });

  it('streams rows with progress', async () => {
    const progress: number[] = [];
    const ids: string[] = [];
    for await (const row of readShopifyProducts({ products: [product(1), product(2)] }, { store: 'shop.example.com', progressEvery: 3, onProgress: (p) => progress.push(p.rows) })) {
      ids.push(row.offer?.externalId ?? 'error');
    }
    expect(ids).toEqual(['11', '12', '21', '22']);
    expect(progress).toEqual([3, 4]);
  });

  it('turns product HTML into text', () => {
    expect(htmlToText('<style>p{}</style><p>A&nbsp;&quot;b&quot; &#233;</p>')).toBe('A "b" é');
    expect(htmlToText('<p> </p>')).toBeUndefined();
    expect(htmlToText(`<p>${'x'.repeat(20000)}</p>`)?.length).toBe(10000);
  });
});

describe('Shopify page planner', () => {
  it('builds page URLs', () => {
    expect(shopifyProductsPageUrl('Shop.Example.com', 3)).toBe('https://shop.example.com/products.json?limit=250&page=3');
    expect(shopifyProductsPageUrl('https://x.myshopify.com/collections/all', 1, 50)).toBe('https://x.myshopify.com/products.json?limit=50&page=1');
    expect(() => shopifyProductsPageUrl('shop.example.com', 0)).toThrow(RangeError);
    expect(() => shopifyProductsPageUrl('shop.example.com', 1, 251)).toThrow(RangeError);
    expect(storeOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(() => storeOrigin('ftp://shop.example.com')).toThrow(FeedFormatError);
  });

  it('decides when to stop', () => {
    expect(shopifyStopReason(1, [], undefined, 10)).toBe('empty-page');
    expect(shopifyStopReason(2, ['1', '2'], ['1', '2'], 10)).toBe('repeated-page');
    expect(shopifyStopReason(2, ['3'], ['1', '2'], 10)).toBeUndefined();
    expect(shopifyStopReason(10, ['3'], ['1'], 10)).toBe('max-pages');
  });

  const pagedFetch = (pages: unknown[][], calls: string[]): FetchLike => async (url) => {
    calls.push(url);
    const page = Number(new URL(url).searchParams.get('page'));
    return { status: 200, text: async () => JSON.stringify({ products: pages[page - 1] ?? [] }) };
  };

  it('fetches page by page until an empty page', async () => {
    const calls: string[] = [];
    const seen: number[] = [];
    const pages = [[product(1), product(2)], [product(3, { variants: [{ id: 31, price: 'x', available: true }] })]];
    const result = await fetchShopifyProducts({ store: 'shop.example.com', limit: 2, fetch: pagedFetch(pages, calls), onPage: (p) => seen.push(p.page) });
    expect(calls).toEqual([
      'https://shop.example.com/products.json?limit=2&page=1',
      'https://shop.example.com/products.json?limit=2&page=2',
      'https://shop.example.com/products.json?limit=2&page=3',
    ]);
    expect(seen).toEqual([1, 2]);
    expect(result.pages).toBe(2);
    expect(result.stop).toBe('empty-page');
    expect(result.offers.map((o) => o.externalId)).toEqual(['11', '12', '21', '22']);
    expect(result.errors).toEqual([{ line: 3, field: 'products[0].variants[0].price', reason: '"x" is not a price (expected e.g. "15.00 USD")' }]);
  });

  it('stops when a store ignores the page parameter, and at the page cap', async () => {
    const calls: string[] = [];
    const same: FetchLike = async (url) => {
      calls.push(url);
      return { status: 200, text: async () => JSON.stringify({ products: [product(1)] }) };
    };
    const repeated = await fetchShopifyProducts({ store: 'shop.example.com', fetch: same });
    expect(repeated).toMatchObject({ pages: 1, stop: 'repeated-page' });
    expect(calls).toHaveLength(2);
    const capped = await fetchShopifyProducts({ store: 'shop.example.com', fetch: pagedFetch([[product(1)], [product(2)], [product(3)]], []), maxPages: 2 });
    expect(capped).toMatchObject({ pages: 2, stop: 'max-pages' });
  });

  it('fails on an HTTP error or a non-JSON answer', async () => {
    const status: FetchLike = async () => ({ status: 404, text: async () => 'not found' });
    await expect(fetchShopifyProducts({ store: 'shop.example.com', fetch: status })).rejects.toThrow(
      'https://shop.example.com/products.json?limit=250&page=1 answered HTTP 404',
    );
    const html: FetchLike = async () => ({ status: 200, text: async () => '<html>' });
    await expect(fetchShopifyProducts({ store: 'shop.example.com', fetch: html })).rejects.toThrow('did not answer JSON');
  });
});
