import { createFetchMock, errorResponse, jsonResponse, networkFailure, textResponse, type FetchMock } from '@pricehunt/api-client/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import type { RegistrationResult } from './account-session';
import { BusinessAuthProvider, useBusinessAuth, type BusinessAuthResult } from './business-auth';

// The answer schemas load on demand; load them once up front so a slow shared machine does not eat into
// the per-test waiting time.
beforeAll(() => import('./schemas'));

const business = {
  id: 'b1',
  email: 'owner@acme.example',
  storeName: 'Acme',
  storeDomain: 'acme.myshopify.com',
  isAdmin: false,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const signedIn = (overrides: Record<string, unknown> = {}) => jsonResponse({ success: true, business: { ...business, ...overrides } });
const unauthorized = () => errorResponse(401, 'UNAUTHORIZED', 'Not signed in');

let lastResult: BusinessAuthResult | RegistrationResult | undefined;
const checkInbox = () => jsonResponse({ success: true, message: 'Check your inbox: we have sent an email to owner@acme.example.' }, { status: 202 });

function Panel() {
  const auth = useBusinessAuth();
  const [email, setEmail] = useState('owner@acme.example');
  return (
    <div>
      <p>Status: {auth.status}</p>
      <p>Loading: {String(auth.isLoading)}</p>
      <p>Signed in as: {auth.business?.email ?? 'nobody'}</p>
      <p>Authenticated: {String(auth.isAuthenticated)}</p>
      <p>Admin: {String(auth.isAdmin)}</p>
      {auth.error ? <p role="alert">{auth.error}</p> : null}
      <label>
        Email
        <input value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <button onClick={() => void auth.login(email, 'correct horse 1').then((result) => (lastResult = result))}>Log in</button>
      <button
        onClick={() => void auth.register({ email, password: 'long-enough-1', storeDomain: 'acme.myshopify.com', storeName: 'Acme' }).then((result) => (lastResult = result))}
      >
        Register store
      </button>
      <button onClick={() => void auth.register({ email, password: 'long-enough-1' }).then((result) => (lastResult = result))}>Register</button>
      <button onClick={() => void auth.confirmEmail('t'.repeat(43)).then((result) => (lastResult = result))}>Open link</button>
      <button onClick={() => void auth.logout()}>Log out</button>
      <button onClick={() => void auth.refresh()}>Refresh</button>
      <button onClick={() => auth.clearError()}>Clear error</button>
    </div>
  );
}

function renderWith(mock: FetchMock) {
  return render(
    <BusinessAuthProvider fetch={mock.fetch}>
      <Panel />
    </BusinessAuthProvider>,
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

beforeEach(() => {
  lastResult = undefined;
});

describe('BusinessAuthProvider session', () => {
  it('is loading at start, then signed in from GET /api/business/auth/me with cookies', async () => {
    const me = deferred<Response>();
    const mock = createFetchMock({ 'GET /api/business/auth/me': () => me.promise });
    renderWith(mock);
    expect(screen.getByText('Status: loading')).toBeInTheDocument();
    expect(screen.getByText('Loading: true')).toBeInTheDocument();
    expect(mock.requests[0]).toMatchObject({ method: 'GET', path: '/api/business/auth/me', credentials: 'include' });
    await act(async () => me.resolve(signedIn()));
    expect(screen.getByText('Status: signed-in')).toBeInTheDocument();
    expect(screen.getByText('Signed in as: owner@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Authenticated: true')).toBeInTheDocument();
    expect(screen.getByText('Loading: false')).toBeInTheDocument();
  });

  it('is signed out when me answers non-OK', async () => {
    renderWith(createFetchMock({ 'GET /api/business/auth/me': unauthorized() }));
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
    expect(screen.getByText('Signed in as: nobody')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is signed out when me cannot be reached', async () => {
    renderWith(createFetchMock({ 'GET /api/business/auth/me': networkFailure }));
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
  });

  it('is signed out when me answers with something that is not a business', async () => {
    renderWith(createFetchMock({ 'GET /api/business/auth/me': jsonResponse({ success: true, business: { id: 1 } }) }));
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
  });

  it('asks me only once in strict mode and still settles', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': () => signedIn() });
    render(
      <StrictMode>
        <BusinessAuthProvider fetch={mock.fetch}>
          <Panel />
        </BusinessAuthProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    // The first strict-mode run is aborted; its request carries an aborted signal.
    expect(mock.requests.filter((request) => !request.signal?.aborted)).toHaveLength(1);
  });

  it('refresh asks me again', async () => {
    let calls = 0;
    const mock = createFetchMock({ 'GET /api/business/auth/me': () => (++calls === 1 ? unauthorized() : signedIn()) });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
  });
});

describe('isAdmin', () => {
  it('equals business.isAdmin', async () => {
    renderWith(createFetchMock({ 'GET /api/business/auth/me': signedIn({ isAdmin: true }) }));
    expect(await screen.findByText('Admin: true')).toBeInTheDocument();
  });

  it('is false when the business has isAdmin false', async () => {
    renderWith(createFetchMock({ 'GET /api/business/auth/me': signedIn({ isAdmin: false }) }));
    await screen.findByText('Status: signed-in');
    expect(screen.getByText('Admin: false')).toBeInTheDocument();
  });

  it('is false when isAdmin is absent', async () => {
    const { isAdmin: _isAdmin, ...withoutFlag } = business;
    renderWith(createFetchMock({ 'GET /api/business/auth/me': jsonResponse({ success: true, business: withoutFlag }) }));
    await screen.findByText('Status: signed-in');
    expect(screen.getByText('Admin: false')).toBeInTheDocument();
  });

  it('is false while signed out', async () => {
    renderWith(createFetchMock({ 'GET /api/business/auth/me': unauthorized() }));
    await screen.findByText('Status: signed-out');
    expect(screen.getByText('Admin: false')).toBeInTheDocument();
  });
});

describe('login', () => {
  it('POSTs {email, password} as JSON with cookies and signs in with the answer', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/login': signedIn() });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Signed in as: owner@acme.example')).toBeInTheDocument();
    const request = mock.requestsTo('POST /api/business/auth/login')[0];
    expect(request?.body).toEqual({ email: 'owner@acme.example', password: 'correct horse 1' });
    expect(request?.credentials).toBe('include');
    expect(request?.headers['Content-Type']).toBe('application/json');
    expect(lastResult).toEqual({ success: true, business: expect.objectContaining({ email: 'owner@acme.example' }) });
  });

  it("shows the server's error when login fails", async () => {
    const mock = createFetchMock({
      'GET /api/business/auth/me': unauthorized(),
      'POST /api/business/auth/login': errorResponse(401, 'UNAUTHORIZED', 'Invalid email or password'),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByText('Status: signed-out')).toBeInTheDocument();
    expect(lastResult).toEqual({ success: false, error: 'Invalid email or password' });
  });

  it('shows the wait a 429 asks for: "Too many attempts. Try again in N seconds."', async () => {
    const mock = createFetchMock({
      'GET /api/business/auth/me': unauthorized(),
      'POST /api/business/auth/login': errorResponse(429, 'RATE_LIMITED', 'Too many attempts, try again later', { headers: { 'Retry-After': '16' } }),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many attempts\. Try again in 16 seconds\.$/);
    expect(lastResult).toEqual({ success: false, error: 'Too many attempts. Try again in 16 seconds.' });
  });

  it('reads the error of a success:false answer', async () => {
    const mock = createFetchMock({
      'GET /api/business/auth/me': unauthorized(),
      'POST /api/business/auth/login': jsonResponse({ success: false, error: 'Account suspended' }),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account suspended');
  });

  it('shows exactly "Login failed" when the server gives no message', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/login': textResponse('Bad gateway', { status: 502 }) });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('shows exactly "Login failed" when the success answer is malformed', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/login': jsonResponse({ success: true }) });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('shows "Network error occurred" when the network fails', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/login': networkFailure });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error occurred$/);
  });

  it('clears the error on the next attempt and on request', async () => {
    let attempts = 0;
    const mock = createFetchMock({
      'GET /api/business/auth/me': unauthorized(),
      'POST /api/business/auth/login': () => (++attempts === 1 ? errorResponse(401, 'UNAUTHORIZED', 'Invalid email or password') : signedIn()),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Clear error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not undone by a slower me answer that started before it', async () => {
    const me = deferred<Response>();
    const mock = createFetchMock({ 'GET /api/business/auth/me': () => me.promise, 'POST /api/business/auth/login': signedIn() });
    renderWith(mock);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    await act(async () => me.resolve(unauthorized()));
    expect(screen.getByText('Status: signed-in')).toBeInTheDocument();
  });

  it('settles a pending first check as signed out when login fails', async () => {
    const me = deferred<Response>();
    const mock = createFetchMock({ 'GET /api/business/auth/me': () => me.promise, 'POST /api/business/auth/login': networkFailure });
    renderWith(mock);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
  });
});

describe('register', () => {
  it('POSTs email, password, storeDomain and storeName and answers "check your inbox", signing nobody in', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/register': checkInbox() });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Register store' }));
    await waitFor(() => expect(lastResult).toBeDefined());
    expect(mock.requestsTo('POST /api/business/auth/register')[0]?.body).toEqual({
      email: 'owner@acme.example',
      password: 'long-enough-1',
      storeDomain: 'acme.myshopify.com',
      storeName: 'Acme',
    });
    await screen.findByText('Status: signed-out');
    expect(lastResult).toEqual({ success: true, message: 'Check your inbox: we have sent an email to owner@acme.example.' });
  });

  it('leaves out the store fields when they are not given', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/register': checkInbox() });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(lastResult).toBeDefined());
    expect(mock.requestsTo('POST /api/business/auth/register')[0]?.body).toEqual({ email: 'owner@acme.example', password: 'long-enough-1' });
  });

  it('signs in with the token of the emailed link through POST confirm-email', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/confirm-email': signedIn() });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(mock.requestsTo('POST /api/business/auth/confirm-email')[0]?.body).toEqual({ token: 't'.repeat(43) });
    expect(lastResult).toMatchObject({ success: true, business: { email: 'owner@acme.example' } });
  });

  it('shows why a confirmation link does not work', async () => {
    const mock = createFetchMock({
      'GET /api/business/auth/me': unauthorized(),
      'POST /api/business/auth/confirm-email': errorResponse(400, 'VALIDATION_ERROR', 'This confirmation link is invalid or has expired', { field: 'token' }),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired');
    expect(lastResult).toEqual({ success: false, error: 'This confirmation link is invalid or has expired', field: 'token' });
  });

  it("shows the server's error, naming the field", async () => {
    const mock = createFetchMock({
      'GET /api/business/auth/me': unauthorized(),
      'POST /api/business/auth/register': errorResponse(400, 'VALIDATION_ERROR', 'This password is among the most commonly used passwords; choose another', { field: 'password' }),
    });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is among the most commonly used passwords; choose another');
    expect(lastResult).toMatchObject({ success: false, field: 'password' });
  });

  it('shows exactly "Registration failed" when the server gives no message', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/register': textResponse('', { status: 500 }) });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
    expect(lastResult).toEqual({ success: false, error: 'Registration failed' });
  });

  it('shows "Network error occurred" when the network fails', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': unauthorized(), 'POST /api/business/auth/register': networkFailure });
    renderWith(mock);
    await screen.findByText('Status: signed-out');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error occurred$/);
  });
});

