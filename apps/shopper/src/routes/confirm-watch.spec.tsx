import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import ConfirmWatchPage from './confirm-watch';

const renderAt = (route: string) => renderWithProviders(<ConfirmWatchPage />, { route, path: '/watches/confirm' });

describe('confirm a watch page', () => {
  it('starts the watch only when asked, without signing in', async () => {
    const api = mockApi({ 'POST /api/watches/confirm': jsonResponse({ success: true, title: 'Sony WH-1000XM5 Wireless Headphones', confirmed: true }) });
    renderAt('/watches/confirm?token=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your watch' })).toBeInTheDocument();
    // Opening the link (as a mail scanner does) changes nothing.
    expect(api.requestsTo('POST /api/watches/confirm')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Watch confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/^You are watching/).closest('[role="status"]')).toHaveTextContent(
      'You are watching Sony WH-1000XM5 Wireless Headphones. We will tell you when its price drops to your target (or at all, without one) and when it is back in stock.',
    );
    expect(api.requestsTo('POST /api/watches/confirm')[0]?.body).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Compare more prices' })).toHaveAttribute('href', '/');
  });

  it('says why a used or unknown link does not work, and lets the shopper try again', async () => {
    mockApi({ 'POST /api/watches/confirm': errorResponse(400, 'VALIDATION_ERROR', 'This link does not confirm a watch: it was used already or has expired.', { field: 'token' }) });
    renderAt('/watches/confirm?token=old');
    await userEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect(await screen.findByText('This link does not confirm a watch: it was used already or has expired.')).toBeInTheDocument();
    expect(screen.getByText(/To watch the product again, open it and press “Watch price”/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start watching' })).toBeEnabled();
  });

  it('asks for the email link when the token is missing', () => {
    mockApi();
    renderAt('/watches/confirm');
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from the email we sent when you chose to watch a product.');
    expect(screen.queryByRole('button', { name: 'Start watching' })).not.toBeInTheDocument();
  });
});
