import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import StopAlertPage from './stop-alert';

const renderAt = (route: string) => renderWithProviders(<StopAlertPage />, { route, path: '/alerts/stop' });

describe('stop a price alert page', () => {
  it('stops the alert only when asked, without signing in', async () => {
    const api = mockApi({ 'POST /api/shopper/alerts/stop': jsonResponse({ success: true, title: 'LG OLED TV', stopped: true }) });
    renderAt('/alerts/stop?token=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Stop a price alert' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/shopper/alerts/stop')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Stop this alert' }));
    expect(await screen.findByText((_, node) => node?.tagName === 'P' && /^The price alert for LG OLED TV is off/.test(node.textContent ?? ''))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/shopper/alerts/stop')[0]?.body).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Go to your favorites' })).toHaveAttribute('href', '/favorites');
  });

  it('shows why a link no longer works', async () => {
    mockApi({ 'POST /api/shopper/alerts/stop': errorResponse(400, 'VALIDATION_ERROR', 'This link no longer stops an alert: the alert was already stopped, removed or changed.') });
    renderAt('/alerts/stop?token=old');
    await userEvent.click(screen.getByRole('button', { name: 'Stop this alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer stops an alert');
  });

  it('asks for the email link when the token is missing', () => {
    mockApi();
    renderAt('/alerts/stop');
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from a price-alert email.');
    expect(screen.queryByRole('button', { name: 'Stop this alert' })).not.toBeInTheDocument();
  });
});
