import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, fieldErrorsFromIssues, type ErrorEnvelope, type FieldError } from '@pricehunt/contracts';
import { errorEnvelope, HttpError, RetryLaterError } from '@pricehunt/http-errors';

const statusCodes: Record<number, string> = {
  400: ErrorCode.validation,
  401: ErrorCode.unauthorized,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.validation,
  429: ErrorCode.rateLimited,
};

/**
 * The envelope and status for any error: HttpError keeps its status, schema validation becomes 400 naming
 * the field, other 4xx keep their status, everything else is a logged 500 with a generic message.
 */
export function envelopeFor(error: FastifyError | Error, request: FastifyRequest): ErrorEnvelope {
  if (error instanceof HttpError) {
    return errorEnvelope(error.statusCode, error.code, error.message, { field: error.field, details: error.details, requestId: request.id });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const root = error.validationContext ?? 'body';
    if (root === 'body' && (request.body === undefined || request.body === null)) {
      return errorEnvelope(400, ErrorCode.validation, 'Request body is required', { field: 'body', details: [{ field: 'body', message: 'Request body is required' }], requestId: request.id });
    }
    const details: FieldError[] = fieldErrorsFromIssues(
      error.validation.map((issue) => ({
        path: String(issue.instancePath ?? '')
          .split('/')
          .filter(Boolean),
        message: issue.message ?? 'Invalid value',
      })),
      root,
    );
    const first = details[0];
    const message = first ? (first.field === root ? first.message : `${first.field}: ${first.message}`) : 'Invalid request';
    return errorEnvelope(400, ErrorCode.validation, message, { field: first?.field, details, requestId: request.id });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, url: request.url }, 'response did not match its schema');
    return errorEnvelope(500, ErrorCode.internal, 'Internal server error', { requestId: request.id });
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const field = fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'body' : undefined;
    const message =
      fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'Request body is required'
        : fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error as { type?: string }).type === 'entity.parse.failed' || error instanceof SyntaxError
          ? 'Request body is not valid JSON'
          : error.message;
    return errorEnvelope(status, statusCodes[status] ?? ErrorCode.validation, message, {
      field: field ?? (status === 400 ? 'body' : undefined),
      requestId: request.id,
    });
  }
  request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
  return errorEnvelope(500, ErrorCode.internal, 'Internal server error', { requestId: request.id });
}

/**
 * Errors the router meets before any route runs (a path that is not valid percent-encoding, a path parameter over
 * the length limit) get the same envelope instead of Fastify's own error object.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const envelope =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? errorEnvelope(414, ErrorCode.validation, 'A path parameter is too long', { field: 'params', requestId: request.id })
      : error.code === 'FST_ERR_BAD_URL'
        ? errorEnvelope(400, ErrorCode.validation, 'The path is not a valid URL', { field: 'params', requestId: request.id })
        : envelopeFor(error, request);
  void reply.status(envelope.statusCode).send(envelope);
}

/** One error handler for the whole API: every failure becomes the JSON envelope; unknown routes get a JSON 404. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const envelope = envelopeFor(error, request);
      if (error instanceof RetryLaterError) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(envelope.statusCode).send(envelope);
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .send(errorEnvelope(404, ErrorCode.notFound, `Route ${request.method} ${request.url.split('?')[0]} not found`, { requestId: request.id }));
    });
  },
  { name: 'error-handler' },
);
