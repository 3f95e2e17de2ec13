import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import type { ProductDetailResponse } from '@pricehunt/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server.node';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Writable } from 'node:stream';
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { FAVORITES_STORAGE_KEY } from '../features/library/local-store';
import { asSearchOffers } from '../features/search/product-offers';
import { RouteDataProvider, type RouteData } from '../lib/route-data';
import { productDetailOf, searchOffer } from '../testing/fixtures';
import { AppProviders, mockApi, renderWithProviders } from '../testing/render-with-providers';
import ProductPage, { productIdOf } from './product';

const PATH = '/product/:id/:slug?';
const CANONICAL = '/product/7/sony-wh-1000xm5-wireless-headphones';
const NOW = Date.parse('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();
const point = (offerId: number, retailerId: string, priceCents: number, recordedAt: string) => ({ offerId, retailerId, priceCents, shippingCents: null, currency: 'USD', recordedAt });

/** Product 7 as GET /api/products/7 answers it: eBay is cheapest but sold out, so Walmart has the best price. */
function productDetail(overrides: Partial<ProductDetailResponse> = {}): ProductDetailResponse {
  const detail = productDetailOf(
    [
      searchOffer({ id: 2, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 32_999, isBestPrice: true }),
      searchOffer({ id: 3, retailer: { id: 'bestbuy', name: 'Best Buy' }, priceCents: 34_999, shippingCents: 599 }),
      searchOffer({ id: 1, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 39_999, availability: 'preorder' }),
      searchOffer({ id: 4, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 29_999, availability: 'out_of_stock', condition: 'used' }),
    ],
    { bestPriceCents: 32_999 },
    {
      priceHistory: [point(2, 'walmart', 36_000, daysAgo(200)), point(2, 'walmart', 34_000, daysAgo(60)), point(2, 'walmart', 32_999, daysAgo(2)), point(1, 'amazon', 39_999, daysAgo(150))],
      priceSummaries: [
        { days: 30, lowCents: 32_999, highCents: 34_000, typicalCents: 34_000, since: daysAgo(30) },
        { days: 90, lowCents: 32_999, highCents: 34_000, typicalCents: 34_000, since: daysAgo(90) },
        { days: 365, lowCents: 32_999, highCents: 36_000, typicalCents: 35_000, since: daysAgo(200) },
      ],
    },
  );
  return { ...detail, ...overrides };
}

function renderProduct(route = CANONICAL) {
  return renderWithProviders(<ProductPage />, { route, path: PATH, app: true });
}

const location = () => screen.getByTestId('location').textContent;

describe('product page', () => {
  it('shows the product, its best price and where, its offers cheapest total first and its price summary', async () => {
    const api = mockApi({ 'GET /api/products/7': () => jsonResponse(productDetail()) });
    renderProduct();
    expect(screen.getByRole('status', { name: 'Loading product' })).toBeInTheDocument();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' });
    const header = heading.closest('section') as HTMLElement;
    expect(within(header).getByText('Sony · WH-1000XM5')).toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'Sony WH-1000XM5 Wireless Headphones' })).toBeInTheDocument();
    expect(within(header).getByText('Best price').parentElement).toHaveTextContent('Best price$329.99 at Walmart');
    expect(within(header).getByText('Offers').parentElement).toHaveTextContent('Offers4 offers');
    expect(within(header).getByRole('link', { name: 'More Headphones' })).toHaveAttribute('href', '/browse/headphones');
    expect(within(header).getByRole('button', { name: 'Add to favorites' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: '4 offers · cheapest total first' })).toBeInTheDocument();
    const offers = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    // New offers one can buy; eBay's is used (and sold out): hidden until the shopper asks for used ones.
    expect(offers.map((item) => within(item).getByRole('link').textContent)).toEqual(['Go to Walmart', 'Go to Best Buy', 'Go to Amazon']);
    expect(within(offers[0] as HTMLElement).getByText('Best price')).toBeInTheDocument();
    expect(within(offers[0] as HTMLElement).getByText('Free shipping')).toBeInTheDocument();
    expect(within(offers[1] as HTMLElement).getByText('+ $5.99 shipping')).toBeInTheDocument();
    expect(within(offers[1] as HTMLElement).getByText('$355.98')).toBeInTheDocument();
    expect(within(offers[2] as HTMLElement).getByText('Pre-order')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include used and refurbished (1)' }));
    // The filter is kept in the address: a reloaded or shared link shows the same offers.
    expect(location()).toBe(`${CANONICAL}?used=1`);
    expect(screen.getByRole('heading', { level: 2, name: '4 offers · new first, cheapest total first; then out of stock' })).toBeInTheDocument();
    const all = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(within(all[3] as HTMLElement).getByText('Out of stock')).toBeInTheDocument();
    expect(within(all[3] as HTMLElement).getByText('Used')).toHaveClass('ph-offer__condition');
    expect(within(all[3] as HTMLElement).queryByText('Best price')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include used and refurbished (1)' }));
    expect(screen.getByRole('heading', { level: 2, name: '4 offers · cheapest total first' })).toBeInTheDocument();
    // Nothing was pasted: no saving against a link.
    expect(screen.queryByText(/vs\. your link|The offer you pasted/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Walmart' }).getAttribute('href')).toMatch(/^\/api\/redirect\?to=https%3A%2F%2Fwww\.walmart\.com/);

    const history = screen.getByRole('region', { name: 'Price history' });
    expect(within(history).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    const figures = within(history).getByLabelText('Best price over the last 90 days');
    expect(within(figures).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['$329.99', '$340.00', '$340.00']);
    await userEvent.click(within(history).getByRole('button', { name: '365 days' }));
    expect(within(within(history).getByLabelText(/^Best price since/)).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['$329.99', '$360.00', '$350.00']);

    await waitFor(() => expect(document.title).toBe('Sony WH-1000XM5 Wireless Headphones, from $329.99 · PriceHunt'));
    // One request for the page and its price history.
    expect(api.requestsTo('GET /api/products/7')).toHaveLength(1);
    expect(location()).toBe(CANONICAL);
  });

  it('shows the specifications the API lists as a table, and none when it lists none', async () => {
    mockApi({
      'GET /api/products/7': () =>
        jsonResponse(
          productDetail({
            specs: [
              { name: 'Brand', value: 'Sony' },
              { name: 'Colour', value: 'Black' },
            ],
          }),
        ),
    });
    const { unmount } = renderProduct();
    const table = within(await screen.findByRole('region', { name: 'Specifications' })).getByRole('table');
    expect(within(table).getAllByRole('row').map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent])).toEqual([
      ['Brand', 'Sony'],
      ['Colour', 'Black'],
    ]);
    unmount();
    mockApi({ 'GET /api/products/7': () => jsonResponse(productDetail()) });
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' });
    expect(screen.queryByRole('region', { name: 'Specifications' })).not.toBeInTheDocument();
  });

  it('offers the line’s other sizes and colours, each with its best price, the one shown marked', async () => {
    const summary = (id: number, title: string, bestPriceCents: number | null, offerCount = 3) => ({ ...productDetail().product, id, title, bestPriceCents, offerCount });
    mockApi({
      'GET /api/products/7': () =>
        jsonResponse(
          productDetail({
            product: summary(7, 'Sony WH-1000XM5 Wireless Headphones (Black)', 32_999, 4),
            variants: [
              { product: summary(7, 'Sony WH-1000XM5 Wireless Headphones (Black)', 32_999, 4), variant: 'Black' },
              // Offered used only: its price says so, as a list's card says it.
              { product: { ...summary(8, 'Sony WH-1000XM5 Wireless Headphones (Midnight Blue)', 29_499), bestPriceCondition: 'used' as const }, variant: 'Midnight Blue' },
              { product: summary(9, 'Sony WH-1000XM5 Wireless Headphones (Silver)', null), variant: 'Silver' },
            ],
          }),
        ),
    });
    const { unmount } = renderProduct('/product/7/sony-wh-1000xm5-wireless-headphones-black');
    const line = await screen.findByRole('navigation', { name: '3 versions' });
    const items = within(line).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Black$329.99', 'Midnight BlueUsed $294.99', 'SilverNot available now']);
    expect(within(items[0] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect((items[0] as HTMLElement).querySelector('[aria-current="page"]')).not.toBeNull();
    expect(within(line).getByRole('link', { name: 'Sony WH-1000XM5 Wireless Headphones (Midnight Blue), Used $294.99' })).toHaveAttribute('href', '/product/8/sony-wh-1000xm5-wireless-headphones-midnight-blue');
    unmount();
    // A product of no line offers none.
    mockApi({ 'GET /api/products/7': () => jsonResponse(productDetail()) });
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' });
    expect(screen.queryByRole('navigation', { name: /versions/ })).not.toBeInTheDocument();
  });

  it('offers versions written in parts row by row, each value leading to the version with the shown one’s other parts', async () => {
    const summary = (id: number, title: string, bestPriceCents: number | null) => ({ ...productDetail().product, id, title, bestPriceCents, offerCount: 3 });
    const version = (id: number, variant: string, bestPriceCents: number) => ({ product: summary(id, `Apple iPhone 16 Pro (${variant})`, bestPriceCents), variant });
    mockApi({
      'GET /api/products/7': () =>
        jsonResponse(
          productDetail({
            product: summary(7, 'Apple iPhone 16 Pro (128GB, Black Titanium)', 91_899),
            variants: [version(7, '128GB, Black Titanium', 91_899), version(8, '128GB, White Titanium', 97_199), version(9, '256GB, Black Titanium', 98_999), version(10, '1TB, White Titanium', 113_928), version(11, '1TB, Desert Titanium', 148_599)],
          }),
        ),
    });
    renderProduct('/product/7/apple-iphone-16-pro-128gb-black-titanium');
    const line = await screen.findByRole('navigation', { name: '5 versions' });
    const storage = within(line).getByRole('group', { name: 'Storage' });
    expect(within(storage).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['128GB$918.99', '256GB$989.99', '1TB$1,139.28']);
    expect(within(storage).getByText('128GB').closest('[aria-current="page"]')).not.toBeNull();
    // 256GB in the shown colour; no 1TB is black, so its cheapest version.
    expect(within(storage).getByRole('link', { name: 'Apple iPhone 16 Pro (256GB, Black Titanium), $989.99' })).toHaveAttribute('href', '/product/9/apple-iphone-16-pro-256gb-black-titanium');
    expect(within(storage).getByRole('link', { name: 'Apple iPhone 16 Pro (1TB, White Titanium), $1,139.28' })).toHaveAttribute('href', '/product/10/apple-iphone-16-pro-1tb-white-titanium');
    const colour = within(line).getByRole('group', { name: 'Colour' });
    expect(within(colour).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Black Titanium$918.99', 'White Titanium$971.99', 'Desert Titanium$1,485.99']);
  });

  it('replaces a slug that is not the product’s current one, keeping the query', async () => {
    mockApi({ 'GET /api/products/7': () => jsonResponse(productDetail()) });
    renderProduct('/product/7/sony-headphones-old-title?utm_source=mail');
    await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' });
    await waitFor(() => expect(location()).toBe(`${CANONICAL}?utm_source=mail`));
  });

  it('puts the words back on an address that has only the id', async () => {
    mockApi({ 'GET /api/products/7': () => jsonResponse(productDetail()) });
    renderProduct('/product/7');
    await waitFor(() => expect(location()).toBe(CANONICAL));
  });

  it('goes to the product a retired id now belongs to', async () => {
    mockApi({ 'GET /api/products/5': () => jsonResponse(productDetail()), 'GET /api/products/7': () => jsonResponse(productDetail()) });
    renderProduct('/product/5/sony-wh-1000xm5-black');
    await waitFor(() => expect(location()).toBe(CANONICAL));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' })).toBeInTheDocument();
  });

  it('says a product the catalog no longer has is gone, with a way to browse', async () => {
    mockApi({ 'GET /api/products/404': () => errorResponse(404, 'NOT_FOUND', 'No product with this id') });
    renderProduct('/product/404/gone-product');
    expect(await screen.findByRole('heading', { level: 1, name: 'This product is no longer in the catalog' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse categories' })).toHaveAttribute('href', '/browse');
    expect(location()).toBe('/product/404/gone-product');
    await waitFor(() => expect(document.title).toBe('Product not found · PriceHunt'));
  });

  it('is not found for an id that is not a number, without asking the API', async () => {
    const api = mockApi();
    renderProduct('/product/sony/sony-wh-1000xm5');
    expect(await screen.findByRole('heading', { level: 1, name: 'This product is no longer in the catalog' })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/products'))).toHaveLength(0);
    expect([productIdOf('0'), productIdOf('7.5'), productIdOf('-7'), productIdOf('99999999999999999'), productIdOf('42')]).toEqual([null, null, null, null, 42]);
  });

  it('says a product being regrouped is being updated, counts down the wait the API asks for and asks again by itself', async () => {
    let calls = 0;
    mockApi({
      'GET /api/products/7': () => {
        calls++;
        return calls === 1
          ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'This product is being regrouped with its offers: try again in a few seconds', { headers: { 'retry-after': '2' } })
          : jsonResponse(productDetail());
      },
    });
    // The page's clock is the test's: the countdown is read at each second however slowly the machine runs.
    jest.useFakeTimers();
    try {
      renderProduct();
      const notice = (await screen.findByRole('heading', { level: 1, name: 'This product is being updated' })).closest('[role="status"]') as HTMLElement;
      expect(notice).toHaveTextContent('This product is being regrouped with its offers: try again in a few seconds');
      expect(notice).toHaveTextContent('Asking again in 2 seconds.');
      await waitFor(() => expect(document.title).toBe('This product is being updated · PriceHunt'));
      expect(calls).toBe(1);
      act(() => jest.advanceTimersByTime(1000));
      expect(within(notice).getByText('Asking again in 1 second.')).toBeInTheDocument();
      expect(calls).toBe(1);
      act(() => jest.advanceTimersByTime(1000));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' })).toBeInTheDocument();
      expect(calls).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows an error with a retry when the product cannot be loaded', async () => {
    let calls = 0;
    mockApi({
      'GET /api/products/7': () => {
        calls++;
        return calls === 1 ? errorResponse(500, 'INTERNAL_ERROR', 'Something went wrong on our side') : jsonResponse(productDetail());
      },
    });
    renderProduct();
    const alert = (await screen.findByRole('heading', { name: 'We could not load this product' })).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Something went wrong on our side');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' })).toBeInTheDocument();
  });

  it('adds the product to favorites, and then offers its price alert', async () => {
    mockApi({ 'GET /api/products/7': () => jsonResponse(productDetail()) });
    renderProduct();
    const add = await screen.findByRole('button', { name: 'Add to favorites' });
    // Enabled once the session check has said where favorites are kept.
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(FAVORITES_STORAGE_KEY) ?? '[]')[0]).toMatchObject({ productId: 7, savedPriceCents: 32_999 });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('the product page rendered on the server', () => {
  // React's Node renderer schedules with setImmediate, which Node has and jsdom hides.
  beforeAll(() => {
    globalThis.setImmediate ??= nodeSetImmediate;
  });

  /** The product page at `route` with the data the server read for it. */
  function productPageAt(route: string, data: RouteData) {
    return (
      <MemoryRouter initialEntries={[route]}>
        <RouteDataProvider data={data}>
          <AppProviders>
            <Routes>
              <Route path={PATH} element={<ProductPage />} />
            </Routes>
          </AppProviders>
        </RouteDataProvider>
      </MemoryRouter>
    );
  }

  /** The page as a server sends it (every Suspense boundary done). */
  function serverHtml(tree: React.ReactElement): Promise<string> {
    return new Promise((resolve, reject) => {
      let html = '';
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          html += chunk.toString();
          done();
        },
      });
      sink.on('finish', () => resolve(html));
      const stream = renderToPipeableStream(tree, { onAllReady: () => stream.pipe(sink), onShellError: reject, onError: reject });
    });
  }

  /**
   * The server's HTML of `page` hydrated in a container of the document, as the browser takes a page over: the
   * mismatches React reports, and the errors it logs (but the note that two renderers share this one process).
   */
  async function hydrateServerHtml(html: string, page: () => React.ReactElement) {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const mismatches: unknown[] = [];
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await act(async () => {
        hydrateRoot(container, page(), { onRecoverableError: (error) => mismatches.push(error) });
      });
      return { container, mismatches, errors: errors.mock.calls.filter(([message]) => !String(message).startsWith('Detected multiple renderers')) };
    } finally {
      errors.mockRestore();
    }
  }

  it('hydrates without a mismatch and without asking the API again; the browser’s favorites show after', async () => {
    const api = mockApi();
    const data = { 'product-7': productDetail() };
    const page = () => productPageAt(CANONICAL, data);
    const html = await serverHtml(page());
    expect(html).toContain('Sony WH-1000XM5 Wireless Headphones</h1>');
    // The chart ends when the API answered, read from the answer itself (the range is the one chosen last on the page).
    expect(html).toMatch(/Price history from \w{3} \d{1,2}, 2026 to Nov 23, 2026: lowest \$329\.99/);
    expect(html).toContain('data-edge="end">Today</text>');

    // The browser has this product among its favorites, which the server could not know.
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify([{ productId: 7, title: 'Sony WH-1000XM5 Wireless Headphones', brand: 'Sony', imageUrl: null, savedPriceCents: 34_000, currency: 'USD', savedAt: daysAgo(20) }]));
    const { container, mismatches, errors } = await hydrateServerHtml(html, page);
    expect(mismatches).toEqual([]);
    expect(errors).toEqual([]);
    expect(await within(container).findByRole('button', { name: 'Remove from favorites' })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/products'))).toHaveLength(0);
    container.remove();
  });
  it('is the not-found page when the server rendered it without data (the API has no such product), and stays so once hydrated', async () => {
    const api = mockApi({ 'GET /api/products/404': () => errorResponse(404, 'NOT_FOUND', 'No product with this id') });
    const page = () => productPageAt('/product/404/gone-product', {});
    const html = await serverHtml(page());
    expect(html).toContain('This product is no longer in the catalog</h1>');
    expect(html).not.toContain('Loading product');

    const { container, mismatches, errors } = await hydrateServerHtml(html, page);
    expect(mismatches).toEqual([]);
    expect(errors).toEqual([]);
    expect(within(container).getByRole('heading', { level: 1, name: 'This product is no longer in the catalog' })).toBeInTheDocument();
    expect(within(container).queryByRole('status', { name: 'Loading product' })).not.toBeInTheDocument();
    // The browser asks for itself, and the answer keeps the page as it is.
    await waitFor(() => expect(api.requestsTo('GET /api/products/404')).toHaveLength(1));
    await act(async () => undefined);
    expect(within(container).getByRole('heading', { level: 1, name: 'This product is no longer in the catalog' })).toBeInTheDocument();
    container.remove();
  });
});

describe('a product’s offers as the offers list shows them', () => {
  const offer = (id: number, priceCents: number, isBestPrice = false) => {
    const { savingsCents: _s, isSource: _i, ...view } = searchOffer({ id, retailer: { id: `r${id}`, name: `R${id}` }, priceCents, isBestPrice });
    return view;
  };

  it('keeps the API’s order and best price mark, and compares with no pasted offer', () => {
    const adapted = asSearchOffers([offer(2, 1_000, true), offer(3, 1_000), offer(1, 900)]);
    expect(adapted.map((o) => [o.id, o.isBestPrice, o.savingsCents, o.isSource])).toEqual([
      [2, true, null, false],
      [3, false, null, false],
      [1, false, null, false],
    ]);
    expect(asSearchOffers([])).toEqual([]);
  });
});
