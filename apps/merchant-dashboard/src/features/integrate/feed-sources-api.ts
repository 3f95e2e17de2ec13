import { apiRequest } from '@pricehunt/api-client';
import {
  feedSourceDeletedResponseSchema,
  feedSourceDetailResponseSchema,
  feedSourcePollInterval,
  feedSourceListResponseSchema,
  feedSourceResponseSchema,
  type FeedSourceUpdateBody,
  type MerchantFeedSourceBody,
} from '@pricehunt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { merchantKeys } from '../dashboard/api/merchant-api';

const BASE = '/api/business/integration/feed-sources';

/** The business's feed sources, under the dashboard's query prefix. */
export const feedSourceKeys = {
  all: [...merchantKeys.all, 'feed-sources'] as const,
  list: () => [...merchantKeys.all, 'feed-sources', 'list'] as const,
  detail: (id: string) => [...merchantKeys.all, 'feed-sources', 'detail', id] as const,
};


export const useFeedSources = () =>
  useQuery({
    queryKey: feedSourceKeys.list(),
    queryFn: ({ signal }) => apiRequest(BASE, { schema: feedSourceListResponseSchema, signal }),
    refetchInterval: (query) => (query.state.data ? feedSourcePollInterval(query.state.data.items) : false),
  });

/** One source with its last runs (the API keeps 20), asked again with the list's rhythm. */
export const useFeedSource = (id: string) =>
  useQuery({
    queryKey: feedSourceKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`${BASE}/${encodeURIComponent(id)}`, { schema: feedSourceDetailResponseSchema, signal }),
    refetchInterval: (query) => (query.state.data ? feedSourcePollInterval([query.state.data.source]) : false),
  });

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: feedSourceKeys.all });
}

/** Adds a feed URL; 409 `storeDomain` while the store's domain is not verified. */
export function useAddFeedSource() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: MerchantFeedSourceBody) => apiRequest(BASE, { method: 'POST', body, schema: feedSourceResponseSchema }), onSuccess: refresh });
}

export function useUpdateFeedSource() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FeedSourceUpdateBody }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: feedSourceResponseSchema }),
    onSuccess: refresh,
  });
}

export function useRunFeedSource() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => apiRequest(`${BASE}/${encodeURIComponent(id)}/run`, { method: 'POST', schema: feedSourceResponseSchema }), onSuccess: refresh });
}

export function useRemoveFeedSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: feedSourceDeletedResponseSchema }),
    // The list only: the removed source's own runs are not asked for again (a 404) while it leaves the page.
    onSuccess: () => client.invalidateQueries({ queryKey: feedSourceKeys.list() }),
  });
}
