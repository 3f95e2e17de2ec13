import { BusinessAuthProvider } from '@pricehunt/auth';
import { ErrorBoundary } from '@pricehunt/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import { SessionWatch } from './session-watch';
import './app.css';

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false } } });
}

export function App() {
  const [client] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <BusinessAuthProvider>
          <SessionWatch />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </BusinessAuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
