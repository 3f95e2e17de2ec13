import './lib/styles.css';

export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './lib/button';
export { Card, type CardProps } from './lib/card';
export { EmptyState, type EmptyStateProps } from './lib/empty-state';
export {
  ErrorBoundary,
  ErrorFallback,
  ERROR_FALLBACK_MESSAGE,
  ERROR_FALLBACK_TITLE,
  type ErrorBoundaryProps,
  type ErrorFallbackProps,
} from './lib/error-boundary';
export { dispatchPreloadError, lazyPage, PRELOAD_ERROR_EVENT, type LazyPage, type PreloadErrorEvent } from './lib/lazy-page';
export { NotFoundPanel, SkipLink, type NotFoundPanelProps } from './lib/page-frame';
export { PageSuspense, type PageSuspenseProps } from './lib/page-suspense';
export { Pager, type PagerProps } from './lib/pager';
export { Skeleton, SKELETON_LABEL, type SkeletonProps, type SkeletonVariant } from './lib/skeleton';
export { Spinner, type SpinnerProps } from './lib/spinner';
export { FieldMessages, TextField, type TextFieldProps } from './lib/text-field';
export { SelectField, type SelectFieldProps } from './lib/select-field';
export { useNow } from './lib/use-now';
export { keepFocusInside } from './lib/focus-trap';
export { roundUp, valueAxis } from './lib/axis';
export { useElementWidth } from './lib/use-element-width';
export { appRoot, mountApp } from './lib/mount';
export { handleAsync } from './lib/handle-async';
