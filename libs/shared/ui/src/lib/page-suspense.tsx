import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';
import { Skeleton, type SkeletonVariant } from './skeleton';

export interface PageSuspenseProps {
  children?: ReactNode;
  variant?: SkeletonVariant;
  /** Passed to the route's error boundary, e.g. `[location.pathname]` so navigating away clears the fallback. */
  resetKeys?: readonly unknown[];
  onReload?: () => void;
}

/** One route's wrapper: an error boundary around a Suspense that shows the skeleton while the page loads. */
export function PageSuspense({ children, variant = 'default', resetKeys, onReload }: PageSuspenseProps) {
  return (
    <ErrorBoundary resetKeys={resetKeys} onReload={onReload}>
      <Suspense fallback={<Skeleton variant={variant} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
