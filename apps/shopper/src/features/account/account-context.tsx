import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouteData } from '../../lib/route-data';
import { ACCOUNT_HINT_KEY, AccountContext, type AccountSnapshot, type AccountValue, type AuthMode } from './account-state';

export { ACCOUNT_HINT_KEY, useAccount } from './account-state';
export type { AccountActions, AccountSnapshot, AccountStatus, AccountValue, ActionFailure, AuthMode } from './account-state';

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
