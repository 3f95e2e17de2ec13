export {
  ApiError,
  isApiError,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
  INVALID_RESPONSE_CODE,
  REQUEST_FAILED_CODE,
  type ApiErrorInit,
} from './lib/api-error';
export {
  apiRequest,
  buildUrl,
  retryAfterOf,
  setDefaultBaseUrl,
  type ApiRequestOptions,
  type FetchLike,
  type HttpMethod,
  type QueryParams,
  type SchemaIssue,
  type SchemaLike,
  type SchemaSource,
} from './lib/api-request';
