import { isApiError } from '@pricehunt/api-client';
import { useBusinessAuth } from '@pricehunt/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

const lostAccess = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

/**
 * When an admin call answers 401 or 403 (the session expired, or another admin suspended this account or revoked
 * its admin access), asks the API again who is signed in, so the route guard shows the login or "no admin access"
 * instead of a page of errors.
 */
export function SessionWatch() {
  const client = useQueryClient();
  const { refresh } = useBusinessAuth();
  useEffect(() => {
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && lostAccess(event.action.error)) void refresh();
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && lostAccess(event.action.error)) void refresh();
    });
    return () => {
      queries();
      mutations();
    };
  }, [client, refresh]);
  return null;
}
