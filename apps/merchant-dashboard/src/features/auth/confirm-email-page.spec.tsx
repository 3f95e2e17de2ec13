import { errorResponse } from '@pricehunt/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render';

jest.setTimeout(30_000);

describe('confirm email', () => {
  it('confirms only when asked to (a scanner opening the link confirms nothing), and says why a link does not work', async () => {
    const view = renderApp('/confirm-email?token=abcdefghijklmnopqrstuvwxyz0123456789', {
      'GET /api/business/auth/me': () => errorResponse(401, 'UNAUTHORIZED', 'Sign in to continue'),
      'POST /api/business/auth/confirm-email': () => errorResponse(400, 'VALIDATION_ERROR', 'This confirmation link is invalid or has expired', { field: 'token' }),
    });
    const button = await screen.findByRole('button', { name: 'Confirm my email' });
    expect(view.requestsTo('POST /api/business/auth/confirm-email')).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired');
    expect(screen.getByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/business-login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/business/register');
  });
});
