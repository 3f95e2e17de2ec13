import { errorResponse } from '@pricehunt/api-client/testing';
import { screen } from '@testing-library/react';
import { renderApp } from '../../testing/render';

jest.setTimeout(30_000);

describe('confirm email', () => {
  it('says why a link does not work and offers the ways on', async () => {
    renderApp('/confirm-email?token=abcdefghijklmnopqrstuvwxyz0123456789', {
      'GET /api/business/auth/me': () => errorResponse(401, 'UNAUTHORIZED', 'Sign in to continue'),
      'POST /api/business/auth/confirm-email': () => errorResponse(400, 'VALIDATION_ERROR', 'This confirmation link is invalid or has expired', { field: 'token' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired');
    expect(screen.getByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/business-login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/business/register');
  });
});
