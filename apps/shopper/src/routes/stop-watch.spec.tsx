import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import StopWatchPage from './stop-watch';

const renderAt = (route: string) => renderWithProviders(<StopWatchPage />, { route, path: '/watches/stop', app: true });

describe('stop watching page', () => {
  it('stops the watch only when asked, without signing in', async () => {
    const api = mockApi({ 'POST /api/watches/stop': jsonResponse({ success: true, title: 'LG OLED TV', stopped: true }) });
    renderAt('/watches/stop?token=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Stop watching' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/watches/stop')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Stop watching' }));
    expect(await screen.findByText((_, node) => node?.tagName === 'P' && /^You are no longer watching LG OLED TV: no more messages about it\.$/.test(node.textContent ?? ''))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/watches/stop')[0]?.body).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Find a product' })).toHaveAttribute('href', '/');
  });

  it('shows why a link no longer works', async () => {
    mockApi({ 'POST /api/watches/stop': errorResponse(400, 'VALIDATION_ERROR', 'This link no longer stops a watch: it was stopped or removed already.') });
    renderAt('/watches/stop?token=old');
    await userEvent.click(screen.getByRole('button', { name: 'Stop watching' }));
    expect(await screen.findByText('This link no longer stops a watch: it was stopped or removed already.')).toBeInTheDocument();
  });

  it('asks for the link of a message when the token is missing, and a signed-in shopper for their watches', async () => {
    mockApi({
      'GET /api/shopper/auth/session': jsonResponse({ success: true, user: { id: 'u1', email: 'sam@example.com', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' } }),
      'GET /api/shopper/history': () => jsonResponse({ success: true, entries: [] }),
      'GET /api/shopper/favorites': () => jsonResponse({ success: true, favorites: [] }),
    });
    renderAt('/watches/stop');
    expect(await screen.findByRole('link', { name: 'Go to your watches' }, { timeout: 5000 })).toHaveAttribute('href', '/watches');
    expect(screen.getByText(/This page needs the “stop watching” link/).closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop watching' })).not.toBeInTheDocument();
  });
});
