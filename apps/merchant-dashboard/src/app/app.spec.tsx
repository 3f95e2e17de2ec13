import { daysBetween, lastDays } from '@pricehunt/contracts';
import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { business, integration, locationNow, renderApp } from '../testing/render';

const signedOut = () => errorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');
const metrics = (clicks: number, referrals: number, conversions: number, revenueCents: number) => ({
  clicks,
  referrals,
  conversions,
  revenueCents,
  conversionRate: referrals ? Math.round((conversions / referrals) * 10_000) / 10_000 : 0,
});

jest.setTimeout(30_000);

/** What Home asks for, the store's settings in `timeZone`. */
const homeRoutes = (timeZone: string) => ({
  'GET /api/business/auth/me': () => jsonResponse({ success: true, business }),
  'GET /api/business/integration': () => jsonResponse(integration(true)),
  'GET /api/business/settings': () =>
    jsonResponse({
      storeName: null,
      storeDomain: 'shop.example.com',
      currency: 'USD',
      attributionWindowDays: 30,
      timeZone,
      apiKeyPrefix: null,
      apiKeyCreatedAt: null,
      domainVerifiedAt: null,
    }),
  'GET /api/business/dashboard/summary': () =>
    jsonResponse({
      range: { from: '2026-03-10', to: '2026-03-16', tz: 'UTC' },
      previousRange: { from: '2026-03-03', to: '2026-03-09' },
      currency: 'USD',
      current: metrics(3, 4, 2, 4999),
      previous: metrics(1, 4, 0, 0),
      change: { clicks: 2, referrals: 0, conversions: null, revenueCents: null, conversionRate: null },
      trend: [{ period: '2026-03-10', ...metrics(3, 4, 2, 4999) }],
    }),
});

