import type { FieldError } from '@pricehunt/contracts';

/** Code of an `ApiError` raised when no answer came back (offline, DNS, refused connection, CORS). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const NETWORK_ERROR_MESSAGE = 'Network error occurred';
/** Code of an `ApiError` raised when a successful answer does not have the expected shape. */
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';
/** Code of an `ApiError` raised for a failing answer that is not the error envelope (e.g. a proxy's HTML page). */
export const REQUEST_FAILED_CODE = 'REQUEST_FAILED';

export interface ApiErrorInit {
  /** HTTP status; 0 when no response arrived. */
  status: number;
  code: string;
  message: string;
  field?: string;
  details?: FieldError[];
  requestId?: string;
  /** Seconds the server asks to wait before trying again (its `Retry-After`), on a 429 or 503. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** A failed API call, decoded from the error envelope (or describing why there is none). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly details: FieldError[];
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** True when the request never got an answer. */
  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }

  /** The message for one field, from `details` (or the top-level `field`). */
  fieldMessage(field: string): string | undefined {
    const detail = this.details.find((item) => item.field === field);
    if (detail) return detail.message;
    return this.field === field ? this.message : undefined;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
