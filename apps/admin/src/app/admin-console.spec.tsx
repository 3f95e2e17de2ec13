import { jsonResponse, errorResponse } from '@pricehunt/api-client/testing';
import type { AdminBusiness, BusinessDetailResponse, OverviewResponse } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, locationNow, merchantAccount, renderApp } from '../testing/render';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const emptyFigures = { searches: 0, clicks: 0, referrals: 0, conversions: 0, revenueCents: 0 };
const overview: OverviewResponse = {
  success: true,
  generatedAt: '2026-03-01T12:00:00.000Z',
  businesses: { total: 3, active: 2, suspended: 1, admins: 1, withStore: 2, newLast30Days: 3 },
  activity: { today: { ...emptyFigures, searches: 4 }, last7Days: { ...emptyFigures, searches: 9, clicks: 3 }, last30Days: { ...emptyFigures, searches: 12, revenueCents: 12345 } },
  daily: Array.from({ length: 30 }, (_, i) => ({ date: `2026-02-${String(i + 1).padStart(2, '0')}`, ...emptyFigures, searches: i % 3 })),
  catalog: { offers: 120, products: 80, retailers: [{ id: 'walmart', name: 'Walmart', offers: 70 }, { id: 'amazon', name: 'Amazon', offers: 50 }] },
  imports: [],
  importProblems: { failed: 0, interrupted: 0 },
  database: { bytes: 4096 * 10, walBytes: 0, tables: [{ name: 'offers', rows: 120 }] },
};

const target: AdminBusiness = { ...merchantAccount, updatedAt: merchantAccount.createdAt, domainVerified: false };
const detail = (business: AdminBusiness): BusinessDetailResponse => ({
  success: true,
  business,
  figures: {
    period: { from: '2026-02-09', to: '2026-03-10', tz: 'Europe/Berlin' },
    currency: 'EUR',
    last30Days: { clicks: 5, referrals: 2, conversions: 1, revenueCents: 4999 },
    allTime: { clicks: 9, referrals: 3, conversions: 1, revenueCents: 4999 },
    offers: 7,
    activeSessions: 1,
  },
  audit: [],
});

describe('admin login and guards', () => {
  it('sends a signed-out visitor from an admin page to /admin-login', async () => {
    const view = renderApp('/admin/business');
    restore = view.restore;
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(view.mock.requests.filter((request) => request.path.startsWith('/api/admin'))).toHaveLength(0);
  });

  it('logs out from any console page to the bare login page', async () => {
    const view = renderApp('/admin/audit', {
      signedInAs: adminAccount,
      routes: {
        'GET /api/admin/audit': () => new Promise<Response>(() => undefined),
        'POST /api/business/auth/logout': () => jsonResponse({ success: true }),
      },
    });
    restore = view.restore;
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(view.mock.requestsTo('POST /api/business/auth/logout')).toHaveLength(1);
    await waitFor(() => expect(locationNow()).toBe('/admin-login'));
    // No later render sends the login on with the page that was left.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(locationNow()).toBe('/admin-login');
  });

  it('refuses a business without admin access at /admin-login and ends the session it opened', async () => {
    const view = renderApp('/admin-login', {
      routes: {
        'POST /api/business/auth/login': () => jsonResponse({ success: true, business: merchantAccount }),
        'POST /api/business/auth/logout': () => jsonResponse({ success: true }),
      },
    });
    restore = view.restore;
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'shop@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has no admin access');
    expect(view.mock.requestsTo('POST /api/business/auth/logout')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Overview' })).not.toBeInTheDocument();
  });

  it('shows the server error when the credentials are wrong', async () => {
    const view = renderApp('/admin-login', {
      routes: { 'POST /api/business/auth/login': () => errorResponse(401, 'UNAUTHORIZED', 'Invalid email or password') },
    });
    restore = view.restore;
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'admin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('lets an admin in and shows the overview', async () => {
    const view = renderApp('/admin-login', {
      routes: {
        'POST /api/business/auth/login': () => jsonResponse({ success: true, business: adminAccount }),
        'GET /api/admin/overview': () => jsonResponse(overview),
      },
    });
    restore = view.restore;
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'admin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Searches and clicks per day, last 30 days' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Searches 4 9 12/ })).toBeInTheDocument();
  });

  it('links the overview to the failed and interrupted import runs when there are any', async () => {
    const view = renderApp('/admin', {
      signedInAs: adminAccount,
      routes: {
        'GET /api/admin/overview': () => jsonResponse({ ...overview, importProblems: { failed: 3, interrupted: 1 } }),
        'GET /api/admin/retailers': () => jsonResponse({ success: true, items: [] }),
        'GET /api/admin/imports': () => jsonResponse({ success: true, items: [], page: 1, pageSize: 50, total: 0 }),
        'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: [], open: 0 }),
        'GET /api/admin/price-reviews': () => jsonResponse({ success: true, items: [], total: 0 }),
        'GET /api/admin/suspect-products': () => jsonResponse({ success: true, items: [], total: 0 }),
      },
    });
    restore = view.restore;
    expect(await screen.findByRole('link', { name: '1 interrupted run' })).toHaveAttribute('href', '/admin/catalog?runStatus=interrupted');
    await userEvent.click(screen.getByRole('link', { name: '3 failed runs' }));
    expect(await screen.findByText('No failed import runs.')).toBeInTheDocument();
    expect(view.mock.requests.some((request) => request.path === '/api/admin/imports' && request.query.get('status') === 'failed')).toBe(true);
  });

  it('links only to all imports when no run failed', async () => {
    const view = renderApp('/admin', { signedInAs: adminAccount, routes: { 'GET /api/admin/overview': () => jsonResponse(overview) } });
    restore = view.restore;
    expect(await screen.findByRole('link', { name: 'All imports' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /failed run|interrupted run/ })).toBeNull();
  });

  it('renders no admin page for a signed-in business without admin access', async () => {
    const view = renderApp('/admin/business', { signedInAs: merchantAccount });
    restore = view.restore;
    expect(await screen.findByText('This account has no admin access')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Businesses' })).not.toBeInTheDocument();
    expect(view.mock.requests.filter((request) => request.path.startsWith('/api/admin'))).toHaveLength(0);
  });
});

