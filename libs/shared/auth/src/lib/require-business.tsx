import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useBusinessAuth } from './business-auth';

/**
 * The `next` parameter of a login page, if it is a path inside this app; `fallback` otherwise.
 * Refuses absolute and protocol-relative URLs so a crafted link cannot send the user elsewhere.
 */
export function safeNextPath(search: string, fallback = '/'): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

/** `loginPath?next=<current location>`. */
export function loginRedirectPath(loginPath: string, current: { pathname: string; search?: string; hash?: string }): string {
  const next = `${current.pathname}${current.search ?? ''}${current.hash ?? ''}`;
  const separator = loginPath.includes('?') ? '&' : '?';
  return `${loginPath}${separator}next=${encodeURIComponent(next)}`;
}

export interface RequireBusinessProps {
  /** Where a signed-out visitor is sent, with `?next=` the page they asked for. */
  loginPath: string;
  /** Only admins (business.isAdmin) may pass. */
  requireAdmin?: boolean;
  /** Shown while the session is being checked. */
  fallback?: ReactNode;
  /** Shown to a signed-in business that is not an admin on an admin-only route. */
  forbidden?: ReactNode;
  /** The protected content; a nested route's `<Outlet />` when omitted. */
  children?: ReactNode;
}

export const CHECKING_SESSION_TEXT = 'Checking your session…';
export const ADMIN_REQUIRED_TEXT = 'You need an administrator account to open this page.';

/** Route guard for business (and admin) pages. */
export function RequireBusiness({ loginPath, requireAdmin = false, fallback, forbidden, children }: RequireBusinessProps) {
  const { status, isAdmin } = useBusinessAuth();
  const location = useLocation();
  if (status === 'loading') {
    return <>{fallback ?? <p role="status">{CHECKING_SESSION_TEXT}</p>}</>;
  }
  if (status === 'signed-out') {
    return <Navigate to={loginRedirectPath(loginPath, location)} replace />;
  }
  if (requireAdmin && !isAdmin) {
    return <>{forbidden ?? <p role="alert">{ADMIN_REQUIRED_TEXT}</p>}</>;
  }
  return <>{children ?? <Outlet />}</>;
}
