import { ErrorCode, type ErrorEnvelope, type FieldError } from '@pricehunt/contracts';

/** An error with an HTTP status that the error handler answers as the JSON envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, ErrorCode.validation, message, field, field ? [{ field, message }] : undefined);
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, ErrorCode.unauthorized, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, ErrorCode.forbidden, message);
export const notFound = (message = 'Not found') => new HttpError(404, ErrorCode.notFound, message);
export const conflict = (message: string, field?: string) =>
  new HttpError(409, ErrorCode.conflict, message, field, field ? [{ field, message }] : undefined);
export const tooManyRequests = (message = 'Too many requests, try again later') => new HttpError(429, ErrorCode.rateLimited, message);

/**
 * A 429 (too many requests) or a 503 (what was asked for is not ready yet) that says how long to wait: the error
 * handler sends `retryAfterSeconds` as the Retry-After header.
 */
export class RetryLaterError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    status: 429 | 503 = 429,
  ) {
    super(status, status === 429 ? ErrorCode.rateLimited : ErrorCode.unavailable, message);
    this.name = 'RetryLaterError';
  }
}

/** Builds the one envelope every failure answers with. */
export function errorEnvelope(
  statusCode: number,
  code: string,
  message: string,
  extra: { field?: string; details?: FieldError[]; requestId?: string } = {},
): ErrorEnvelope {
  return {
    success: false,
    error: message,
    code,
    statusCode,
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.details?.length ? { details: extra.details } : {}),
    ...(extra.requestId ? { requestId: extra.requestId } : {}),
  };
}
