import { Toaster, ToastProvider } from '@pricehunt/ui-toast';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AccountProvider } from '../features/account/account-context';
import { LibraryProvider } from '../features/library/library-context';
import { WatchesProvider } from '../features/watches/watches-context';
import { RenderStatusProvider, RouteDataProvider, type RenderStatus, type RouteData } from '../lib/route-data';
import { AppRoutes } from './router';

/** Everything the pages share, under whichever router runs them (the browser's, or the server's for one URL). */
export function AppShell({ data, status, children }: { data: RouteData; status?: RenderStatus; children?: ReactNode }) {
  return (
    <RenderStatusProvider status={status}>
      <RouteDataProvider data={data}>
        <ToastProvider>
          <AccountProvider>
            <LibraryProvider>
              <WatchesProvider>{children ?? <AppRoutes />}</WatchesProvider>
            </LibraryProvider>
          </AccountProvider>
          <Toaster />
        </ToastProvider>
      </RouteDataProvider>
    </RenderStatusProvider>
  );
}

/** The site in the browser; `data` is what the server rendered the page with, when it did. */
export function App({ data = {} }: { data?: RouteData }) {
  // Marks the page as the app's (hydrated or rendered): what tests and tools wait for.
  useEffect(() => document.getElementById('root')?.setAttribute('data-hydrated', 'true'), []);
  return (
    <BrowserRouter>
      <AppShell data={data} />
    </BrowserRouter>
  );
}
