import { apiRequest, type QueryParams } from '@pricehunt/api-client';
import {
  adminMatchReportListResponseSchema,
  adminMatchReportResponseSchema,
  adminProductDetailResponseSchema,
  adminProductListResponseSchema,
  auditListResponseSchema,
  businessActionResponseSchema,
  businessDetailResponseSchema,
  businessListResponseSchema,
  detachOfferResponseSchema,
  importJobResponseSchema,
  importRunDetailResponseSchema,
  importRunListResponseSchema,
  type ImportRunQuery,
  mergeProductsResponseSchema,
  overviewResponseSchema,
  priceReviewApproveResponseSchema,
  priceReviewListResponseSchema,
  suspectProductListResponseSchema,
  reclusterStatusResponseSchema,
  reclusterResponseSchema,
  retailerListResponseSchema,
  retailerResponseSchema,
  type AuditQuery,
  type BusinessAction,
  type BusinessListQuery,
  type FeedFormat,
  type RetailerUpdateBody,
} from '@pricehunt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const BASE = '/api/admin';

/** Query keys of the console; mutations invalidate by these prefixes. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  businesses: (query: BusinessListQuery) => ['admin', 'businesses', 'list', query] as const,
  business: (id: string) => ['admin', 'businesses', 'detail', id] as const,
  audit: (query: Partial<AuditQuery>) => ['admin', 'audit', query] as const,
  retailers: () => ['admin', 'retailers'] as const,
  importRuns: () => ['admin', 'imports'] as const,
  importRun: (id: string) => ['admin', 'imports', id] as const,
  importJob: (id: string) => ['admin', 'import-jobs', id] as const,
  products: (q: string) => ['admin', 'products', 'list', q] as const,
  product: (id: number) => ['admin', 'products', 'detail', id] as const,
  matchReports: (status: 'open' | 'resolved') => ['admin', 'match-reports', status] as const,
  priceReviews: () => ['admin', 'price-reviews'] as const,
  suspectProducts: () => ['admin', 'suspect-products'] as const,
  reclusterStatus: () => ['admin', 'recluster'] as const,
};

export const overviewQuery = () =>
  queryOptions({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => apiRequest(`${BASE}/overview`, { schema: overviewResponseSchema, signal }) });
export const useOverview = () => useQuery(overviewQuery());

export const businessesQuery = (query: BusinessListQuery) =>
  queryOptions({
    queryKey: adminKeys.businesses(query),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/businesses`, {
        query: { ...query, admin: query.admin === undefined ? undefined : String(query.admin), hasStore: query.hasStore === undefined ? undefined : String(query.hasStore) } satisfies QueryParams,
        schema: businessListResponseSchema,
        signal,
      }),
    placeholderData: (previous) => previous,
  });
export const useBusinesses = (query: BusinessListQuery) => useQuery(businessesQuery(query));

export const businessQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.business(id),
    queryFn: ({ signal }) => apiRequest(`${BASE}/businesses/${encodeURIComponent(id)}`, { schema: businessDetailResponseSchema, signal }),
  });
export const useBusiness = (id: string) => useQuery(businessQuery(id));

export function useBusinessAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BusinessAction) =>
      apiRequest(`${BASE}/businesses/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: businessActionResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const auditQuery = (query: Partial<AuditQuery>) =>
  queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => apiRequest(`${BASE}/audit`, { query, schema: auditListResponseSchema, signal }),
    placeholderData: (previous) => previous,
  });
export const useAudit = (query: Partial<AuditQuery>) => useQuery(auditQuery(query));

export const useRetailers = () =>
  useQuery({ queryKey: adminKeys.retailers(), queryFn: ({ signal }) => apiRequest(`${BASE}/retailers`, { schema: retailerListResponseSchema, signal }) });

export function useUpdateRetailer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RetailerUpdateBody }) =>
      apiRequest(`${BASE}/retailers/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: retailerResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A page of the import runs, newest first: those of one status, of one retailer. */
export const useImportRuns = (query: Partial<ImportRunQuery>) =>
  useQuery({
    queryKey: [...adminKeys.importRuns(), query],
    queryFn: ({ signal }) => apiRequest(`${BASE}/imports`, { query, schema: importRunListResponseSchema, signal }),
    placeholderData: (previous) => previous,
  });

