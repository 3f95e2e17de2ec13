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
 * What a business app (the merchant dashboard, the admin console) runs in: its query client (one retry, no refetch
 * when the window is focused again), the business session and the browser's router.
 */
export function BusinessAppProviders({ staleTime, children }: BusinessAppProvidersProps) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime, retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <BusinessAuthProvider>
        <BrowserRouter>{children}</BrowserRouter>
      </BusinessAuthProvider>
    </QueryClientProvider>
  );
}
