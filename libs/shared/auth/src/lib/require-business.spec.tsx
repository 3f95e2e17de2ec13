import { createFetchMock, errorResponse, jsonResponse, type FetchMock } from '@pricehunt/api-client/testing';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { BusinessAuthProvider } from './business-auth';
import { loginRedirectPath, RequireBusiness, safeNextPath } from './require-business';

// The answer schemas load on demand; load them once up front so a slow shared machine does not eat into
// the per-test waiting time.
beforeAll(() => import('./schemas'));

const business = { id: 'b1', email: 'o@acme.example', storeName: null, storeDomain: null, isAdmin: false, status: 'active', createdAt: '2026-01-01T00:00:00.000Z' };

function LoginPage() {
  const location = useLocation();
  return (
    <>
      <h1>Business login</h1>
      <p>Next: {safeNextPath(location.search, 'none')}</p>
    </>
  );
}

function renderAt(entry: string, mock: FetchMock, options: { requireAdmin?: boolean; nested?: boolean } = {}) {
  return render(
    <BusinessAuthProvider fetch={mock.fetch}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/business-login" element={<LoginPage />} />
          {options.nested ? (
            <Route element={<RequireBusiness loginPath="/business-login" requireAdmin={options.requireAdmin} />}>
              <Route path="/business/dashboard/*" element={<h1>Dashboard</h1>} />
            </Route>
          ) : (
            <Route
              path="/business/dashboard/*"
              element={
                <RequireBusiness loginPath="/business-login" requireAdmin={options.requireAdmin}>
                  <h1>Dashboard</h1>
                </RequireBusiness>
              }
            />
          )}
        </Routes>
      </MemoryRouter>
    </BusinessAuthProvider>,
  );
}

const me = (answer: () => Response | Promise<Response>) => createFetchMock({ 'GET /api/business/auth/me': answer });

describe('RequireBusiness', () => {
  it('shows a status while the session is checked', async () => {
    let finish!: (response: Response) => void;
    renderAt('/business/dashboard', me(() => new Promise<Response>((resolve) => (finish = resolve))));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    await act(async () => finish(jsonResponse({ success: true, business })));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('redirects a signed-out visitor to the login path with ?next= the current location', async () => {
    renderAt('/business/dashboard/analytics?range=30d#top', me(() => errorResponse(401, 'UNAUTHORIZED', 'Not signed in')));
    expect(await screen.findByRole('heading', { name: 'Business login' })).toBeInTheDocument();
    expect(screen.getByText('Next: /business/dashboard/analytics?range=30d#top')).toBeInTheDocument();
  });

  it('shows the page to a signed-in business', async () => {
    renderAt('/business/dashboard', me(() => jsonResponse({ success: true, business })));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('renders nested routes through an outlet', async () => {
    renderAt('/business/dashboard', me(() => jsonResponse({ success: true, business })), { nested: true });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('refuses a business that is not an admin when requireAdmin is set', async () => {
    renderAt('/business/dashboard', me(() => jsonResponse({ success: true, business })), { requireAdmin: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('You need an administrator account to open this page.');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('lets an admin through when requireAdmin is set', async () => {
    renderAt('/business/dashboard', me(() => jsonResponse({ success: true, business: { ...business, isAdmin: true } })), { requireAdmin: true });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('redirects a signed-out visitor from an admin route to login as well', async () => {
    renderAt('/business/dashboard', me(() => errorResponse(401, 'UNAUTHORIZED', 'Not signed in')), { requireAdmin: true });
    expect(await screen.findByRole('heading', { name: 'Business login' })).toBeInTheDocument();
  });
});

describe('loginRedirectPath', () => {
  it('encodes the current location into next', () => {
    expect(loginRedirectPath('/admin-login', { pathname: '/admin/business', search: '?q=a&b=c' })).toBe('/admin-login?next=%2Fadmin%2Fbusiness%3Fq%3Da%26b%3Dc');
  });

  it('appends to a login path that has a query already', () => {
    expect(loginRedirectPath('/login?mode=business', { pathname: '/x' })).toBe('/login?mode=business&next=%2Fx');
  });
});

describe('safeNextPath', () => {
  it('returns a path inside the app', () => {
    expect(safeNextPath('?next=%2Fbusiness%2Fdashboard%3Ftab%3D1')).toBe('/business/dashboard?tab=1');
  });

  it.each([['?next=https%3A%2F%2Fevil.example'], ['?next=%2F%2Fevil.example'], ['?next=%2F%5Cevil.example'], ['?next=dashboard'], ['']])('refuses %j', (search) => {
    expect(safeNextPath(search, '/business/dashboard')).toBe('/business/dashboard');
  });
});