describe('logout', () => {
  it('POSTs /api/business/auth/logout with cookies and clears the account', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': signedIn(), 'POST /api/business/auth/logout': jsonResponse({ success: true }) });
    renderWith(mock);
    await screen.findByText('Status: signed-in');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
    expect(screen.getByText('Signed in as: nobody')).toBeInTheDocument();
    expect(mock.requestsTo('POST /api/business/auth/logout')[0]?.credentials).toBe('include');
  });

  it('clears the account locally even when the call fails', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': signedIn({ isAdmin: true }), 'POST /api/business/auth/logout': errorResponse(500, 'INTERNAL_ERROR', 'Boom') });
    renderWith(mock);
    await screen.findByText('Admin: true');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
    expect(screen.getByText('Admin: false')).toBeInTheDocument();
  });

  it('clears the account locally even when the network is down', async () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': signedIn(), 'POST /api/business/auth/logout': networkFailure });
    renderWith(mock);
    await screen.findByText('Status: signed-in');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
  });
});

describe('useBusinessAuth', () => {
  it('throws a clear error outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Panel />)).toThrow('useBusinessAuth must be used inside <BusinessAuthProvider>');
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('abandons the pending me request when the provider unmounts', () => {
    const mock = createFetchMock({ 'GET /api/business/auth/me': () => new Promise<Response>(() => undefined) });
    const { unmount } = renderWith(mock);
    expect(mock.requests[0]?.signal?.aborted).toBe(false);
    unmount();
    expect(mock.requests[0]?.signal?.aborted).toBe(true);
  });
});
