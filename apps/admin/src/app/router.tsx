import { RequireBusiness } from '@pricehunt/auth';
import { lazyPage, PageSuspense, Skeleton } from '@pricehunt/ui';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { NoAccess } from '../features/auth/no-access';
import { AdminLayout } from './admin-layout';

const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const OverviewPage = lazyPage(() => import('../features/overview/overview-page'));
const BusinessListPage = lazyPage(() => import('../features/businesses/business-list-page'));
const BusinessDetailPage = lazyPage(() => import('../features/businesses/business-detail-page'));
const CatalogPage = lazyPage(() => import('../features/catalog/catalog-page'));
const ImportRunPage = lazyPage(() => import('../features/catalog/import-run-page'));
const SourcesPage = lazyPage(() => import('../features/sources/sources-page'));
const SourceDetailPage = lazyPage(() => import('../features/sources/source-detail-page'));
const AuditPage = lazyPage(() => import('../features/audit/audit-page'));
const NotFound = lazyPage(() => import('../routes/not-found'));

/** Every admin page sits behind the guard: signed-out visitors go to /admin-login, non-admins see NoAccess. */
export function AppRoutes() {
  const location = useLocation();
  return (
    <Routes>
      <Route path="/" element={<Navigate to={paths.overview} replace />} />
      <Route
        path={paths.login}
        element={
          <PageSuspense resetKeys={[location.pathname]}>
            <LoginPage />
          </PageSuspense>
        }
      />
      <Route element={<RequireBusiness loginPath={paths.login} requireAdmin fallback={<Skeleton label="Checking your session…" />} forbidden={<NoAccess />} />}>
        <Route element={<AdminLayout />}>
          <Route path={paths.overview} element={<OverviewPage />} />
          <Route path={paths.businesses} element={<BusinessListPage />} />
          <Route path={`${paths.businesses}/:id`} element={<BusinessDetailPage />} />
          <Route path={paths.catalog} element={<CatalogPage />} />
          <Route path={`${paths.catalog}/imports/:id`} element={<ImportRunPage />} />
          <Route path={paths.sources} element={<SourcesPage />} />
          <Route path={`${paths.sources}/:id`} element={<SourceDetailPage />} />
          <Route path={paths.audit} element={<AuditPage />} />
        </Route>
      </Route>
      <Route
        path="*"
        element={
          <PageSuspense resetKeys={[location.pathname]}>
            <NotFound />
          </PageSuspense>
        }
      />
    </Routes>
  );
}
