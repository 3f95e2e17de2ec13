import { screen, waitFor } from '@testing-library/react';
import { jsonResponse } from '@pricehunt/api-client/testing';
import { searchResult } from '../testing/fixtures';
import { mockApi, renderAppAt } from '../testing/render-with-providers';
import { paths } from '../config/paths';

const renderAt = renderAppAt;

describe('routes', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/browse': () => jsonResponse({ success: true, category: null, sort: 'offers', page: 1, pageSize: 3, total: 0, productCount: 0, items: [] }) });
  });

  it('shows the landing skeleton, then the landing page at /', async () => {
    renderAt('/');
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveAttribute('data-variant', 'landing');
    expect(await screen.findByRole('combobox', { name: 'Paste a product link or search' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('turns /https://… into a search at /new-search/{id}/{slug}', async () => {
    mockApi({ 'POST /api/search': () => jsonResponse(searchResult()), 'GET /api/products/7': () => jsonResponse({ success: true, product: searchResult().product, offers: [], priceHistory: [] }) });
    renderAt('/https://www.amazon.com/dp/B09XS7JWHH');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/new-search\/[0-9a-f-]{36}\/amazon-com-b09xs7jwhh$/));
    expect(await screen.findByRole('link', { name: 'Go to Walmart' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sends /https://<not a url> to /?error=invalid-url', async () => {
    renderAt('/https://not%20a%20url');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/?error=invalid-url'));
  });

  it('starts a text search from /search?q=… and replaces the entry with /new-search/{id}/{slug}', async () => {
    const api = mockApi({ 'POST /api/search': () => jsonResponse(searchResult()), 'GET /api/products/7': () => jsonResponse({ success: true, product: searchResult().product, offers: [], priceHistory: [] }) });
    renderAt(paths.querySearch('sony  headphones '));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/new-search\/[0-9a-f-]{36}\/sony-headphones$/));
    await screen.findByRole('link', { name: 'Go to Walmart' }, { timeout: 5000 });
    expect(api.requestsTo('POST /api/search').map((request) => request.body)).toEqual([expect.objectContaining({ query: 'sony headphones' })]);
  });

  it('starts the direct-URL flow from /search?q=<product link>, and sends an empty q home', async () => {
    mockApi({ 'POST /api/search': () => jsonResponse(searchResult()), 'GET /api/products/7': () => jsonResponse({ success: true, product: searchResult().product, offers: [], priceHistory: [] }) });
    renderAt(paths.querySearch('https://www.amazon.com/dp/B09XS7JWHH'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/new-search\/[0-9a-f-]{36}\/amazon-com-b09xs7jwhh$/));
    renderAt('/search?q=%20');
    await waitFor(() => expect(screen.getAllByTestId('location').at(-1)?.textContent).toBe('/'));
  });

  it('shows a product’s own page at /product/{id}/{slug}', async () => {
    mockApi({ 'GET /api/products/7': () => jsonResponse({ success: true, product: searchResult().product, offers: [], priceHistory: [] }) });
    renderAt(paths.product(7, 'Sony WH-1000XM5 Wireless Headphones'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/product/7/sony-wh-1000xm5-wireless-headphones');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for a product' })).toHaveAttribute('href', '/');
  });

  it('has a main navigation with Browse, History and Favorites', async () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Browse');
    expect(screen.getByRole('link', { name: 'PriceHunt home' })).toHaveAttribute('href', '/');
    await screen.findByRole('combobox', { name: 'Paste a product link or search' });
  });
});
