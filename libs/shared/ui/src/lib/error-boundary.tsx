import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';

export const ERROR_FALLBACK_TITLE = 'Something went wrong';
export const ERROR_FALLBACK_MESSAGE = "We're having trouble loading this page. Please try refreshing.";

export interface ErrorFallbackProps {
  error: unknown;
  /** Called by the "Refresh Page" button; reloads the page by default. */
  onReload?: () => void;
}

function describe(error: unknown): string {
  if (error instanceof Error) return [error.message, error.stack].filter(Boolean).join('\n\n');
  try {
    return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

const reloadPage = () => window.location.reload();

/** The generic fallback of SPEC §2: title, message, a Refresh Page button and collapsible error details. */
export function ErrorFallback({ error, onReload = reloadPage }: ErrorFallbackProps) {
  return (
    <div className="ph-error-fallback" role="alert">
      <h2 className="ph-error-fallback__title">{ERROR_FALLBACK_TITLE}</h2>
      <p className="ph-error-fallback__message">{ERROR_FALLBACK_MESSAGE}</p>
      <Button onClick={onReload}>Refresh Page</Button>
      <details className="ph-error-fallback__details">
        <summary>Error details</summary>
        <pre>{describe(error)}</pre>
      </details>
    </div>
  );
}

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Replaces the default fallback; a function also gets a `reset` to try rendering the children again. */
  fallback?: ReactNode | ((props: { error: unknown; reset: () => void }) => ReactNode);
  /** When any of these values changes while the fallback shows, the children are rendered again (e.g. the location). */
  resetKeys?: readonly unknown[];
  onError?: (error: unknown, info: ErrorInfo) => void;
  onReload?: () => void;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

function keysChanged(previous: readonly unknown[] = [], next: readonly unknown[] = []): boolean {
  return previous.length !== next.length || previous.some((value, index) => !Object.is(value, next[index]));
}

/** Catches rendering failures below it and shows the fallback instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps, previousState: ErrorBoundaryState) {
    if (this.state.hasError && previousState.hasError && keysChanged(previous.resetKeys, this.props.resetKeys)) {
      this.reset();
    }
  }

  reset = () => {
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    const { fallback, onReload } = this.props;
    if (typeof fallback === 'function') return fallback({ error: this.state.error, reset: this.reset });
    if (fallback !== undefined) return fallback;
    return <ErrorFallback error={this.state.error} onReload={onReload} />;
  }
}
