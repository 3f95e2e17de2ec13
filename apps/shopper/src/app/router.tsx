import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';

const Landing = lazy(() => import('../routes/landing'));
const NotFound = lazy(() => import('../routes/not-found'));

const page = (node: ReactNode) => <Suspense fallback={<p role="status">Loading…</p>}>{node}</Suspense>;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={page(<Landing />)} />
      <Route path="*" element={page(<NotFound />)} />
    </Routes>
  );
}
