import type { ShopperUser } from '@pricehunt/contracts';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouteData } from '../../lib/route-data';

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

const AccountContext = createContext<AccountValue | null>(null);

/**
 * The route data key under which the server says what the request already told it: `'signed-out'` when it came
 * without a session cookie (nobody can be signed in), absent otherwise.
 */
export const ACCOUNT_HINT_KEY = 'account';

// The auth library (with its request validation) loads after the first render, so the landing page does not wait for it.
const AccountBridge = lazy(() => import('./account-bridge'));

/** Shopper account state for the whole site, and the auth modal (login, sign-up, forgot password). */
export function AccountProvider({ children }: { children: ReactNode }) {
  // Signed out from the start when the server knew (no session cookie); otherwise loading until the session is asked.
  const known = useRouteData<'signed-out'>(ACCOUNT_HINT_KEY) === 'signed-out';
  const [snapshot, setSnapshot] = useState<AccountSnapshot>({ status: known ? 'signed-out' : 'loading', user: null, actions: null });
  // The auth library starts by saying "loading" while it asks: the state the server knew stays shown until it answers.
  const hinted = useRef(known);
  const publish = useCallback((next: AccountSnapshot) => {
    if (next.status === 'loading' && hinted.current) {
      setSnapshot((current) => ({ ...current, actions: next.actions }));
      return;
    }
    hinted.current = false;
    setSnapshot(next);
  }, []);
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const openAuth = useCallback((mode: AuthMode = 'login') => setAuthMode(mode), []);
  const closeAuth = useCallback(() => setAuthMode(null), []);
  const value = useMemo<AccountValue>(() => ({ ...snapshot, authMode, openAuth, closeAuth }), [snapshot, authMode, openAuth, closeAuth]);
  return (
    <AccountContext.Provider value={value}>
      <Suspense fallback={null}>
        <AccountBridge onChange={publish} authMode={authMode} onModeChange={setAuthMode} />
      </Suspense>
      {children}
    </AccountContext.Provider>
  );
}

export function useAccount(): AccountValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>');
  return value;
}
