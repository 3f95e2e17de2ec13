import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readProductRequest } from '@pricehunt/direct-url';
import { jsonResponse } from '@pricehunt/api-client/testing';
import { HISTORY_STORAGE_KEY } from '../features/library/local-store';
import { searchResult } from '../testing/fixtures';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import LandingPage, { INVALID_URL_MESSAGE } from './landing';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/** Alerts with something to say (the toaster keeps an empty live region with the alert role). */
function alerts() {
  return screen.queryAllByRole('alert').filter((element) => element.textContent?.trim());
}

function location() {
  return screen.getByTestId('location').textContent ?? '';
}

const emptyBrowse = { success: true, category: null, sort: 'offers', page: 1, pageSize: 3, total: 0, productCount: 0, items: [] };

describe('landing page', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/browse': () => jsonResponse(emptyBrowse) });
  });

  it('has one search box named "Paste a product link or search" and a "Compare prices" button', () => {
    renderWithProviders(<LandingPage />, { app: true });
    expect(screen.getByRole('combobox', { name: 'Paste a product link or search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compare prices' })).toBeInTheDocument();
    expect(alerts()).toEqual([]);
  });

  it('shows the invalid-link message above the form for ?error=invalid-url', () => {
    renderWithProviders(<LandingPage />, { route: '/?error=invalid-url', app: true });
    expect(alerts().map((a) => a.textContent)).toEqual([INVALID_URL_MESSAGE]);
  });

  it('turns a pasted link into /new-search/{id}/{slug} with the url stored for that request', async () => {
    renderWithProviders(<LandingPage />, { app: true });
    await userEvent.type(screen.getByRole('combobox', { name: 'Paste a product link or search' }), 'https://www.amazon.com/dp/B09XS7JWHH');
    await userEvent.click(screen.getByRole('button', { name: 'Compare prices' }));
    await waitFor(() => expect(location()).toMatch(new RegExp(`^/new-search/${UUID}/amazon-com-b09xs7jwhh$`)));
    const requestId = location().split('/')[2] as string;
    expect(readProductRequest(requestId)).toEqual({ url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: expect.any(Number) });
  });

  it('turns words into a text search through the same request-id flow', async () => {
    renderWithProviders(<LandingPage />, { app: true });
    await userEvent.type(screen.getByRole('combobox', { name: 'Paste a product link or search' }), 'Sony WH-1000XM5{Enter}');
    await waitFor(() => expect(location()).toMatch(new RegExp(`^/new-search/${UUID}/sony-wh-1000xm5$`)));
    const requestId = location().split('/')[2] as string;
    expect(readProductRequest(requestId)).toEqual({ query: 'Sony WH-1000XM5', timestamp: expect.any(Number) });
  });

  it('sends a link that does not parse to /?error=invalid-url', async () => {
    renderWithProviders(<LandingPage variant="alternate" />, { route: '/landing2', app: true });
    await userEvent.type(screen.getByRole('combobox', { name: 'Paste a product link or search' }), 'https://exa mple.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Compare prices' }));
    await waitFor(() => expect(location()).toBe('/?error=invalid-url'));
  });

  it('asks for input when the box is empty', async () => {
    renderWithProviders(<LandingPage />, { app: true });
    await userEvent.click(screen.getByRole('button', { name: 'Compare prices' }));
    await waitFor(() => expect(alerts().map((a) => a.textContent)).toEqual(['Paste a product link or type the product you are looking for.']));
    expect(screen.getByRole('combobox', { name: 'Paste a product link or search' })).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/');
  });

  it('offers example links from the catalog, each running like a pasted link', async () => {
    const product = searchResult().product;
    const offers = searchResult().offers;
    mockApi({
      'GET /api/browse': () => jsonResponse({ ...emptyBrowse, total: 1, items: [product] }),
      'GET /api/products/7': () => jsonResponse({ success: true, product, offers, priceHistory: [] }),
    });
    renderWithProviders(<LandingPage />, { app: true });
    // The dearest offer is the example, so the comparison shows a saving.
    const example = await screen.findByRole('button', { name: /Sony WH-1000XM5 Wireless Headphones.*Amazon/ });
    await userEvent.click(example);
    await waitFor(() => expect(location()).toMatch(new RegExp(`^/new-search/${UUID}/amazon-com-b09xs7jwhh$`)));
  });

  it('lists recent searches under the form', async () => {
    localStorage.setItem(
      HISTORY_STORAGE_KEY,
      JSON.stringify([{ requestId: 'r-1', slug: 'oled-tv', kind: 'query', input: 'oled tv', title: 'LG OLED55C3', bestPriceCents: 129_999, currency: 'USD', searchedAt: '2026-11-20T10:00:00.000Z' }]),
    );
    renderWithProviders(<LandingPage />, { app: true });
    const recent = await screen.findByRole('region', { name: 'Your recent searches' });
    expect(await within(recent).findByRole('link', { name: /LG OLED55C3/ })).toHaveAttribute('href', '/new-search/r-1/oled-tv');
  });
});
