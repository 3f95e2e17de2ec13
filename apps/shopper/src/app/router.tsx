import { lazyPage, PageSuspense, type SkeletonVariant } from '@pricehunt/ui';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PRODUCT_URL_PATH } from '../config/paths';
import { Layout } from './layout';

const Landing = lazyPage(() => import('../routes/landing'));
const DirectUrl = lazyPage(() => import('../routes/direct-url'));
const Results = lazyPage(() => import('../routes/results'));
const QuerySearch = lazyPage(() => import('../routes/query-search'));
const Browse = lazyPage(() => import('../routes/browse'));
const Deals = lazyPage(() => import('../routes/deals'));
const Product = lazyPage(() => import('../routes/product'));
const History = lazyPage(() => import('../routes/history'));
const Favorites = lazyPage(() => import('../routes/favorites'));
const Login = lazyPage(() => import('../routes/login'));
const ResetPassword = lazyPage(() => import('../routes/reset-password'));
const ConfirmEmail = lazyPage(() => import('../routes/confirm-email'));
const StopAlert = lazyPage(() => import('../routes/stop-alert'));
const TrackingTest = lazyPage(() => import('../routes/tracking-test'));
const NotFound = lazyPage(() => import('../routes/not-found'));

/** One route: its own error boundary (reset when the path changes) around the lazily loaded page and its skeleton. */
function Page({ children, variant = 'default' }: { children: ReactNode; variant?: SkeletonVariant }) {
  const { pathname } = useLocation();
  return (
    <PageSuspense variant={variant} resetKeys={[pathname]}>
      {children}
    </PageSuspense>
  );
}

/**
 * Loads the code of the page the server rendered for `pathname`, before the browser's app hydrates it (the pages the
 * server renders: the landing page, deals, a product's, a category's).
 */
export function preloadServerRenderedPage(pathname: string): Promise<void> {
  if (/^\/product\//.test(pathname)) return Product.preload();
  if (/^\/browse(?:\/|$)/.test(pathname)) return Browse.preload();
  if (pathname === '/') return Promise.all([Landing.preload(), import('../routes/landing').then((module) => module.preloadLanding())]).then(() => undefined);
  if (pathname === '/deals') return Deals.preload();
  return Promise.resolve();
}

/** Paths that carry a pasted product URL become a search (SPEC §2); anything else is not found. */
function CatchAll() {
  const { pathname } = useLocation();
  return PRODUCT_URL_PATH.test(pathname) ? (
    <Page>
      <DirectUrl />
    </Page>
  ) : (
    <Page>
      <NotFound />
    </Page>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<Page variant="landing"><Landing variant="demo" /></Page>} />
        <Route path="/demo-landing" element={<Page variant="landing"><Landing variant="demo" /></Page>} />
        <Route path="/landing2" element={<Page variant="landing"><Landing variant="alternate" /></Page>} />
        <Route path="/browse" element={<Page><Browse /></Page>} />
        <Route path="/browse/:category" element={<Page><Browse /></Page>} />
        <Route path="/deals" element={<Page><Deals /></Page>} />
        {/* The words may be missing (cut off when pasted) or old: the page puts the product's current ones in. */}
        <Route path="/product/:id/:slug?" element={<Page><Product /></Page>} />
        <Route path="/new-search/:requestId/:slug" element={<Page><Results layout="full" /></Page>} />
        <Route path="/search" element={<Page><QuerySearch /></Page>} />
        <Route path="/search/:requestId/:slug" element={<Page><Results layout="compact" /></Page>} />
        <Route path="/history" element={<Page><History /></Page>} />
        <Route path="/favorites" element={<Page><Favorites /></Page>} />
        <Route path="/login" element={<Page><Login /></Page>} />
        <Route path="/reset-password" element={<Page><ResetPassword /></Page>} />
        <Route path="/confirm-email" element={<Page><ConfirmEmail /></Page>} />
        <Route path="/alerts/stop" element={<Page><StopAlert /></Page>} />
        <Route path="/tracking-test" element={<Page><TrackingTest mode="client" /></Page>} />
        <Route path="/real-tracking-test" element={<Page><TrackingTest mode="api" /></Page>} />
        <Route path="*" element={<CatchAll />} />
      </Route>
    </Routes>
  );
}
