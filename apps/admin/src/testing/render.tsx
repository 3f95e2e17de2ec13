import { createFetchMock, jsonResponse, type FetchMock } from '@pricehunt/api-client/testing';
import { BUSINESS_ROUTER_OPTIONS, BusinessAuthProvider } from '@pricehunt/auth';
import type { Business } from '@pricehunt/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../app/router';
import { SessionWatch } from '../app/session-watch';


export const adminAccount: Business = {
  id: 'admin-1',
  email: 'admin@example.com',
  storeName: null,
  storeDomain: null,
  isAdmin: true,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
};

let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}
/** The address the console shows now (path and query). */
export const locationNow = () => currentLocation;

export const merchantAccount: Business = { ...adminAccount, id: 'biz-1', email: 'shop@example.com', storeDomain: 'shop.example.com', isAdmin: false };

/**
 * Renders the console's routes at `path` with a fresh query client (no retries), a memory router and a fetch mock
 * that refuses unhandled requests. `signedInAs` answers GET /api/business/auth/me.
 */
export function renderApp(path: string, options: { signedInAs?: Business | null; routes?: Parameters<typeof createFetchMock>[0] } = {}) {
  const mock: FetchMock = createFetchMock(options.routes);
  if (!('GET /api/business/auth/me' in (options.routes ?? {}))) {
    mock.on('GET /api/business/auth/me', () =>
      options.signedInAs
        ? jsonResponse({ success: true, business: options.signedInAs })
        : jsonResponse({ success: false, error: 'Sign in to continue', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 }),
    );
  }
  const previousFetch = globalThis.fetch;
  globalThis.fetch = mock.fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const ui: ReactElement = (
    <QueryClientProvider client={client}>
      <BusinessAuthProvider>
        <SessionWatch />
        <MemoryRouter initialEntries={[path]} {...BUSINESS_ROUTER_OPTIONS}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </BusinessAuthProvider>
    </QueryClientProvider>
  );
  const result = render(ui);
  return {
    ...result,
    mock,
    restore: () => {
      globalThis.fetch = previousFetch;
    },
  };
}
