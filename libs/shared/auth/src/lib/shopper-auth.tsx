import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { FetchLike } from '@pricehunt/api-client';
import type { ShopperUser } from '@pricehunt/contracts';
import { useAccountSession, type AuthFailure, type AuthStatus, type RegistrationResult } from './account-session';
import { LOGIN_FAILED_MESSAGE, REGISTRATION_FAILED_MESSAGE } from './business-auth';

export const SHOPPER_AUTH_PATH = '/api/shopper/auth';

const loadShopperAnswerSchema = () => import('./schemas').then((schemas) => schemas.shopperAnswerSchema);
const loadShopperSessionSchema = () => import('./schemas').then((schemas) => schemas.shopperSessionAnswerSchema);
const SHOPPER_SESSION = { path: 'session', schema: loadShopperSessionSchema };

export type ShopperAuthResult = { success: true; user: ShopperUser } | AuthFailure;

export interface ShopperRegisterInput {
  email: string;
  password: string;
  /** Optional name shown in the app. */
  displayName?: string;
}

export interface ShopperAuthValue {
  user: ShopperUser | null;
  status: AuthStatus;
  isLoading: boolean;
  isAuthenticated: boolean;
  error: string | null;
  login(email: string, password: string): Promise<ShopperAuthResult>;
  /** Registers: the answer is "check your inbox"; the shopper is signed in by `confirmEmail` with the emailed link. */
  register(input: ShopperRegisterInput): Promise<RegistrationResult>;
  /** Opens the emailed confirmation link's token: confirms the address and signs in. */
  confirmEmail(token: string): Promise<ShopperAuthResult>;
  logout(): Promise<void>;
  refresh(): Promise<void>;
  clearError(): void;
}

const ShopperAuthContext = createContext<ShopperAuthValue | null>(null);

export interface ShopperAuthProviderProps {
  children?: ReactNode;
  fetch?: FetchLike;
  baseUrl?: string;
}

/** The shopper session against /api/shopper/auth/{session,login,register,logout}: real calls, same shape as the business one. */
export function ShopperAuthProvider({ children, fetch, baseUrl }: ShopperAuthProviderProps) {
  const { account, status, error, login, register, confirmEmail, logout, refresh, clearError } = useAccountSession<ShopperUser>({
    basePath: SHOPPER_AUTH_PATH,
    responseSchema: loadShopperAnswerSchema,
    session: SHOPPER_SESSION,
    loginFailed: LOGIN_FAILED_MESSAGE,
    registerFailed: REGISTRATION_FAILED_MESSAGE,
    fetch,
    baseUrl,
  });

  const value = useMemo<ShopperAuthValue>(() => {
    const toResult = (outcome: Awaited<ReturnType<typeof login>>): ShopperAuthResult =>
      outcome.success ? { success: true, user: outcome.account } : outcome;
    return {
      user: account,
      status,
      isLoading: status === 'loading',
      isAuthenticated: status === 'signed-in',
      error,
      login: async (email, password) => toResult(await login({ email, password })),
      register: ({ email, password, displayName }) => register({ email, password, ...(displayName ? { displayName } : {}) }),
      confirmEmail: async (token) => toResult(await confirmEmail(token)),
      logout,
      refresh,
      clearError,
    };
  }, [account, status, error, login, register, confirmEmail, logout, refresh, clearError]);

  return <ShopperAuthContext.Provider value={value}>{children}</ShopperAuthContext.Provider>;
}

export function useShopperAuth(): ShopperAuthValue {
  const value = useContext(ShopperAuthContext);
  if (!value) throw new Error('useShopperAuth must be used inside <ShopperAuthProvider>');
  return value;
}
