import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';

const NotFound = lazy(() => import('../routes/not-found'));

const page = (node: ReactNode) => <Suspense fallback={<p role="status">Loading…</p>}>{node}</Suspense>;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/admin" replace />} />
      <Route path="*" element={page(<NotFound />)} />
    </Routes>
  );
}
