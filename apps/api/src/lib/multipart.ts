import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '@pricehunt/http-errors';

/**
 * What a multipart route answers for an error met while the form is read: a 4xx of its own (an HttpError, a limit of
 * @fastify/multipart) stays as it is; anything else comes from the parser, which could not read the body as
 * multipart/form-data (no boundary, a part cut short, a malformed header), and is a 400 naming `field`.
 */
export function multipartReadError(error: unknown, field: 'body' | 'file'): Error {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error as Error;
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return badRequest(`${field}: the request body is not a readable multipart/form-data form${reason}`, field);
}

/** The first file of a multipart request (with the fields before it), or undefined; an unreadable form is a 400. */
export async function readMultipartFile(request: FastifyRequest): Promise<MultipartFile | undefined> {
  try {
    return await request.file();
  } catch (error) {
    throw multipartReadError(error, 'body');
  }
}
