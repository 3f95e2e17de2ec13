import { errorResponse, jsonResponse, type MockHandler } from '@pricehunt/api-client/testing';
import type { Watch } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { watchOf } from '../testing/fixtures';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import WatchesPage, { WATCHES_TABLE_QUERY } from './watches';

const user = { id: 'u1', email: 'sam@example.com', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const ID_LINK = '1c6f4c1e-8a3d-4f6b-9c2e-1d7a6b5c4e3f';

const signedIn = (watches: MockHandler) => ({
  'GET /api/shopper/auth/session': jsonResponse({ success: true, user }),
  'GET /api/shopper/history': () => jsonResponse({ success: true, entries: [] }),
  'GET /api/shopper/favorites': () => jsonResponse({ success: true, favorites: [] }),
  'GET /api/shopper/watches': watches,
});

const linkWatch = watchOf({
  id: ID_LINK,
  productId: null,
  url: 'https://www.abt.com/p/123',
  title: 'LG 65" OLED TV',
  store: 'Abt',
  targetPriceCents: null,
  currentPriceCents: 149_999,
  bestPriceCents: null,
  lowestPriceCents90d: null,
  inStock: false,
  lastCheckedAt: '2026-11-21T15:05:00.000Z',
  channels: [
    { channel: 'email', target: 'sam@example.com', state: 'ok', failures: 0, lastError: null, lastDeliveredAt: null },
    { channel: 'webhook', target: 'https://hooks.example.com/prices', state: 'paused', failures: 5, lastError: 'The webhook answered 500', lastDeliveredAt: null },
  ],
});

const renderPage = () => renderWithProviders(<WatchesPage />, { route: '/watches', app: true });

/** Makes the window as wide as a desktop's for `useMediaQuery` (jsdom has no matchMedia). */
function wideWindow() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ matches: query === WATCHES_TABLE_QUERY, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('the Watches page', () => {
  it('signed out: asks to sign in and says a product can be watched by email', async () => {
    mockApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Watches' })).toBeInTheDocument();
    expect(await screen.findByText('Sign in to see your watches.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/You can still watch a product by email/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then says what watching does and how to start', async () => {
    const answers: Array<(response: Response) => void> = [];
    mockApi(signedIn(() => new Promise<Response>((resolve) => answers.push(resolve))));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading your watches' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(answers).toHaveLength(1));
    for (const answer of answers) answer(jsonResponse({ success: true, watches: [] }));
    expect(await screen.findByRole('heading', { name: 'You are not watching anything yet' })).toBeInTheDocument();
    expect(screen.getByText(/paste a product link into the search box or open a product/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paste a product link' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/browse');
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let calls = 0;
    mockApi(
      signedIn(() => {
        calls += 1;
        return calls === 1 ? errorResponse(503, 'UNAVAILABLE', 'The service is busy. Please try again.') : jsonResponse({ success: true, watches: [watchOf()] });
      }),
    );
    renderPage();
    expect((await screen.findByText('The service is busy. Please try again.', undefined, { timeout: 5000 })).closest('[role="alert"]')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Sony WH-1000XM5 Wireless Headphones' })).toHaveAttribute('href', '/product/7/sony-wh-1000xm5-wireless-headphones');
  });

  it('lists each watch as a card with its prices, stock, last check and channels', async () => {
    mockApi(signedIn(() => jsonResponse({ success: true, watches: [watchOf(), linkWatch] })));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your watches' }, { timeout: 5000 });
    const [product, link] = within(list).getAllByRole('listitem').filter((item) => item.classList.contains('ph-watch')) as [HTMLElement, HTMLElement];
    expect(within(product).getByRole('link', { name: 'Sony WH-1000XM5 Wireless Headphones' })).toHaveAttribute('href', '/product/7/sony-wh-1000xm5-wireless-headphones');
    const facts = (item: HTMLElement) =>
      Object.fromEntries(Array.from(item.querySelectorAll('dt')).map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts(product)).toEqual({
      Target: '$299.00Change',
      Now: '$329.99',
      'Best price': '$329.99',
      'Lowest in 90 days': '$310.00',
      Stock: 'In stock',
      'Last checked': 'With store feeds',
    });
    // A link watch: its shop, any drop, prices it does not have yet, out of stock, when its page was read.
    expect(within(link).getByRole('link', { name: 'LG 65" OLED TV' })).toHaveAttribute('href', 'https://www.abt.com/p/123');
    expect(within(link).getByText('at Abt')).toBeInTheDocument();
    expect(facts(link)).toMatchObject({ Target: 'Any dropChange', 'Price now': '$1,499.99', 'Best price': '—no price', Stock: 'Out of stock' });
    expect(facts(link)['Last checked']).toMatch(/^Nov 2[12], \d{1,2}:05 [AP]M$/);
    expect(within(product).getByText('Email').closest('li')).toHaveTextContent('Email OK');
  });

  it('resumes a paused channel, showing its last error until then', async () => {
    const api = mockApi({
      ...signedIn(() => jsonResponse({ success: true, watches: [linkWatch] })),
      [`PATCH /api/shopper/watches/${ID_LINK}`]: jsonResponse({
        success: true,
        watch: { ...linkWatch, channels: linkWatch.channels.map((channel) => ({ ...channel, state: 'ok', failures: 0, lastError: null })) },
      }),
    });
    renderPage();
    const webhook = (await screen.findByText('Webhook', undefined, { timeout: 5000 })).closest('li') as HTMLElement;
    expect(webhook).toHaveTextContent('Webhook Paused5 failed deliveries in a row. Last error: The webhook answered 500');
    expect(webhook).toHaveTextContent('Last error: The webhook answered 500');
    await userEvent.click(within(webhook).getByRole('button', { name: 'Resume Webhook messages for LG 65" OLED TV' }));
    await waitFor(() => expect(screen.getByText('Webhook').closest('li')).toHaveTextContent('Webhook OK'));
    expect(screen.queryByText(/Last error/)).not.toBeInTheDocument();
    expect(api.requestsTo(`PATCH /api/shopper/watches/${ID_LINK}`)[0]?.body).toEqual({ resume: true });
  });

  it('changes the target in place, refusing a price that is none', async () => {
    const watch = watchOf();
    const api = mockApi({
      ...signedIn(() => jsonResponse({ success: true, watches: [watch] })),
      [`PATCH /api/shopper/watches/${watch.id}`]: (request) => jsonResponse({ success: true, watch: { ...watch, ...(request.body as Partial<Watch>) } }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change the target price for Sony WH-1000XM5 Wireless Headphones' }, { timeout: 5000 }));
    const price = screen.getByRole('textbox', { name: 'Target $' });
    expect(price).toHaveValue('299.00');
    expect(price).toHaveFocus();
    await userEvent.clear(price);
    await userEvent.type(price, 'abc{Enter}');
    expect(price).toHaveAccessibleDescription(/^Enter a price above 0/);
    expect(screen.getByText(/^Enter a price above 0/)).toHaveAttribute('role', 'alert');
    await userEvent.clear(price);
    await userEvent.type(price, '275{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Target $' })).not.toBeInTheDocument());
    expect(api.requestsTo(`PATCH /api/shopper/watches/${watch.id}`)[0]?.body).toEqual({ targetPriceCents: 27_500 });
    expect(screen.getByText('$275.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the target price for Sony WH-1000XM5 Wireless Headphones' })).toHaveFocus();
  });

  it('removes a watch after asking, and keeps it when the shopper changes their mind', async () => {
    const watch = watchOf();
    const api = mockApi({
      ...signedIn(() => jsonResponse({ success: true, watches: [watch, linkWatch] })),
      [`DELETE /api/shopper/watches/${watch.id}`]: jsonResponse({ success: true, removed: 1 }),
    });
    renderPage();
    const remove = await screen.findByRole('button', { name: 'Remove the watch of Sony WH-1000XM5 Wireless Headphones' }, { timeout: 5000 });
    await userEvent.click(remove);
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(api.requestsTo(`DELETE /api/shopper/watches/${watch.id}`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Remove the watch of Sony WH-1000XM5 Wireless Headphones' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Remove the watch of Sony WH-1000XM5 Wireless Headphones' }));
    const ask = screen.getByRole('group', { name: 'Stop watching Sony WH-1000XM5 Wireless Headphones?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sony WH-1000XM5 Wireless Headphones' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('No longer watching Sony WH-1000XM5 Wireless Headphones')).toBeInTheDocument();
    expect(api.requestsTo(`DELETE /api/shopper/watches/${watch.id}`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'LG 65" OLED TV' })).toBeInTheDocument();
  });

  it('is a table on a wide window', async () => {
    const restore = wideWindow();
    try {
      mockApi(signedIn(() => jsonResponse({ success: true, watches: [watchOf(), linkWatch] })));
      renderPage();
      const table = await screen.findByRole('table', { name: 'Your watches' }, { timeout: 5000 });
      expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
        'Product',
        'Target',
        'Now',
        'Best price',
        'Lowest in 90 days',
        'Stock',
        'Last checked',
        'Messages by',
        'Actions',
      ]);
      expect(within(table).getAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent)).toEqual(['Sony WH-1000XM5 Wireless Headphones', 'LG 65" OLED TV']);
      expect(screen.queryByRole('list', { name: 'Your watches' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