describe('business management', () => {
  it('searches businesses by email and opens one', async () => {
    const view = renderApp('/admin/business', {
      signedInAs: adminAccount,
      routes: {
        'GET /api/admin/businesses': (request) =>
          jsonResponse({ success: true, total: 1, page: 1, pageSize: 20, items: request.query.get('q') === 'shop@' ? [target] : [target, { ...target, id: 'b2', email: 'other@example.com' }] }),
      },
    });
    restore = view.restore;
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search businesses' }), 'shop@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(view.mock.requestsTo('GET /api/admin/businesses').at(-1)?.query.get('q')).toBe('shop@'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'other@example.com' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'shop@example.com' })).toHaveAttribute('href', '/admin/business/biz-1');
  });

  it('filters and sorts through the query', async () => {
    const view = renderApp('/admin/business', {
      signedInAs: adminAccount,
      routes: { 'GET /api/admin/businesses': () => jsonResponse({ success: true, total: 1, page: 1, pageSize: 20, items: [target] }) },
    });
    restore = view.restore;
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Status'), 'suspended');
    await user.selectOptions(screen.getByLabelText('Admin'), 'false');
    await user.click(await screen.findByRole('button', { name: /^Email/ }));
    await waitFor(() => {
      const query = view.mock.requestsTo('GET /api/admin/businesses').at(-1)?.query;
      expect([query?.get('status'), query?.get('admin'), query?.get('sort'), query?.get('order')]).toEqual(['suspended', 'false', 'email', 'asc']);
    });
  });

  it('suspends a business after confirmation', async () => {
    let current = target;
    const view = renderApp('/admin/business/biz-1', {
      signedInAs: adminAccount,
      routes: {
        'GET /api/admin/businesses/biz-1': () => jsonResponse(detail(current)),
        'POST /api/admin/businesses/biz-1/suspend': () => {
          current = { ...current, status: 'suspended' };
          return jsonResponse({
            success: true,
            business: current,
            sessionsEnded: 1,
            audit: {
              id: 'a1',
              createdAt: '2026-03-01T12:00:00.000Z',
              actorId: adminAccount.id,
              actorEmail: adminAccount.email,
              action: 'business.suspend',
              targetType: 'business',
              targetId: 'biz-1',
              targetLabel: current.email,
              before: { status: 'active', isAdmin: false },
              after: { status: 'suspended', isAdmin: false },
            },
          });
        },
      },
    });
    restore = view.restore;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend shop@example.com?' });
    expect(view.mock.requestsTo('POST /api/admin/businesses/biz-1/suspend')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('shop@example.com is suspended. 1 session ended.');
    expect(view.mock.requestsTo('POST /api/admin/businesses/biz-1/suspend')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it("shows a business's figures for its period, in its time zone and currency", async () => {
    const view = renderApp('/admin/business/biz-1', { signedInAs: adminAccount, routes: { 'GET /api/admin/businesses/biz-1': () => jsonResponse(detail(target)) } });
    restore = view.restore;
    const table = await screen.findByRole('table', { name: /Clicks, referrals, conversions and revenue/ });
    expect(within(table).getByRole('columnheader', { name: /Last 30 days/ })).toHaveTextContent('Last 30 days Feb 9 – Mar 10, 2026 (Europe/Berlin)');
    const revenue = within(table).getByRole('row', { name: /Revenue/ });
    expect(within(revenue).getByRole('rowheader')).toHaveTextContent('Revenue (EUR)');
    expect(revenue).toHaveTextContent('€49.99');
  });

  it('cancelling the dialog changes nothing', async () => {
    const view = renderApp('/admin/business/biz-1', {
      signedInAs: adminAccount,
      routes: { 'GET /api/admin/businesses/biz-1': () => jsonResponse(detail(target)) },
    });
    restore = view.restore;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make admin' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view.mock.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('disables Suspend and Revoke admin on the admin’s own account', async () => {
    const self: AdminBusiness = { ...adminAccount, updatedAt: adminAccount.createdAt, domainVerified: false };
    const view = renderApp('/admin/business/admin-1', {
      signedInAs: adminAccount,
      routes: { 'GET /api/admin/businesses/admin-1': () => jsonResponse(detail(self)) },
    });
    restore = view.restore;
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revoke admin' })).toBeDisabled();
    expect(screen.getByText('You cannot suspend your own account')).toBeInTheDocument();
    expect(screen.getByText('You cannot revoke your own admin access')).toBeInTheDocument();
  });

  it('shows "no admin access" when another admin revoked this account’s access meanwhile', async () => {
    let me = adminAccount;
    const view = renderApp('/admin/business', {
      routes: {
        'GET /api/business/auth/me': () => jsonResponse({ success: true, business: me }),
        'GET /api/admin/businesses': () => {
          me = { ...adminAccount, isAdmin: false };
          return errorResponse(403, 'FORBIDDEN', 'This area is for administrators');
        },
      },
    });
    restore = view.restore;
    expect(await screen.findByText('This account has no admin access')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Businesses' })).not.toBeInTheDocument();
    expect(view.mock.requestsTo('GET /api/business/auth/me').length).toBeGreaterThanOrEqual(2);
  });
});