export const useImportRun = (id: string) =>
  useQuery({
    queryKey: adminKeys.importRun(id),
    queryFn: ({ signal }) => apiRequest(`${BASE}/imports/${encodeURIComponent(id)}`, { schema: importRunDetailResponseSchema, signal }),
  });

export interface ImportFeedInput {
  file: File;
  retailerId?: string;
  retailerName?: string;
  format?: FeedFormat;
}

/** Uploads a feed; the fields go before the file so the server reads them with it. */
export function useImportFeed() {
  return useMutation({
    mutationFn: ({ file, retailerId, retailerName, format }: ImportFeedInput) => {
      const form = new FormData();
      if (retailerId) form.append('retailerId', retailerId);
      if (retailerName) form.append('retailerName', retailerName);
      if (format) form.append('format', format);
      form.append('file', file, file.name);
      return apiRequest(`${BASE}/imports`, { method: 'POST', body: form, schema: importJobResponseSchema, errorMessage: 'The import could not start' });
    },
  });
}

/** Polls an import job every half second until it has finished. */
export function useImportJob(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: adminKeys.importJob(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(`${BASE}/imports/jobs/${encodeURIComponent(id ?? '')}`, { schema: importJobResponseSchema, signal });
      if (answer.job.state === 'succeeded' || answer.job.state === 'failed') {
        void client.invalidateQueries({ queryKey: adminKeys.importRuns() });
        void client.invalidateQueries({ queryKey: adminKeys.retailers() });
        void client.invalidateQueries({ queryKey: adminKeys.overview() });
      }
      return answer.job;
    },
    refetchInterval: (query) => (query.state.data && (query.state.data.state === 'succeeded' || query.state.data.state === 'failed') ? false : 500),
  });
}

export function useRecluster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${BASE}/catalog/recluster`, { method: 'POST', schema: reclusterResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The re-clustering under way, if any, and the last that ended: read again every second while one is, or while `active`. */
export const useReclusterStatus = (active: boolean) =>
  useQuery({
    queryKey: adminKeys.reclusterStatus(),
    queryFn: ({ signal }) => apiRequest(`${BASE}/catalog/recluster`, { schema: reclusterStatusResponseSchema, signal }),
    refetchInterval: (query) => (active || query.state.data?.underWay ? 1000 : false),
  });

/** Products by id or title words (nothing is asked while `q` is empty). */
export const useAdminProducts = (q: string) =>
  useQuery({
    queryKey: adminKeys.products(q),
    enabled: q.trim() !== '',
    queryFn: ({ signal }) => apiRequest(`${BASE}/products`, { query: { q }, schema: adminProductListResponseSchema, signal }),
  });

export const useAdminProduct = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.product(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => apiRequest(`${BASE}/products/${id}`, { schema: adminProductDetailResponseSchema, signal }),
  });

export function useDetachOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, offerId }: { productId: number; offerId: number }) =>
      apiRequest(`${BASE}/products/${productId}/offers/${offerId}/detach`, { method: 'POST', schema: detachOfferResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useMergeProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, into }: { productId: number; into: number }) =>
      apiRequest(`${BASE}/products/${productId}/merge`, { method: 'POST', body: { into }, schema: mergeProductsResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useMatchReports = (status: 'open' | 'resolved') =>
  useQuery({
    queryKey: adminKeys.matchReports(status),
    queryFn: ({ signal }) => apiRequest(`${BASE}/match-reports`, { query: { status }, schema: adminMatchReportListResponseSchema, signal }),
  });

export function useResolveMatchReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${BASE}/match-reports/${encodeURIComponent(id)}/resolve`, { method: 'POST', schema: adminMatchReportResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The match review's flagged products: offers more than 2x apart in price, or a retailer twice. */
export const useSuspectProducts = () =>
  useQuery({
    queryKey: adminKeys.suspectProducts(),
    queryFn: ({ signal }) => apiRequest(`${BASE}/suspect-products`, { schema: suspectProductListResponseSchema, signal }),
  });

export const usePriceReviews = () =>
  useQuery({
    queryKey: adminKeys.priceReviews(),
    queryFn: ({ signal }) => apiRequest(`${BASE}/price-reviews`, { schema: priceReviewListResponseSchema, signal }),
  });

export function useApprovePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offerId: number) => apiRequest(`${BASE}/price-reviews/${offerId}/approve`, { method: 'POST', schema: priceReviewApproveResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
