import { BusinessAppProviders } from '@pricehunt/auth';
import { ErrorBoundary } from '@pricehunt/ui';
import { AppRoutes } from './router';
import { SessionWatch } from './session-watch';
import './app.css';

export function App() {
  return (
    <ErrorBoundary>
      <BusinessAppProviders staleTime={15_000}>
        <SessionWatch />
        <AppRoutes />
      </BusinessAppProviders>
    </ErrorBoundary>
  );
}
