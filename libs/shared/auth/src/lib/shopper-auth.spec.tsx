import { createFetchMock, errorResponse, jsonResponse, networkFailure, textResponse, type FetchMock } from '@pricehunt/api-client/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RegistrationResult } from './account-session';
import { ShopperAuthProvider, useShopperAuth } from './shopper-auth';

// The answer schemas load on demand; load them once up front so a slow shared machine does not eat into
// the per-test waiting time.
beforeAll(() => import('./schemas'));

const user = { id: 'u1', email: 'sam@example.com', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };
const signedIn = () => jsonResponse({ success: true, user });
const unauthorized = () => errorResponse(401, 'UNAUTHORIZED', 'Not signed in');
const nobody = () => jsonResponse({ success: true, user: null });

function Panel() {
  const auth = useShopperAuth();
  const [notice, setNotice] = useState<RegistrationResult | null>(null);
  return (
    <div>
      <p>Status: {auth.status}</p>
      <p>User: {auth.user ? `${auth.user.email} since ${auth.user.createdAt}` : 'nobody'}</p>
      {auth.error ? <p role="alert">{auth.error}</p> : null}
      <button onClick={() => void auth.login('sam@example.com', 'pw-123456789')}>Sign in</button>
      <button onClick={() => void auth.register({ email: 'sam@example.com', password: 'long-enough-1' }).then(setNotice)}>Sign up</button>
      <button onClick={() => void auth.register({ email: 'sam@example.com', password: 'long-enough-1', displayName: 'Sam' })}>Sign up with name</button>
      <button onClick={() => void auth.confirmEmail('t'.repeat(43))}>Open link</button>
      {notice?.success ? <p role="status">{notice.message}</p> : null}
      <button onClick={() => void auth.logout()}>Sign out</button>
    </div>
  );
}

const renderWith = (mock: FetchMock) =>
  render(
    <ShopperAuthProvider fetch={mock.fetch}>
      <Panel />
    </ShopperAuthProvider>,
  );

describe('ShopperAuthProvider', () => {
  it('starts loading and signs in from GET /api/shopper/auth/session', async () => {
    const mock = createFetchMock({ 'GET /api/shopper/auth/session': signedIn() });
    renderWith(mock);
    expect(screen.getByText('Status: loading')).toBeInTheDocument();
    expect(screen.getByText('User: nobody')).toBeInTheDocument();
    expect(await screen.findByText('User: sam@example.com since 2026-01-01T00:00:00.000Z')).toBeInTheDocument();
    expect(mock.requests[0]?.credentials).toBe('include');
  });

  it('is signed out when the session answers nobody, without asking me', async () => {
    const mock = createFetchMock({ 'GET /api/shopper/auth/session': nobody() });
    renderWith(mock);
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
    expect(mock.requests.map((r) => r.path)).toEqual(['/api/shopper/auth/session']);
  });

  it('is signed out when the session check fails (server error, offline)', async () => {
    for (const answer of [unauthorized, networkFailure]) {
      const view = renderWith(createFetchMock({ 'GET /api/shopper/auth/session': answer }));
      expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
      view.unmount();
    }
  });

  it('signs in through POST /api/shopper/auth/login', async () => {
    const mock = createFetchMock({ 'GET /api/shopper/auth/session': nobody(), 'POST /api/shopper/auth/login': signedIn() });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(mock.requestsTo('POST /api/shopper/auth/login')[0]?.body).toEqual({ email: 'sam@example.com', password: 'pw-123456789' });
  });

  it("shows the server's error, or exactly \"Login failed\"", async () => {
    let attempt = 0;
    const mock = createFetchMock({
      'GET /api/shopper/auth/session': nobody(),
      'POST /api/shopper/auth/login': () => (++attempt === 1 ? errorResponse(401, 'UNAUTHORIZED', 'Invalid email or password') : textResponse('', { status: 503 })),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid email or password$/);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toHaveAttribute('role', 'alert');
  });

  it('shows the wait a 429 asks for', async () => {
    const mock = createFetchMock({
      'GET /api/shopper/auth/session': nobody(),
      'POST /api/shopper/auth/login': errorResponse(429, 'RATE_LIMITED', 'Too many attempts. Try again in 2 minutes.', { headers: { 'Retry-After': '120' } }),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many attempts\. Try again in 2 minutes\.$/);
  });

  it('signs up through POST /api/shopper/auth/register, or shows exactly "Registration failed"', async () => {
    let attempt = 0;
    const mock = createFetchMock({
      'GET /api/shopper/auth/session': nobody(),
      'POST /api/shopper/auth/register': () => (++attempt === 1 ? textResponse('', { status: 500 }) : jsonResponse({ success: true, message: 'Check your inbox' }, { status: 202 })),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox');
    expect(screen.getByText('Status: signed-out')).toBeInTheDocument();
    expect(mock.requestsTo('POST /api/shopper/auth/register')[1]?.body).toEqual({ email: 'sam@example.com', password: 'long-enough-1' });
  });

  it('signs in with the token of the emailed link', async () => {
    const mock = createFetchMock({ 'GET /api/shopper/auth/session': nobody(), 'POST /api/shopper/auth/confirm-email': signedIn() });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(mock.requestsTo('POST /api/shopper/auth/confirm-email')[0]?.body).toEqual({ token: 't'.repeat(43) });
  });

  it('sends the display name when one is given', async () => {
    const mock = createFetchMock({ 'GET /api/shopper/auth/session': nobody(), 'POST /api/shopper/auth/register': jsonResponse({ success: true, message: 'Check your inbox' }, { status: 202 }) });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with name' }));
    await waitFor(() => expect(mock.requestsTo('POST /api/shopper/auth/register')).toHaveLength(1));
    expect(mock.requestsTo('POST /api/shopper/auth/register')[0]?.body).toEqual({ email: 'sam@example.com', password: 'long-enough-1', displayName: 'Sam' });
  });

  it('shows "Network error occurred" when the network fails', async () => {
    renderWith(createFetchMock({ 'GET /api/shopper/auth/session': nobody(), 'POST /api/shopper/auth/login': networkFailure }));
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error occurred$/);
  });

  it('signs out through POST /api/shopper/auth/logout, clearing the user even when it fails', async () => {
    const mock = createFetchMock({ 'GET /api/shopper/auth/session': signedIn(), 'POST /api/shopper/auth/logout': networkFailure });
    renderWith(mock);
    await screen.findByText('Status: signed-in');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('User: nobody')).toBeInTheDocument();
    expect(mock.requestsTo('POST /api/shopper/auth/logout')).toHaveLength(1);
  });

  it('useShopperAuth throws a clear error outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Panel />)).toThrow('useShopperAuth must be used inside <ShopperAuthProvider>');
    } finally {
      jest.restoreAllMocks();
    }
  });
});
