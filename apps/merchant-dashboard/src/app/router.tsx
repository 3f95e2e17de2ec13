import { RequireBusiness } from '@pricehunt/auth';
import { ErrorBoundary, lazyPage, PageSuspense, Skeleton } from '@pricehunt/ui';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';

const RegisterPage = lazyPage(() => import('../features/auth/register-page'));
const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'));
const ConfirmEmailPage = lazyPage(() => import('../features/auth/confirm-email-page'));
const HomePage = lazyPage(() => import('../features/home/home-page'));
const ActivityPage = lazyPage(() => import('../features/activity/activity-page'));
const IntegratePage = lazyPage(() => import('../features/integrate/integrate-page'));
const AnalyticsPage = lazyPage(() => import('../features/analytics/analytics-page'));
const ProductsPage = lazyPage(() => import('../features/products/products-page'));
const AttributionPage = lazyPage(() => import('../features/attribution/attribution-page'));
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'));
const NotFound = lazyPage(() => import('../routes/not-found'));

function Page({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <PageSuspense resetKeys={[location.pathname]}>{children}</PageSuspense>;
}

/** Signed-out visits go to the login page, which brings the merchant back here afterwards (`?next=`). */
function Protected({ children }: { children: ReactNode }) {
  return (
    <RequireBusiness loginPath={paths.login} fallback={<Skeleton />}>
      {children}
    </RequireBusiness>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={paths.dashboard} replace />} />
      <Route path={paths.register} element={<Page><RegisterPage /></Page>} />
      <Route path={paths.login} element={<Page><LoginPage /></Page>} />
      <Route path={paths.resetPassword} element={<Page><ResetPasswordPage /></Page>} />
      <Route path={paths.confirmEmail} element={<Page><ConfirmEmailPage /></Page>} />
      <Route
        path={paths.dashboard}
        element={
          <Protected>
            <DashboardLayout />
          </Protected>
        }
      >
        <Route index element={<HomePage />} />
        <Route
          path="activity"
          element={
            <ErrorBoundary>
              <ActivityPage />
            </ErrorBoundary>
          }
        />
        <Route path="integrate" element={<IntegratePage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="attribution" element={<AttributionPage />} />
      </Route>
      {/* Stand-alone entries of SPEC §2, shown inside the dashboard frame. */}
      {paths.integrateAliases.map((path) => (
        <Route key={path} path={path} element={<Protected><DashboardLayout /></Protected>}>
          <Route index element={<IntegratePage />} />
        </Route>
      ))}
      <Route path={paths.activityAlias} element={<Protected><DashboardLayout /></Protected>}>
        <Route
          index
          element={
            <ErrorBoundary>
              <ActivityPage />
            </ErrorBoundary>
          }
        />
      </Route>
      <Route path="*" element={<Page><NotFound /></Page>} />
    </Routes>
  );
}
