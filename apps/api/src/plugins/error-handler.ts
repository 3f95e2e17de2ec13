import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, fieldErrorsFromIssues, type FieldError } from '@pricehunt/contracts';
import { HttpError, errorEnvelope } from '../lib/errors';

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

/** One error handler for the whole API: every failure becomes the JSON envelope; unknown routes get a JSON 404. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply
          .status(error.statusCode)
          .send(errorEnvelope(error.statusCode, error.code, error.message, { field: error.field, details: error.details, requestId: request.id }));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const root = error.validationContext ?? 'body';
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
        return reply
          .status(400)
          .send(errorEnvelope(400, ErrorCode.validation, message, { field: first?.field, details, requestId: request.id }));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, url: request.url }, 'response did not match its schema');
        return reply.status(500).send(errorEnvelope(500, ErrorCode.internal, 'Internal server error', { requestId: request.id }));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const field = error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'body' : undefined;
        const message =
          error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Request body is required'
            : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error as { type?: string }).type === 'entity.parse.failed' || error instanceof SyntaxError
              ? 'Request body is not valid JSON'
              : error.message;
        return reply
          .status(status)
          .send(
            errorEnvelope(status, statusCodes[status] ?? ErrorCode.validation, message, {
              field: field ?? (status === 400 ? 'body' : undefined),
              requestId: request.id,
            }),
          );
      }
      request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
      return reply.status(500).send(errorEnvelope(500, ErrorCode.internal, 'Internal server error', { requestId: request.id }));
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .send(errorEnvelope(404, ErrorCode.notFound, `Route ${request.method} ${request.url.split('?')[0]} not found`, { requestId: request.id }));
    });
  },
  { name: 'error-handler' },
);
