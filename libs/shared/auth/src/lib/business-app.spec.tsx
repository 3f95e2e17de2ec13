import { createFetchMock, jsonResponse } from '@pricehunt/api-client/testing';
import { useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { useBusinessAuth } from './business-auth';
import { BusinessAppProviders } from './business-app';

beforeAll(() => import('./schemas'));

function Probe() {
  const { business } = useBusinessAuth();
  const location = useLocation();
  const queries = useQueryClient().getDefaultOptions().queries;
  return (
    <p>
      {business?.email ?? 'nobody'} at {location.pathname}; fresh for {String(queries?.staleTime)} ms, {String(queries?.retry)} retry
    </p>
  );
}

it('gives its children a query client, the business session and the router', async () => {
  const business = { id: 'b1', email: 'o@acme.example', storeName: null, storeDomain: null, isAdmin: false, status: 'active', createdAt: '2026-01-01T00:00:00.000Z' };
  const mock = createFetchMock({ 'GET /api/business/auth/me': () => jsonResponse({ success: true, business }) });
  const saved = globalThis.fetch;
  globalThis.fetch = mock.fetch;
  try {
    render(
      <BusinessAppProviders staleTime={5_000}>
        <Probe />
      </BusinessAppProviders>,
    );
    expect(await screen.findByText('o@acme.example at /; fresh for 5000 ms, 1 retry')).toBeInTheDocument();
  } finally {
    globalThis.fetch = saved;
  }
});
