import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import BrowsePage from './browse';

const categories = {
  success: true,
  categories: [
    { name: 'Headphones', slug: 'headphones', productCount: 30, entryCount: 30 },
    { name: 'TVs', slug: 'tvs', productCount: 12, entryCount: 12 },
  ],
};

function product(id: number, title: string, bestPriceCents: number, offerCount: number) {
  return { id, title, brand: 'Sony', model: null, gtin: null, category: 'Headphones', categorySlug: 'headphones', imageUrl: null, offerCount, bestPriceCents, currency: 'USD' };
}

describe('browse page', () => {
  it('lists categories, then products with their best price and number of offers; sorting and paging go to the API', async () => {
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': (request) =>
        jsonResponse({
          success: true,
          category: { name: 'Headphones', slug: 'headphones', productCount: 30, entryCount: 30 },
          sort: request.query.get('sort') ?? 'offers',
          page: Number(request.query.get('page') ?? 1),
          pageSize: 24,
          total: 30, productCount: 30,
          items: [product(1, 'Sony WH-1000XM5', 32_999, 4), product(2, 'Sony WF-1000XM5', 27_999, 1)],
        }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse/headphones', path: '/browse/:category' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Headphones' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('link', { name: /TVs/ })).toHaveAttribute('href', '/browse/tvs');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sony WH-1000XM5' })).toBeInTheDocument();
    expect(screen.getByText('$329.99')).toBeInTheDocument();
    expect(screen.getByText(/4 offers/)).toBeInTheDocument();
    expect(screen.getByText(/1 offer$/)).toBeInTheDocument();
    expect(api.requestsTo('GET /api/browse')[0]?.query.get('category')).toBe('headphones');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    expect(screen.getByTestId('location')).toHaveTextContent('/browse/headphones?sort=price_asc');
    await screen.findByText('Page 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    const last = api.requestsTo('GET /api/browse').at(-1);
    expect([last?.query.get('sort'), last?.query.get('page')]).toEqual(['price_asc', '2']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('says under each card what tells it from the others where its title is cut: two laptops alike but for their colour', async () => {
    mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': () =>
        jsonResponse({
          success: true,
          category: { name: 'Laptops', slug: 'laptops', productCount: 2, entryCount: 2 },
          sort: 'offers',
          page: 1,
          pageSize: 24,
          total: 2, productCount: 2,
          items: [
            product(1, 'Apple MacBook Pro M4 Laptop 14" 16GB RAM 512GB SSD Space Black', 159_999, 7),
            product(2, 'Apple MacBook Pro M4 Laptop 14" 16GB RAM 512GB SSD Silver', 159_999, 7),
          ],
        }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse/laptops', path: '/browse/:category' });

    const cards = await screen.findAllByRole('listitem');
    const lines = cards.map((card) => card.querySelector('.ph-product-card__differences')?.textContent ?? null).filter((line) => line !== null);
    expect(lines).toEqual(['Space Black', 'Silver']);
  });

  it('shows a line’s versions as one card with its sizes, and counts products and versions', async () => {
    const version = (id: number, variant: string, price: number) => ({
      ...product(id, `Apple iPhone 16 Pro (${variant})`, price, 5),
      brand: 'Apple',
      line: { key: 'apple iphone pro', name: 'Apple iPhone 16 Pro', variant },
    });
    mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': () =>
        jsonResponse({
          success: true,
          category: { name: 'Smartphones', slug: 'smartphones', productCount: 4, entryCount: 4 },
          sort: 'offers',
          page: 1,
          pageSize: 24,
          total: 2,
          productCount: 4,
          items: [
            version(1, '128GB, Black Titanium', 99_999),
            version(2, '128GB, White Titanium', 98_999),
            version(3, '256GB, Black Titanium', 109_999),
            { ...product(4, 'Google Pixel 9', 79_900, 3), brand: 'Google', line: null },
          ],
        }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse/smartphones', path: '/browse/:category' });

    const line = (await screen.findByRole('heading', { level: 2, name: 'Apple iPhone 16 Pro' })).closest('li') as HTMLElement;
    expect(within(line).getByText(/3 versions/)).toBeInTheDocument();
    expect(within(line).getByRole('link', { name: 'Apple iPhone 16 Pro, 128GB from $989.99' })).toHaveAttribute('href', expect.stringMatching(/^\/product\/2\//));
    expect(within(line).getByRole('link', { name: 'Apple iPhone 16 Pro, 256GB $1,099.99' })).toBeInTheDocument();
    expect(within(line).getByText('In Black Titanium · White Titanium')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Google Pixel 9' })).toBeInTheDocument();
    expect(screen.getByText('2 products · 4 versions')).toBeInTheDocument();
  });

  it('filters by brand and price range through the address and the API, checks the range, and clears the filters', async () => {
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': (request) => {
        const brand = request.query.get('brand');
        const items = brand === 'Sony' ? [product(1, 'Sony WH-1000XM5', 32_999, 4)] : [];
        return jsonResponse({
          success: true,
          category: null,
          sort: 'offers',
          brand,
          minPrice: request.query.has('minPrice') ? Number(request.query.get('minPrice')) : null,
          maxPrice: request.query.has('maxPrice') ? Number(request.query.get('maxPrice')) : null,
          brands: [
            { name: 'Sony', count: 12 },
            { name: 'Bose', count: 4 },
          ],
          page: 1,
          pageSize: 24,
          total: items.length, productCount: items.length,
          items,
        });
      },
    });
    renderWithProviders(<BrowsePage />, { route: '/browse' });

    const brand = await screen.findByRole('combobox', { name: 'Brand' });
    await screen.findByRole('option', { name: 'Sony (12)' });
    await userEvent.selectOptions(brand, 'Sony');
    expect(screen.getByTestId('location')).toHaveTextContent('/browse?brand=Sony');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sony WH-1000XM5' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Min $' }), '300');
    await userEvent.type(screen.getByRole('textbox', { name: 'Max $' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Max price must be at least the min price.');
    expect(screen.getByTestId('location')).toHaveTextContent('/browse?brand=Sony');

    await userEvent.clear(screen.getByRole('textbox', { name: 'Max $' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Max $' }), '400');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/browse?brand=Sony&minPrice=300&maxPrice=400');
    const asked = api.requestsTo('GET /api/browse').at(-1);
    expect([asked?.query.get('brand'), asked?.query.get('minPrice'), asked?.query.get('maxPrice')]).toEqual(['Sony', '300', '400']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Bose');
    expect(await screen.findByRole('heading', { name: 'No products match these filters' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/browse$/);
  });

  it('filters by store, condition, stock and free shipping through the address and the API', async () => {
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': (request) =>
        jsonResponse({
          success: true,
          category: null,
          sort: 'offers',
          store: request.query.get('store'),
          condition: request.query.get('condition'),
          inStock: request.query.get('inStock') === 'true',
          freeShipping: request.query.get('freeShipping') === 'true',
          stores: [
            { id: 'walmart', name: 'Walmart', count: 9 },
            { id: 'ebay', name: 'eBay', count: 2 },
          ],
          page: 1,
          pageSize: 24,
          total: 1, productCount: 1,
          items: [product(1, 'Sony WH-1000XM5', 32_999, 4)],
        }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse?condition=refurbished' });
    expect(await screen.findByRole('combobox', { name: 'Condition' })).toHaveValue('refurbished');
    await screen.findByRole('option', { name: 'eBay (2)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'ebay');
    expect(screen.getByTestId('location')).toHaveTextContent('/browse?condition=refurbished&store=ebay');
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Free shipping' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/browse?condition=refurbished&store=ebay&inStock=1&freeShipping=1');
    const asked = api.requestsTo('GET /api/browse').at(-1);
    expect(['store', 'condition', 'inStock', 'freeShipping'].map((name) => asked?.query.get(name))).toEqual(['ebay', 'refurbished', 'true', 'true']);
    expect(screen.getByRole('checkbox', { name: 'In stock' })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/browse?condition=refurbished&store=ebay&freeShipping=1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/browse$/);
  });

  it("filters a category by its products' attributes the API lists, kept in the address", async () => {
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': (request) =>
        jsonResponse({
          success: true,
          category: { name: 'Headphones', slug: 'headphones', productCount: 9, entryCount: 9 },
          sort: 'offers',
          attributes: [
            {
              key: 'colour',
              name: 'Colour',
              selected: request.query.get('colour'),
              values: [
                { value: 'Black', count: 5 },
                { value: 'Silver', count: 3 },
              ],
            },
          ],
          page: 1,
          pageSize: 24,
          total: 1, productCount: 1,
          items: [product(1, 'Sony WH-1000XM5', 32_999, 4)],
        }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse/headphones', path: '/browse/:category' });
    await screen.findByRole('option', { name: 'Silver (3)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'Silver');
    expect(screen.getByTestId('location')).toHaveTextContent('/browse/headphones?colour=Silver');
    expect(api.requestsTo('GET /api/browse').at(-1)?.query.get('colour')).toBe('Silver');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'Any colour');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/browse\/headphones$/);
  });

  it('links each product to its page, and starts a comparison from a product', async () => {
    mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': () => jsonResponse({ success: true, category: null, sort: 'offers', page: 1, pageSize: 24, total: 1, productCount: 1, items: [product(1, 'Sony WH-1000XM5', 32_999, 4)] }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse' });
    expect(await screen.findByRole('link', { name: 'Sony WH-1000XM5' })).toHaveAttribute('href', '/product/1/sony-wh-1000xm5');
    await userEvent.click(await screen.findByRole('button', { name: 'Compare prices for Sony WH-1000XM5' }));
    expect(screen.getByTestId('location').textContent).toMatch(/^\/new-search\/[0-9a-f-]{36}\/sony-wh-1000xm5$/);
  });

  it('shows an error with "Try again", and an empty state', async () => {
    let calls = 0;
    mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': () =>
        ++calls === 1 ? errorResponse(500, 'INTERNAL_ERROR', 'The catalog is unavailable') : jsonResponse({ success: true, category: null, sort: 'offers', page: 1, pageSize: 24, total: 0, productCount: 0, items: [] }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse' });
    expect(await screen.findByText('The catalog is unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No products here yet' })).toBeInTheDocument();
  });

  it('shows the largest categories and the open one, and all of them on request with a field that narrows them', async () => {
    const many = Array.from({ length: 40 }, (_, index) => ({ name: `Category ${index + 1}`, slug: `category-${index + 1}`, productCount: 100 - index, entryCount: 100 - index }));
    mockApi({
      'GET /api/categories': () => jsonResponse({ success: true, categories: many }),
      'GET /api/browse': () => jsonResponse({ success: true, category: many[29], sort: 'offers', page: 1, pageSize: 24, total: 0, productCount: 0, items: [] }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse/category-30', path: '/browse/:category' });

    const nav = screen.getByRole('navigation', { name: 'Categories' });
    const chips = async () => (await within(nav).findAllByRole('link')).map((link) => link.textContent?.replace(/\s*\d+$/, ''));
    // "All", the 16 largest, and the open one though it is smaller.
    expect(await chips()).toEqual(['All', ...many.slice(0, 16).map((c) => c.name), 'Category 30']);
    const more = within(nav).getByRole('button', { name: 'Show all 40 categories' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(await chips()).toHaveLength(41);
    await userEvent.type(within(nav).getByRole('searchbox', { name: 'Find a category' }), 'category 3');
    expect(await chips()).toEqual(['All', 'Category 3', ...many.slice(29, 39).map((c) => c.name)]);
    await userEvent.clear(within(nav).getByRole('searchbox', { name: 'Find a category' }));
    await userEvent.type(within(nav).getByRole('searchbox', { name: 'Find a category' }), 'printers');
    expect(within(nav).getByText('No category is called anything like “printers”.')).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: 'Show the largest categories only' }));
    expect(await chips()).toHaveLength(18);
    expect(within(nav).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows every category, without a button, when there are few', async () => {
    mockApi({
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/browse': () => jsonResponse({ success: true, category: null, sort: 'offers', page: 1, pageSize: 24, total: 0, productCount: 0, items: [] }),
    });
    renderWithProviders(<BrowsePage />, { route: '/browse', path: '/browse' });
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(await within(nav).findAllByRole('link')).toHaveLength(3);
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
  });
});