describe('merchant dashboard', () => {
  it('sends a signed-out visit to login and brings the merchant back after logging in', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const mock = renderApp('/business/dashboard/settings', {
      'GET /api/business/auth/me': () => (signedIn ? jsonResponse({ success: true, business }) : signedOut()),
      'POST /api/business/auth/login': (request) => {
        const body = request.body as { email: string; password: string };
        if (body.password !== 'right-password-1') return errorResponse(401, 'UNAUTHORIZED', 'Email or password is wrong');
        signedIn = true;
        return jsonResponse({ success: true, business });
      },
      'GET /api/business/settings': () =>
        jsonResponse({
          storeName: 'Kettle Shop',
          storeDomain: 'shop.example.com',
          currency: 'USD',
          attributionWindowDays: 30,
          timeZone: 'UTC',
          apiKeyPrefix: null,
          apiKeyCreatedAt: null,
          domainVerifiedAt: null,
        }),
    });
    await screen.findByRole('button', { name: 'Log in' });
    expect(locationNow()).toBe('/business-login?next=%2Fbusiness%2Fdashboard%2Fsettings');

    await user.type(screen.getByLabelText('Email'), 'owner@shop.example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is wrong');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(locationNow()).toBe('/business/dashboard/settings');
    expect(await screen.findByLabelText('Attribution window (days)')).toHaveValue(30);
    expect(mock.unhandled).toEqual([]);
  });

  it('logs out to the bare login page, not back to the page that was left', async () => {
    const mock = renderApp('/business/dashboard/settings', {
      'GET /api/business/auth/me': () => jsonResponse({ success: true, business }),
      'GET /api/business/settings': () => new Promise<Response>(() => undefined),
      'POST /api/business/auth/logout': () => jsonResponse({ success: true }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('button', { name: 'Log in' });
    expect(mock.requestsTo('POST /api/business/auth/logout')).toHaveLength(1);
    await waitFor(() => expect(locationNow()).toBe('/business-login'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(locationNow()).toBe('/business-login');
  });

  it('shows field errors on registration without calling the API, then the server’s error under its field, then "check your inbox"', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const mock = renderApp('/business/register', {
      'GET /api/business/auth/me': signedOut,
      'POST /api/business/auth/register': () =>
        ++calls === 1
          ? errorResponse(400, 'VALIDATION_ERROR', 'This password is among the most commonly used passwords; choose another', {
              field: 'password',
              details: [{ field: 'password', message: 'This password is among the most commonly used passwords; choose another' }],
            })
          : jsonResponse({ success: true, message: 'Check your inbox: we have sent an email to owner@shop.example.com.' }, { status: 202 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email'), 'owner@');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await user.clear(screen.getByLabelText('Email'));
    expect(mock.requestsTo('POST /api/business/auth/register')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'owner@shop.example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-pass-9');
    await user.type(screen.getByLabelText('Store domain'), 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Store domain')).toHaveAccessibleDescription(/Enter a store domain/);

    await user.clear(screen.getByLabelText('Store domain'));
    await user.type(screen.getByLabelText('Store domain'), 'https://www.Shop.example.com/');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This password is among the most commonly used passwords; choose another')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/among the most commonly used passwords/);
    expect(mock.requestsTo('POST /api/business/auth/register')[0]?.body).toEqual({
      email: 'owner@shop.example.com',
      password: 'long-enough-pass-9',
      storeDomain: 'shop.example.com',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('we have sent an email to owner@shop.example.com');
    expect(locationNow()).toBe('/business/register');
  });

  it('signs in from the confirmation link and goes on to Integrate', async () => {
    let calls = 0;
    const mock = renderApp('/confirm-email?token=abcdefghijklmnopqrstuvwxyz0123456789', {
      'GET /api/business/auth/me': signedOut,
      'POST /api/business/auth/confirm-email': () => {
        calls++;
        return jsonResponse({ success: true, business });
      },
      'GET /api/business/integration': () => errorResponse(500, 'INTERNAL_ERROR', 'not needed here'),
    });
    // Opening the link sends nothing (a mail scanner may open it); the merchant's click confirms, once.
    const confirm = await screen.findByRole('button', { name: 'Confirm my email' });
    expect(calls).toBe(0);
    await userEvent.click(confirm);
    await waitFor(() => expect(locationNow()).toBe('/business/dashboard/integrate'));
    expect(calls).toBe(1);
    expect(mock.requestsTo('POST /api/business/auth/confirm-email')[0]?.body).toEqual({ token: 'abcdefghijklmnopqrstuvwxyz0123456789' });
  });

  it('shows the period’s figures with their change on Home', async () => {
    const mock = renderApp('/business/dashboard?from=2026-03-10&to=2026-03-16', homeRoutes('Europe/Berlin'));
    const revenue = await screen.findByRole('region', { name: 'Revenue' });
    expect(within(revenue).getByText('$49.99')).toBeInTheDocument();
    const clicks = screen.getByRole('region', { name: 'Clicks' });
    expect(clicks).toHaveTextContent('3');
    expect(clicks).toHaveTextContent('+200.0%');
    expect(screen.getByRole('region', { name: 'Conversion rate' })).toHaveTextContent('50.0%');
    expect(screen.getByRole('img', { name: /Clicks, referrals and conversions/ })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Finish connecting your store');
    expect(mock.requestsTo('GET /api/business/dashboard/summary')).toHaveLength(1);
    const asked = mock.requestsTo('GET /api/business/dashboard/summary')[0];
    expect(asked?.query.get('from')).toBe('2026-03-10');
    expect(asked?.query.get('tz')).toBe('Europe/Berlin');
    expect(mock.unhandled).toEqual([]);
  });

  it('asks for the last 30 calendar days in the store’s time zone by default, today included', async () => {
    const mock = renderApp('/business/dashboard', homeRoutes('Pacific/Kiritimati'));
    await screen.findByRole('region', { name: 'Revenue' });
    const asked = mock.requestsTo('GET /api/business/dashboard/summary')[0];
    const expected = lastDays(30, Date.now(), 'Pacific/Kiritimati');
    expect([asked?.query.get('from'), asked?.query.get('to'), asked?.query.get('tz')]).toEqual([expected.from, expected.to, 'Pacific/Kiritimati']);
    expect(daysBetween(expected.from, expected.to)).toBe(29);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  });
});
