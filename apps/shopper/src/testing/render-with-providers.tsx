import { createFetchMock, jsonResponse, type FetchMock, type MockHandler } from '@pricehunt/api-client/testing';
import { Toaster, ToastProvider } from '@pricehunt/ui-toast';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppRoutes } from '../app/router';
import { AccountProvider } from '../features/account/account-context';
import { LibraryProvider } from '../features/library/library-context';
import { WatchesProvider } from '../features/watches/watches-context';

export interface RenderOptions {
  /** Initial address, e.g. `/?error=invalid-url`. */
  route?: string;
  /** Navigation state of the initial entry. */
  state?: unknown;
  /** Route pattern the element is mounted at (for `useParams`); `*` by default. */
  path?: string;
  /** Mounts the app's providers (toasts, account, history and favorites) around the screen. */
  app?: boolean;
}

/** Where the memory router is now; read it with `screen.getByTestId('location')`. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AccountProvider>
        <LibraryProvider>
          <WatchesProvider>{children}</WatchesProvider>
        </LibraryProvider>
      </AccountProvider>
      <Toaster />
    </ToastProvider>
  );
}

/** Renders a screen inside a memory router (and, with `app`, the app's providers), with a probe of the current location. */
export function renderWithProviders(ui: ReactElement, { route = '/', state, path = '*', app = false }: RenderOptions = {}): RenderResult {
  const routes = (
    <Routes>
      <Route path={path} element={ui} />
      {path === '*' ? null : <Route path="*" element={null} />}
    </Routes>
  );
  return render(
    <MemoryRouter initialEntries={[{ pathname: route.split('?')[0] ?? '/', search: route.includes('?') ? `?${route.split('?')[1]}` : '', state }]}>
      {app ? <AppProviders>{routes}</AppProviders> : routes}
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** The whole app at `path`, with its providers and a probe of the current location. */
export function renderAppAt(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** The session check of a signed-out visitor. */
export const signedOut: MockHandler = () => jsonResponse({ success: true, user: null });

/**
 * Replaces `fetch` with a mock that answers only the given routes (`'GET /api/…'`) and fails every other request;
 * the signed-out session check is answered unless a test routes it. Restored after the test, which also fails
 * when anything was left unhandled.
 */
let current: FetchMock | null = null;

export function mockApi(routes: Record<string, MockHandler | Response> = {}): FetchMock {
  // A second call in the same test adds or replaces routes of the installed mock.
  if (current) {
    for (const [route, handler] of Object.entries(routes)) current.on(route, handler);
    return current;
  }
  const mock = createFetchMock({ 'GET /api/shopper/auth/session': signedOut, ...routes });
  current = mock;
  const original = globalThis.fetch;
  globalThis.fetch = mock.fetch;
  afterEachOnce(() => {
    globalThis.fetch = original;
    current = null;
    const unhandled = mock.unhandled.map((request) => `${request.method} ${request.path}`);
    if (unhandled.length) throw new Error(`Unhandled API requests: ${unhandled.join(', ')}`);
  });
  return mock;
}

const cleanups: Array<() => void> = [];
function afterEachOnce(cleanup: () => void) {
  cleanups.push(cleanup);
}
afterEach(() => {
  const pending = cleanups.splice(0);
  for (const cleanup of pending) cleanup();
});
