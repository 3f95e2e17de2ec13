import { BusinessAppProviders } from '@pricehunt/auth';
import { ErrorBoundary } from '@pricehunt/ui';
import { AppRoutes } from './router';
import './app.css';

export function App() {
  return (
    <ErrorBoundary>
      <BusinessAppProviders staleTime={5_000}>
        <AppRoutes />
      </BusinessAppProviders>
    </ErrorBoundary>
  );
}
