import { apiRequest } from '@pricehunt/api-client';
import {
  activityResponseSchema,
  analyticsResponseSchema,
  apiKeyResponseSchema,
  attributionResponseSchema,
  feedImportResponseSchema,
  integrationResponseSchema,
  merchantProductSchema,
  merchantSettingsSchema,
  productsResponseSchema,
  storeSyncSchema,
  successResponseSchema,
  summaryResponseSchema,
  verifyDomainResponseSchema,
  type ActivityQuery,
  type AnalyticsQuery,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type ProductsQuery,
  type RangeQuery,
  type UpdateProductBody,
  type UpdateSettingsBody,
} from '@pricehunt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const BASE = '/api/business';

/** Query keys of the dashboard; mutations invalidate by these prefixes. */
export const merchantKeys = {
  all: ['merchant'] as const,
  summary: (range: RangeQuery) => ['merchant', 'summary', range] as const,
  analytics: (query: AnalyticsQuery) => ['merchant', 'analytics', query] as const,
  attribution: (range: RangeQuery) => ['merchant', 'attribution', range] as const,
  activity: (query: Partial<ActivityQuery>) => ['merchant', 'activity', query] as const,
  settings: () => ['merchant', 'settings'] as const,
  integration: () => ['merchant', 'integration'] as const,
  sync: (id: string) => ['merchant', 'sync', id] as const,
  products: (query: Partial<ProductsQuery>) => ['merchant', 'products', query] as const,
};

export const summaryQuery = (range: RangeQuery) =>
  queryOptions({ queryKey: merchantKeys.summary(range), queryFn: ({ signal }) => apiRequest(`${BASE}/dashboard/summary`, { query: range, schema: summaryResponseSchema, signal }) });
export const useSummary = (range: RangeQuery, enabled = true) => useQuery({ ...summaryQuery(range), enabled });

export const analyticsQuery = (query: AnalyticsQuery) =>
  queryOptions({ queryKey: merchantKeys.analytics(query), queryFn: ({ signal }) => apiRequest(`${BASE}/analytics`, { query, schema: analyticsResponseSchema, signal }) });
export const useAnalytics = (query: AnalyticsQuery, enabled = true) => useQuery({ ...analyticsQuery(query), enabled });

export const useAttribution = (range: RangeQuery, enabled = true) =>
  useQuery({ enabled, queryKey: merchantKeys.attribution(range), queryFn: ({ signal }) => apiRequest(`${BASE}/attribution`, { query: range, schema: attributionResponseSchema, signal }) });

export const useActivity = (query: Partial<ActivityQuery>) =>
  useQuery({
    queryKey: merchantKeys.activity(query),
    queryFn: ({ signal }) => apiRequest(`${BASE}/activity`, { query: { ...query }, schema: activityResponseSchema, signal }),
    placeholderData: (previous) => previous,
  });

export const useSettings = () =>
  useQuery({ queryKey: merchantKeys.settings(), queryFn: ({ signal }) => apiRequest(`${BASE}/settings`, { schema: merchantSettingsSchema, signal }) });

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => apiRequest(`${BASE}/settings`, { method: 'PATCH', body, schema: merchantSettingsSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => apiRequest(`${BASE}/settings/password`, { method: 'POST', body, schema: successResponseSchema }) });

export function useRotateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${BASE}/settings/api-key`, { method: 'POST', schema: apiKeyResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: merchantKeys.settings() }),
  });
}

export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: DeleteAccountBody) => apiRequest(`${BASE}/account`, { method: 'DELETE', body, schema: successResponseSchema }) });

export const useIntegration = () =>
  useQuery({
    queryKey: merchantKeys.integration(),
    queryFn: ({ signal }) => apiRequest(`${BASE}/integration`, { schema: integrationResponseSchema, signal }),
    // Whether the store's script has been seen changes outside the dashboard: ask again on every visit.
    refetchOnMount: 'always',
  });

export function useSetDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storeDomain: string) => apiRequest(`${BASE}/integration/domain`, { method: 'PUT', body: { storeDomain }, schema: integrationResponseSchema }),
    onSuccess: (data) => {
      client.setQueryData(merchantKeys.integration(), data);
      void client.invalidateQueries({ queryKey: merchantKeys.settings() });
    },
  });
}

export function useVerifyDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${BASE}/integration/verify`, { method: 'POST', schema: verifyDomainResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: merchantKeys.integration() }),
  });
}

export const useStartSync = () =>
  useMutation({ mutationFn: () => apiRequest(`${BASE}/integration/shopify-sync`, { method: 'POST', schema: storeSyncSchema }) });

/** Polls a running store sync every second until it ends. */
export const useSync = (id: string | null) =>
  useQuery({
    queryKey: merchantKeys.sync(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`${BASE}/integration/syncs/${encodeURIComponent(id ?? '')}`, { schema: storeSyncSchema, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 1000 : false),
  });

export const useProducts = (query: Partial<ProductsQuery>) =>
  useQuery({
    queryKey: merchantKeys.products(query),
    queryFn: ({ signal }) => apiRequest(`${BASE}/products`, { query: { ...query }, schema: productsResponseSchema, signal }),
    placeholderData: (previous) => previous,
  });

export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateProductBody }) =>
      apiRequest(`${BASE}/products/${id}`, { method: 'PATCH', body, schema: merchantProductSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['merchant', 'products'] }),
  });
}

export function useImportFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const isXml = /\.xml$/i.test(file.name) || file.type.includes('xml');
      return apiRequest(`${BASE}/products/feed`, {
        method: 'POST',
        query: { format: isXml ? 'xml' : 'tsv' },
        body: new Blob([await file.text()], { type: isXml ? 'application/xml' : 'text/tab-separated-values' }),
        headers: { 'Content-Type': isXml ? 'application/xml' : 'text/tab-separated-values' },
        schema: feedImportResponseSchema,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['merchant', 'products'] }),
  });
}
