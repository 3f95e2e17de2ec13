import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import type { Deal, DealsResponse } from '@pricehunt/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import DealsPage, { dealsCount } from './deals';
import { present } from '@pricehunt/contracts';

function deal(id: number, title: string, categorySlug: string, priceCents: number, typicalCents: number): Deal {
  const drop = typicalCents - priceCents;
  return {
    product: { id, title, brand: null, model: null, gtin: null, category: categorySlug === 'tvs' ? 'TVs' : 'Headphones', categorySlug, imageUrl: `/api/images/products/${id}?v=v${id}`, offerCount: 3, bestPriceCents: priceCents, currency: 'USD' },
    retailer: { id: 'walmart', name: 'Walmart' },
    priceCents,
    typicalCents,
    dropCents: drop,
    dropPercent: Math.round((drop * 1000) / typicalCents) / 10,
    currency: 'USD',
    historySince: '2026-08-25T12:00:00.000Z',
  };
}

const HEADPHONES = deal(1, 'Sony WH-1000XM5 Wireless Headphones', 'headphones', 24_000, 32_000);
const TV = deal(2, 'LG OLED55C3PUA 55" TV', 'tvs', 110_000, 135_000);
const EARBUDS = deal(3, 'Sony WF-1000XM5 Earbuds', 'headphones', 20_000, 24_000);
const CATEGORIES = [
  { name: 'Headphones', slug: 'headphones', count: 2 },
  { name: 'TVs', slug: 'tvs', count: 1 },
];

const answer = (items: Deal[], nextCursor: string | null = null, category: string | null = null): DealsResponse => ({ success: true, category, categories: CATEGORIES, items, nextCursor });
const listed = () =>
  within(screen.getByRole('list', { name: 'Deals, biggest drop first' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('heading').textContent);

describe('dealsCount', () => {
  it('says how many deals a whole list holds, and how many are shown while more follow', () => {
    expect(dealsCount(12, false, null)).toBe('12 deals, biggest drop first');
    expect(dealsCount(1, false, 1)).toBe('1 deal, biggest drop first');
    expect(dealsCount(12, true, null)).toBe('12 deals shown, biggest drop first');
    expect(dealsCount(12, true, 33)).toBe('12 of 33 deals, biggest drop first');
  });
});

describe('deals page', () => {
  it('lists the deals with their picture, retailer, prices and drop, each linking to its product page; more on request', async () => {
    const api = mockApi({
      'GET /api/deals': (request) => jsonResponse(request.query.get('cursor') === '2500-1' ? answer([TV, EARBUDS]) : answer([HEADPHONES], '2500-1')),
    });
    renderWithProviders(<DealsPage />, { route: '/deals' });
    expect(screen.getByRole('status', { name: 'Loading deals' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Deals, biggest drop first' });
    const [first] = within(screen.getByRole('list', { name: 'Deals, biggest drop first' })).getAllByRole('listitem');
    expect(within(present(first)).getByRole('link', { name: 'Sony WH-1000XM5 Wireless Headphones' })).toHaveAttribute('href', '/product/1/sony-wh-1000xm5-wireless-headphones');
    expect(first).toHaveTextContent('Best price at Walmart');
    expect(first).toHaveTextContent('$240.00typical $320.00');
    expect(first).toHaveTextContent('25% under its typical price · $80.00 less');
    expect(within(present(first)).getByRole('img', { name: 'Sony WH-1000XM5 Wireless Headphones' })).toHaveAttribute('src', '/api/images/products/1?v=v1&w=96');
    expect(api.requestsTo('GET /api/deals')[0]?.query.get('limit')).toBe('12');
    expect(screen.getByText('1 deal shown, biggest drop first')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more deals' }));
    expect(await screen.findByRole('link', { name: 'LG OLED55C3PUA 55" TV' })).toHaveFocus();
    expect(listed()).toEqual(['Sony WH-1000XM5 Wireless Headphones', 'LG OLED55C3PUA 55" TV', 'Sony WF-1000XM5 Earbuds']);
    expect(screen.getByText('3 deals, biggest drop first')).toBeInTheDocument();
    expect(screen.getByText(/18\.5% under its typical price/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more deals' })).not.toBeInTheDocument();
  });

  it('narrows the deals to a category with the filter, through the address and the API', async () => {
    const api = mockApi({
      'GET /api/deals': (request) => {
        const category = request.query.get('category');
        return jsonResponse(answer(category === 'tvs' ? [TV] : [HEADPHONES, TV, EARBUDS], null, category));
      },
    });
    renderWithProviders(<DealsPage />, { route: '/deals' });
    const filter = await screen.findByRole('combobox', { name: 'Category' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All categories', 'Headphones (2)', 'TVs (1)']);
    expect(listed()).toHaveLength(3);

    await userEvent.selectOptions(filter, 'tvs');
    expect(screen.getByTestId('location')).toHaveTextContent('/deals?category=tvs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals: TVs' })).toBeInTheDocument();
    expect(listed()).toEqual(['LG OLED55C3PUA 55" TV']);
    expect(api.requestsTo('GET /api/deals').at(-1)?.query.get('category')).toBe('tvs');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/deals$/);
    await screen.findByRole('heading', { level: 1, name: 'Deals' });
  });

  it('opens on the category of the address, and says when it has no deals', async () => {
    mockApi({ 'GET /api/deals': (request) => jsonResponse(answer([], null, request.query.get('category'))) });
    renderWithProviders(<DealsPage />, { route: '/deals?category=printers' });
    expect(await screen.findByRole('heading', { name: 'No deals in this category right now' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('printers');
    await userEvent.click(screen.getByRole('button', { name: 'Show all categories' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/deals$/);
    expect(await screen.findByRole('heading', { name: 'No deals right now' })).toBeInTheDocument();
  });

  it('says when the deals cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({ 'GET /api/deals': () => (++calls === 1 ? errorResponse(503, 'UNAVAILABLE', 'The catalog is busy') : jsonResponse(answer([HEADPHONES]))) });
    renderWithProviders(<DealsPage />, { route: '/deals' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalog is busy');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Sony WH-1000XM5 Wireless Headphones' })).toBeInTheDocument();
  });
});
