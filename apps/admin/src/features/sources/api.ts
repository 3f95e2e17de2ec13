import { apiRequest } from '@pricehunt/api-client';
import {
  feedSourceDeletedResponseSchema,
  feedSourceDetailResponseSchema,
  feedSourcePollInterval,
  feedSourceListResponseSchema,
  feedSourceResponseSchema,
  type FeedSourceCreateBody,
  type FeedSourceUpdateBody,
} from '@pricehunt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../lib/admin-api';

const BASE = '/api/admin/feed-sources';

/** Query keys of feed sources, under the console's prefix (so the console's own invalidations reach them). */
export const sourceKeys = {
  all: [...adminKeys.all, 'feed-sources'] as const,
  list: () => [...adminKeys.all, 'feed-sources', 'list'] as const,
  detail: (id: string) => [...adminKeys.all, 'feed-sources', 'detail', id] as const,
};


export const feedSourcesQuery = () =>
  queryOptions({
    queryKey: sourceKeys.list(),
    queryFn: ({ signal }) => apiRequest(BASE, { schema: feedSourceListResponseSchema, signal }),
    refetchInterval: (query) => (query.state.data ? feedSourcePollInterval(query.state.data.items) : false),
  });
export const useFeedSources = () => useQuery(feedSourcesQuery());

export const feedSourceQuery = (id: string) =>
  queryOptions({
    queryKey: sourceKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`${BASE}/${encodeURIComponent(id)}`, { schema: feedSourceDetailResponseSchema, signal }),
    refetchInterval: (query) => (query.state.data ? feedSourcePollInterval([query.state.data.source]) : false),
  });
export const useFeedSource = (id: string) => useQuery(feedSourceQuery(id));

function useInvalidateSources() {
  const client = useQueryClient();
  // The audit log and the retailers' figures change with a source: refresh the console's data.
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}

export function useCreateFeedSource() {
  const invalidate = useInvalidateSources();
  return useMutation({
    mutationFn: (body: FeedSourceCreateBody) => apiRequest(BASE, { method: 'POST', body, schema: feedSourceResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateFeedSource() {
  const invalidate = useInvalidateSources();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FeedSourceUpdateBody }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: feedSourceResponseSchema }),
    onSuccess: invalidate,
  });
}

/** "Run now": the source falls due at once (202); 409 while it is paused or running. */
export function useRunFeedSource() {
  const invalidate = useInvalidateSources();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${BASE}/${encodeURIComponent(id)}/run`, { method: 'POST', schema: feedSourceResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useRemoveFeedSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: feedSourceDeletedResponseSchema }),
    onSuccess: (_answer, id) => {
      // Its detail is gone: everything else is asked again, not it (that would be a 404 on the page closing).
      const gone = JSON.stringify(sourceKeys.detail(id));
      return client.invalidateQueries({ queryKey: adminKeys.all, predicate: (query) => JSON.stringify(query.queryKey) !== gone });
    },
  });
}
