/**
 * The shopper's account as the site sees it: its types, the React context and `useAccount`. The provider
 * (`account-context.tsx`), the lazily loaded bridge to the auth library and the sign-in forms all read it from here,
 * so none of them imports another for it.
 */
import type { ShopperUser } from '@pricehunt/contracts';
import { createContext, useContext } from 'react';

export type AuthMode = 'login' | 'signup' | 'forgot';
export type AccountStatus = 'loading' | 'signed-in' | 'signed-out';

/** Why an action failed: the message, and the form field it is about when it names one. */
export interface ActionFailure {
  error: string;
  field?: string;
}

/** What the account layer does; every action resolves with its failure, or null when it worked. */
export interface AccountActions {
  signIn(email: string, password: string): Promise<ActionFailure | null>;
  /** Registers: resolves with the server's "check your inbox" message, or the failure (nobody is signed in yet). */
  signUp(email: string, password: string): Promise<ActionFailure | { notice: string }>;
  /** Opens the emailed confirmation link's token: confirms the address and signs in. */
  confirmEmail(token: string): Promise<ActionFailure | null>;
  signOut(): Promise<void>;
  requestPasswordReset(email: string): Promise<ActionFailure | null>;
}

export interface AccountSnapshot {
  status: AccountStatus;
  user: ShopperUser | null;
  actions: AccountActions | null;
}

export interface AccountValue extends AccountSnapshot {
  authMode: AuthMode | null;
  openAuth(mode?: AuthMode): void;
  closeAuth(): void;
}

export const AccountContext = createContext<AccountValue | null>(null);

/**
 * The route data key under which the server says what the request already told it: `'signed-out'` when it came
 * without a session cookie (nobody can be signed in), absent otherwise.
 */
export const ACCOUNT_HINT_KEY = 'account';

export function useAccount(): AccountValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>');
  return value;
}
