import { createFetchMock, type FetchMock } from '@pricehunt/api-client/testing';
import { BUSINESS_ROUTER_OPTIONS, BusinessAuthProvider } from '@pricehunt/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../app/router';


export const business = {
  id: 'b-1',
  email: 'owner@shop.example.com',
  storeName: 'Kettle Shop',
  storeDomain: 'shop.example.com',
  isAdmin: false,
  status: 'active' as const,
  createdAt: '2026-03-01T00:00:00.000Z',
};

/** The integration answer of a store on shop.example.com, verified by its meta tag or not yet. */
export const integration = (verified: boolean) => ({
  storeDomain: 'shop.example.com',
  verified,
  verifiedAt: verified ? '2026-03-01T00:00:00.000Z' : null,
  verificationMethod: verified ? 'meta' : null,
  verificationToken: 'tok',
  metaTag: '<meta>',
  scriptTag: '<script>',
  dnsRecord: { type: 'TXT', name: 'shop.example.com', value: 'pricehunt-verification=tok' },
  proofMisses: 0,
  verifiedByAnother: false,
  hiddenOffers: 0,
  scriptLastSeenAt: null,
  lastSync: null,
});

let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}
export const locationNow = () => currentLocation;

/** The whole app at `path` with a fresh query client (no retries) and a fetch mock that refuses unhandled requests. */
export function renderApp(path: string, routes: Parameters<typeof createFetchMock>[0]): FetchMock {
  const mock = createFetchMock(routes);
  globalThis.fetch = mock.fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BusinessAuthProvider>
        <MemoryRouter initialEntries={[path]} {...BUSINESS_ROUTER_OPTIONS}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </BusinessAuthProvider>
    </QueryClientProvider>,
  );
  return mock;
}
