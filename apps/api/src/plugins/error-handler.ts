import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, fieldErrorsFromIssues, type ErrorEnvelope, type FieldError } from '@pricehunt/contracts';
import { errorEnvelope, HttpError, RetryLaterError } from '@pricehunt/http-errors';
import { isBusyError } from '@pricehunt/storage';

/** Seconds a client is asked to wait when the database stayed busy through a request's retries. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

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
  if (isBusyError(error)) {
    // Not the request's fault nor a failure: the database stayed locked (a long write elsewhere) through its retries.
    request.log.warn({ err: error, url: request.url, method: request.method }, 'database busy');
    return errorEnvelope(503, ErrorCode.unavailable, 'The service is busy: try again in a moment', { requestId: request.id });
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

/** The most of a refused body an instance reads to its end, and for how long (nginx refuses larger ones first). */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_LIMIT_MS = 30_000;

/**
 * Reads what is left of a request body and throws it away; answers whether the body was read to its end. A body
 * refused before it was read (over the route's limit: 413) is read to its end before the answer goes out, so the
 * client, or nginx in front, finishes sending and reads the answer on a connection that stays open: an answer while
 * it still sends, then a closed connection, would be a broken pipe to nginx, a failed instance in its eyes. A body
 * larger than DRAIN_LIMIT_BYTES, or still coming after DRAIN_LIMIT_MS, is not waited for: its connection is closed.
 */
export function drainBody(raw: IncomingMessage, limitBytes = DRAIN_LIMIT_BYTES, limitMs = DRAIN_LIMIT_MS): Promise<boolean> {
  if (raw.complete) return Promise.resolve(true);
  if (raw.destroyed || Number(raw.headers['content-length']) > limitBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const done = (drained: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onFail);
      raw.off('close', onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limitBytes) done(false);
    };
    const onEnd = () => done(true);
    const onFail = () => done(false);
    const onClose = () => done(raw.complete);
    const timer = setTimeout(() => done(false), limitMs);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onFail);
    raw.on('close', onClose);
    raw.resume();
  });
}

/** One error handler for the whole API: every failure becomes the JSON envelope; unknown routes get a JSON 404. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const envelope = envelopeFor(error, request);
      if (error instanceof RetryLaterError) void reply.header('retry-after', String(error.retryAfterSeconds));
      else if (envelope.statusCode === 503) void reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      // A body refused unread (too large) is read to its end first; Fastify asks to close the connection after a body
      // it could not take, which is needless once the body is read: the connection then stays open for the next request.
      if (envelope.statusCode === 413 && !request.raw.complete && (await drainBody(request.raw))) void reply.removeHeader('connection');
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
