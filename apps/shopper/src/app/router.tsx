import { lazyPage, PageSuspense, type LazyPage, type SkeletonVariant } from '@pricehunt/ui';
import type { ReactNode } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
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
const Watches = lazyPage(() => import('../routes/watches'));
const ConfirmWatch = lazyPage(() => import('../routes/confirm-watch'));
const StopWatch = lazyPage(() => import('../routes/stop-watch'));
const TrackingTest = lazyPage(() => import('../routes/tracking-test'));
const NotFound = lazyPage(() => import('../routes/not-found'));

/** One route: its own error boundary (reset when the path changes) around the lazily loaded page and its skeleton. */
function PageFrame({ children, variant = 'default' }: { children: ReactNode; variant?: SkeletonVariant }) {
  const { pathname } = useLocation();
  return (
    <PageSuspense variant={variant} resetKeys={[pathname]}>
      {children}
    </PageSuspense>
  );
}

/** A page whose code can be loaded ahead of its first render. */
type Preloadable = Pick<LazyPage<object>, 'preload'>;

/** Every route: its path, what it shows, and the page whose code it needs first. */
const ROUTES: { path: string; page: Preloadable; element: ReactNode }[] = [
  { path: '/', page: Landing, element: <PageFrame variant="landing"><Landing variant="demo" /></PageFrame> },
  { path: '/demo-landing', page: Landing, element: <PageFrame variant="landing"><Landing variant="demo" /></PageFrame> },
  { path: '/landing2', page: Landing, element: <PageFrame variant="landing"><Landing variant="alternate" /></PageFrame> },
  { path: '/browse', page: Browse, element: <PageFrame><Browse /></PageFrame> },
  { path: '/browse/:category', page: Browse, element: <PageFrame><Browse /></PageFrame> },
  { path: '/deals', page: Deals, element: <PageFrame><Deals /></PageFrame> },
  // The words may be missing (cut off when pasted) or old: the page puts the product's current ones in.
  { path: '/product/:id/:slug?', page: Product, element: <PageFrame><Product /></PageFrame> },
  { path: '/new-search/:requestId/:slug', page: Results, element: <PageFrame><Results layout="full" /></PageFrame> },
  { path: '/search', page: QuerySearch, element: <PageFrame><QuerySearch /></PageFrame> },
  { path: '/search/:requestId/:slug', page: Results, element: <PageFrame><Results layout="compact" /></PageFrame> },
  { path: '/history', page: History, element: <PageFrame><History /></PageFrame> },
  { path: '/favorites', page: Favorites, element: <PageFrame><Favorites /></PageFrame> },
  { path: '/login', page: Login, element: <PageFrame><Login /></PageFrame> },
  { path: '/reset-password', page: ResetPassword, element: <PageFrame><ResetPassword /></PageFrame> },
  { path: '/confirm-email', page: ConfirmEmail, element: <PageFrame><ConfirmEmail /></PageFrame> },
  { path: '/alerts/stop', page: StopAlert, element: <PageFrame><StopAlert /></PageFrame> },
  { path: '/watches', page: Watches, element: <PageFrame><Watches /></PageFrame> },
  { path: '/watches/confirm', page: ConfirmWatch, element: <PageFrame><ConfirmWatch /></PageFrame> },
  { path: '/watches/stop', page: StopWatch, element: <PageFrame><StopWatch /></PageFrame> },
  { path: '/tracking-test', page: TrackingTest, element: <PageFrame><TrackingTest mode="client" /></PageFrame> },
  { path: '/real-tracking-test', page: TrackingTest, element: <PageFrame><TrackingTest mode="api" /></PageFrame> },
];

/** The page shown at `pathname`: a route's, a pasted link's, or the not-found page. */
function pageAt(pathname: string): Preloadable {
  const route = ROUTES.find((candidate) => matchPath(candidate.path, pathname));
  if (route) return route.page;
  return PRODUCT_URL_PATH.test(pathname) ? DirectUrl : NotFound;
}

/** Loads the code of the page the server rendered at `pathname`, before the browser's app hydrates it. */
export function preloadServerRenderedPage(pathname: string): Promise<void> {
  const page = pageAt(pathname);
  if (page === Landing) return Promise.all([Landing.preload(), import('../routes/landing').then((module) => module.preloadLanding())]).then(() => undefined);
  return page.preload();
}

/** Paths that carry a pasted product URL become a search (SPEC §2); anything else is not found. */
function CatchAll() {
  const { pathname } = useLocation();
  return PRODUCT_URL_PATH.test(pathname) ? (
    <PageFrame>
      <DirectUrl />
    </PageFrame>
  ) : (
    <PageFrame>
      <NotFound />
    </PageFrame>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
        <Route path="*" element={<CatchAll />} />
      </Route>
    </Routes>
  );
}
