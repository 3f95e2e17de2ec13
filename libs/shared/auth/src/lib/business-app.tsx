import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { BusinessAuthProvider } from './business-auth';

export interface BusinessAppProvidersProps {
  /** How long an answer stays fresh, in milliseconds (the app's own). */
  staleTime: number;
  children: ReactNode;
}

/**
 * How a business app's router moves: without a transition, so a sign-out clears the account and changes the address
 * in one render and the route guard never sees a signed-out visitor on the page being left (which would send them to
 * the login with that page as `next`, or to the login instead of where the sign-out meant to go).
 */
export const BUSINESS_ROUTER_OPTIONS = { useTransitions: false } as const;

/**
 * What a business app (the merchant dashboard, the admin console) runs in: its query client (one retry, no refetch
 * when the window is focused again), the business session and the browser's router.
 */
export function BusinessAppProviders({ staleTime, children }: BusinessAppProvidersProps) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime, retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <BusinessAuthProvider>
        <BrowserRouter {...BUSINESS_ROUTER_OPTIONS}>{children}</BrowserRouter>
      </BusinessAuthProvider>
    </QueryClientProvider>
  );
}
