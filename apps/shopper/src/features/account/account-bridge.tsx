import { authFailure, ShopperAuthProvider, useShopperAuth } from '@pricehunt/auth';
import { apiRequest } from '@pricehunt/api-client';
import { successResponseSchema } from '@pricehunt/contracts';
import { setTrackingUserId } from '@pricehunt/tracking';
import { useCallback, useEffect, useMemo } from 'react';
import type { AccountActions, AccountSnapshot, ActionFailure, AuthMode } from './account-state';
import { AuthModal } from './auth-modal';

export const PASSWORD_RESET_PATH = '/api/shopper/auth/password-reset/request';

async function requestPasswordReset(email: string): Promise<ActionFailure | null> {
  try {
    await apiRequest(PASSWORD_RESET_PATH, { method: 'POST', body: { email }, schema: successResponseSchema, errorMessage: 'The reset link could not be sent' });
    return null;
  } catch (error) {
    return authFailure(error, 'The reset link could not be sent');
  }
}

interface BridgeProps {
  onChange(snapshot: AccountSnapshot): void;
  authMode: AuthMode | null;
  onModeChange(mode: AuthMode | null): void;
}

/** Publishes the shopper session of @pricehunt/auth to the app's account context, and shows the auth modal. */
function Sync({ onChange, authMode, onModeChange }: BridgeProps) {
  const auth = useShopperAuth();
  const { login, register, confirmEmail, logout } = auth;
  const actions = useMemo<AccountActions>(
    () => ({
      signIn: async (email, password) => {
        const result = await login(email, password);
        return result.success ? null : result;
      },
      signUp: async (email, password) => {
        const result = await register({ email, password });
        return result.success ? { notice: result.message } : result;
      },
      confirmEmail: async (token) => {
        const result = await confirmEmail(token);
        return result.success ? null : result;
      },
      signOut: logout,
      requestPasswordReset,
    }),
    [login, register, confirmEmail, logout],
  );

  useEffect(() => {
    setTrackingUserId(auth.user?.id ?? null);
    onChange({ status: auth.status, user: auth.user, actions });
  }, [auth.status, auth.user, actions, onChange]);

  const close = useCallback(() => onModeChange(null), [onModeChange]);
  return authMode ? <AuthModal mode={authMode} onModeChange={onModeChange} onClose={close} /> : null;
}

export default function AccountBridge(props: BridgeProps) {
  return (
    <ShopperAuthProvider>
      <Sync {...props} />
    </ShopperAuthProvider>
  );
}
