import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render';

jest.setTimeout(30_000);
const signedOut = () => errorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');

describe('password reset', () => {
  it('requests a link for an email', async () => {
    const user = userEvent.setup();
    const mock = renderApp('/reset-password', {
      'GET /api/business/auth/me': signedOut,
      'POST /api/business/auth/password-reset/request': () => jsonResponse({ success: true, message: 'If an account exists for that email, a reset link is on its way.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter the email of your account');
    await user.type(screen.getByLabelText('Email'), 'owner@shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a reset link is on its way');
    expect(mock.requestsTo('POST /api/business/auth/password-reset/request')[0]?.body).toEqual({ email: 'owner@shop.example.com' });
  });

  it('sets a new password with the token of the link, and shows an expired link’s error', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const mock = renderApp('/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789', {
      'GET /api/business/auth/me': signedOut,
      'POST /api/business/auth/password-reset/confirm': () =>
        ++calls === 1
          ? errorResponse(400, 'VALIDATION_ERROR', 'This password is among the most commonly used passwords; choose another', {
              field: 'password',
              details: [{ field: 'password', message: 'This password is among the most commonly used passwords; choose another' }],
            })
          : calls === 2
            ? errorResponse(400, 'VALIDATION_ERROR', 'This reset link is invalid or has expired', { field: 'token' })
            : jsonResponse({ success: true, message: 'Password changed' }),
    });
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Password must be at least 12 characters/);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-new-password-7');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    // The server's reason (the breached-password list is checked there only) shows under the field.
    expect(await screen.findByText('This password is among the most commonly used passwords; choose another')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/among the most commonly used passwords/);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This reset link is invalid or has expired')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed');
    expect(mock.requestsTo('POST /api/business/auth/password-reset/confirm')[2]?.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz0123456789',
      password: 'a-new-password-7',
    });
  });
});
