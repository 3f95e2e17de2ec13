import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAppAt } from '../../testing/render-with-providers';
import { FAVORITES_STORAGE_KEY, HISTORY_STORAGE_KEY } from './local-store';

const user = { id: 'u1', email: 'sam@example.com', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';

function historyEntry(requestId: string, title: string, kind: 'url' | 'query', searchedAt: string) {
  return { requestId, slug: 'some-slug', kind, input: kind === 'url' ? 'https://www.amazon.com/dp/B0' : 'oled tv', title, imageUrl: null, productId: 7, bestPriceCents: 12_999, currency: 'USD', offerCount: 3, searchedAt };
}
const favorite = { productId: 7, title: 'LG OLED TV', brand: 'LG', imageUrl: null, savedPriceCents: 150_000, currency: 'USD', savedAt: '2026-11-01T00:00:00.000Z' };

const renderAt = renderAppAt;

jest.setTimeout(15_000);

const productDetail = {
  success: true,
  product: { id: 7, title: 'LG OLED TV', brand: 'LG', model: null, gtin: null, category: null, categorySlug: null, imageUrl: null, offerCount: 3, bestPriceCents: 129_999, currency: 'USD' },
  offers: [],
  priceHistory: [],
};

describe('history and favorites', () => {
  it('signed out: lists the browser history, re-opens, removes one and clears all after confirming', async () => {
    localStorage.setItem(
      HISTORY_STORAGE_KEY,
      JSON.stringify([historyEntry(ID_B, 'LG OLED TV', 'query', '2026-11-20T10:00:00.000Z'), historyEntry(ID_A, 'Sony XM5', 'url', '2026-11-19T10:00:00.000Z')]),
    );
    mockApi();
    renderAt('/history');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'LG OLED TV' }, { timeout: 5000 })).toHaveAttribute('href', `/new-search/${ID_B}/some-slug`);
    expect(within(main).getByRole('link', { name: 'Sony XM5' })).toBeInTheDocument();
    // A search that found a product links to the product's page too.
    expect(within(main).getByRole('link', { name: 'Product page of LG OLED TV' })).toHaveAttribute('href', '/product/7/lg-oled-tv');
    expect(await screen.findByText('Saved in this browser only.', { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Sony XM5 from history' }));
    await waitFor(() => expect(within(main).queryByRole('link', { name: 'Sony XM5' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '[]')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, clear history' }));
    expect(await screen.findByRole('heading', { name: 'No searches yet' })).toBeInTheDocument();
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
  });

  it('signed out: favorites show the best price now and the change since saved', async () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify([favorite]));
    mockApi({ 'GET /api/products/7': jsonResponse(productDetail) });
    renderAt('/favorites');
    expect(await screen.findByRole('heading', { level: 2, name: 'LG OLED TV' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LG OLED TV' })).toHaveAttribute('href', '/product/7/lg-oled-tv');
    expect(await screen.findByText('$1,299.99')).toBeInTheDocument();
    expect(screen.getByText(/Down \$200\.01 \(13%\) since saved/)).toHaveClass('ph-change--down');
    expect(screen.getByText('$1,500.00')).toBeInTheDocument();
    // Alerts are sent by email, so they come with an account: said once, above the list.
    expect(screen.getByText('to keep it on every device and get an email when a price drops.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('to get an email when the price drops.', { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /price alert/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove LG OLED TV from favorites' }));
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
  });

  it('signed in: sets a price alert on a favorite, refuses a price that is not one, and removes the alert', async () => {
    const saved = { ...favorite, currentPriceCents: 139_999, offerCount: 2, alert: null };
    const withAlert = { ...saved, alert: { belowCents: 120_000, setAt: '2026-11-21T10:00:00.000Z', reachedAt: null, reachedPriceCents: null } };
    const api = mockApi({
      'GET /api/shopper/auth/session': jsonResponse({ success: true, user }),
      'GET /api/shopper/history': jsonResponse({ success: true, entries: [] }),
      'GET /api/shopper/favorites': jsonResponse({ success: true, favorites: [saved] }),
      'PUT /api/shopper/favorites/7/alert': jsonResponse({ success: true, favorite: withAlert }),
      'DELETE /api/shopper/favorites/7/alert': jsonResponse({ success: true, favorite: saved }),
    });
    renderAt('/favorites');
    await userEvent.click(await screen.findByRole('button', { name: 'Set a price alert for LG OLED TV' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Price alert for LG OLED TV' });
    const price = within(form).getByRole('textbox', { name: 'Email me at or below $' });
    expect(price).toHaveFocus();
    expect(price).toHaveAttribute('placeholder', '1399.99');

    await userEvent.type(price, 'cheap');
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter a price above 0, such as 249.99.');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('PUT /api/shopper/favorites/7/alert')).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.type(price, '$1,200');
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('Alert at $1,200.00 · we will email you when the price gets there')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/shopper/favorites/7/alert')[0]?.body).toEqual({ belowCents: 120_000 });

    await userEvent.click(screen.getByRole('button', { name: 'Remove the price alert for LG OLED TV' }));
    expect(await screen.findByRole('button', { name: 'Set a price alert for LG OLED TV' })).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/shopper/favorites/7/alert')).toHaveLength(1);
  });

  it('signed in: shows when the price reached an alert, and the server error of a refused one', async () => {
    const reached = {
      ...favorite,
      currentPriceCents: 109_999,
      offerCount: 2,
      alert: { belowCents: 110_000, setAt: '2026-11-20T10:00:00.000Z', reachedAt: '2026-11-21T10:00:00.000Z', reachedPriceCents: 109_999 },
    };
    mockApi({
      'GET /api/shopper/auth/session': jsonResponse({ success: true, user }),
      'GET /api/shopper/history': jsonResponse({ success: true, entries: [] }),
      'GET /api/shopper/favorites': jsonResponse({ success: true, favorites: [reached] }),
      'PUT /api/shopper/favorites/7/alert': errorResponse(404, 'NOT_FOUND', 'This product is not in your favorites'),
    });
    renderAt('/favorites');
    expect(await screen.findByText('Alert at $1,100.00 · reached Nov 21, 2026 at $1,099.99', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change the price alert for LG OLED TV' }));
    const form = screen.getByRole('form', { name: 'Price alert for LG OLED TV' });
    expect(within(form).getByRole('textbox', { name: 'Email me at or below $' })).toHaveValue('1100.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This product is not in your favorites');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(/^Alert at \$1,100\.00/)).toBeInTheDocument();
  });

  it('at sign-in merges what the browser kept into the account and then works on the account', async () => {
    localStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify([historyEntry(ID_A, 'Sony XM5', 'url', '2026-11-19T10:00:00.000Z')]));
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify([favorite]));
    const accountFavorite = { ...favorite, currentPriceCents: 139_999, offerCount: 2, alert: null };
    const api = mockApi({
      'POST /api/shopper/auth/login': jsonResponse({ success: true, user }),
      // Signed out, the page asks the catalog for today's price of a favorite kept in the browser.
      'GET /api/products/7': () => jsonResponse(productDetail),
      'POST /api/shopper/merge': () => jsonResponse({ success: true, entries: [historyEntry(ID_A, 'Sony XM5', 'url', '2026-11-19T10:00:00.000Z')], favorites: [accountFavorite] }),
      'DELETE /api/shopper/favorites/7': jsonResponse({ success: true, removed: 1 }),
    });
    renderAt('/favorites');
    await userEvent.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Sign in' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to PriceHunt' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'sam@example.com');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'correct-horse-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('banner')).getByText('sam@example.com')).toBeInTheDocument();
    expect(await screen.findByText('Saved to your account (sam@example.com).')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/shopper/merge')[0]?.body).toMatchObject({
      history: [expect.objectContaining({ requestId: ID_A, kind: 'url' })],
      favorites: [expect.objectContaining({ productId: 7, savedPriceCents: 150_000 })],
    });
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(FAVORITES_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('$1,399.99')).toBeInTheDocument();
    expect(screen.getByText(/Down \$100\.01 \(7%\) since saved/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove LG OLED TV from favorites' }));
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/shopper/favorites/7')).toHaveLength(1);
  });

  it('shows the server error of a failed sign-in in the form', async () => {
    mockApi({ 'POST /api/shopper/auth/login': errorResponse(401, 'UNAUTHORIZED', 'Email or password is incorrect') });
    renderAt('/login');
    const main = screen.getByRole('main');
    await userEvent.type(await within(main).findByRole('textbox', { name: /Email/ }, { timeout: 5000 }), 'sam@example.com');
    await userEvent.type(within(main).getByLabelText(/Password/), 'wrong-password-1');
    const submit = within(main).getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await within(main).findByText('Email or password is incorrect')).toBeInTheDocument();
  });

  it('signs up from the auth modal: "check your inbox", and nobody is signed in yet', async () => {
    mockApi({
      'POST /api/shopper/auth/register': jsonResponse({ success: true, message: 'Check your inbox: we have sent an email to sam@example.com.' }, { status: 202 }),
      'GET /api/browse': jsonResponse({ success: true, category: null, sort: 'offers', page: 1, pageSize: 3, total: 0, productCount: 0, items: [] }),
    });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    expect(within(dialog).getByRole('heading', { name: 'Create your PriceHunt account' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'sam@example.com');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'correct-horse-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Check your inbox: we have sent an email to sam@example.com.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('banner')).queryByText('sam@example.com')).not.toBeInTheDocument();
  });

  it('is signed in by the emailed confirmation link, and signs out from the header', async () => {
    const api = mockApi({
      'POST /api/shopper/auth/confirm-email': jsonResponse({ success: true, user }),
      'GET /api/shopper/history': jsonResponse({ success: true, entries: [] }),
      'GET /api/shopper/favorites': jsonResponse({ success: true, favorites: [] }),
      'POST /api/shopper/auth/logout': jsonResponse({ success: true }),
    });
    renderAt('/confirm-email?token=abcdefghijklmnopqrstuvwxyz0123456789');
    // Opening the link confirms nothing by itself (a mail scanner may open it): the shopper confirms.
    const confirm = await screen.findByRole('button', { name: 'Confirm my email' }, { timeout: 5000 });
    expect(api.requestsTo('POST /api/shopper/auth/confirm-email')).toHaveLength(0);
    await userEvent.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(/You are signed in as sam@example\.com\./)).toBeInTheDocument();

    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('sam@example.com')).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Sign out' }));
    expect(await within(banner).findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('closes the auth modal with Escape', async () => {
    mockApi({ 'GET /api/browse': jsonResponse({ success: true, category: null, sort: 'offers', page: 1, pageSize: 3, total: 0, productCount: 0, items: [] }) });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('password reset', () => {
  it('sends a reset link from the forgot-password form', async () => {
    const api = mockApi({
      'POST /api/shopper/auth/password-reset/request': jsonResponse({ success: true, message: 'If an account exists for this email, we have sent a link to reset its password.' }),
    });
    renderAt('/login');
    const main = screen.getByRole('main');
    await userEvent.click(await within(main).findByRole('button', { name: 'Forgot password?' }, { timeout: 5000 }));
    await userEvent.type(within(main).getByRole('textbox', { name: /Email/ }), 'sam@example.com');
    const submit = within(main).getByRole('button', { name: 'Send reset link' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await within(main).findByText(/If an account exists for sam@example.com/)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/shopper/auth/password-reset/request')[0]?.body).toEqual({ email: 'sam@example.com' });
  });

  it('sets a new password from the emailed link', async () => {
    const api = mockApi({
      'POST /api/shopper/auth/password-reset/confirm': jsonResponse({ success: true, message: 'Your password has been changed. Sign in with your new password.' }),
    });
    renderAt('/reset-password?token=abcdefghijklmnopqrstuvwxyz');
    await userEvent.type(await screen.findByLabelText(/New password/, {}, { timeout: 5000 }), 'brand-new-pass-9');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/shopper/auth/password-reset/confirm')[0]?.body).toEqual({ token: 'abcdefghijklmnopqrstuvwxyz', password: 'brand-new-pass-9' });
  });
});
