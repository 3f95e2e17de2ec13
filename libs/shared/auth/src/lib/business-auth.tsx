import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { FetchLike } from '@pricehunt/api-client';
import type { Business } from '@pricehunt/contracts';
import { useAccountSession, type AuthFailure, type AuthStatus, type RegistrationResult } from './account-session';

const loadBusinessAnswerSchema = () => import('./schemas').then((schemas) => schemas.businessAnswerSchema);

export const BUSINESS_AUTH_PATH = '/api/business/auth';
export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed';

export type BusinessAuthResult = { success: true; business: Business } | AuthFailure;

export interface BusinessRegisterInput {
  email: string;
  password: string;
  storeDomain?: string;
  storeName?: string;
}

export interface BusinessAuthValue {
  business: Business | null;
  status: AuthStatus;
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Message of the last failed login or register ("Login failed", "Network error occurred", or the server's). */
  error: string | null;
  login(email: string, password: string): Promise<BusinessAuthResult>;
  /** Registers: the answer is "check your inbox"; the account is signed in by `confirmEmail` with the emailed link. */
  register(input: BusinessRegisterInput): Promise<RegistrationResult>;
  /** Opens the emailed confirmation link's token: confirms the address and signs in. */
  confirmEmail(token: string): Promise<BusinessAuthResult>;
  /** Clears the account locally even when the call fails. */
  logout(): Promise<void>;
  /** Asks the API again who is signed in. */
  refresh(): Promise<void>;
  clearError(): void;
}

const BusinessAuthContext = createContext<BusinessAuthValue | null>(null);

export interface BusinessAuthProviderProps {
  children?: ReactNode;
  /** Injected in tests; `globalThis.fetch` by default. */
  fetch?: FetchLike;
  baseUrl?: string;
}

/** The business session: loading, then signed in or out from GET /api/business/auth/me. */
export function BusinessAuthProvider({ children, fetch, baseUrl }: BusinessAuthProviderProps) {
  const session = useAccountSession<Business>({
    basePath: BUSINESS_AUTH_PATH,
    responseSchema: loadBusinessAnswerSchema,
    loginFailed: LOGIN_FAILED_MESSAGE,
    registerFailed: REGISTRATION_FAILED_MESSAGE,
    fetch,
    baseUrl,
  });
  const { account, status, error, login, register, confirmEmail, logout, refresh, clearError } = session;

  const value = useMemo<BusinessAuthValue>(() => {
    const toResult = (outcome: Awaited<ReturnType<typeof login>>): BusinessAuthResult =>
      outcome.success ? { success: true, business: outcome.account } : outcome;
    return {
      business: account,
      status,
      isLoading: status === 'loading',
      isAuthenticated: status === 'signed-in',
      isAdmin: account?.isAdmin === true,
      error,
      login: async (email, password) => toResult(await login({ email, password })),
      register: ({ email, password, storeDomain, storeName }) =>
        register({
          email,
          password,
          ...(storeDomain ? { storeDomain } : {}),
          ...(storeName ? { storeName } : {}),
        }),
      confirmEmail: async (token) => toResult(await confirmEmail(token)),
      logout,
      refresh,
      clearError,
    };
  }, [account, status, error, login, register, confirmEmail, logout, refresh, clearError]);

  return <BusinessAuthContext.Provider value={value}>{children}</BusinessAuthContext.Provider>;
}

export function useBusinessAuth(): BusinessAuthValue {
  const value = useContext(BusinessAuthContext);
  if (!value) throw new Error('useBusinessAuth must be used inside <BusinessAuthProvider>');
  return value;
}
