import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from '@pricehunt/http-errors';

/** Deepest nesting looked into: bodies are bounded by their schemas far above what a real request holds. */
const MAX_DEPTH = 32;

/**
 * The path of the first string in `value` (keys included) that holds the NUL character, e.g. `eventData.title`, or
 * undefined. PostgreSQL's text and jsonb cannot store it, and no real value carries it.
 */
export function nulCharacterAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulCharacterAt(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulCharacterAt(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A preValidation hook: a request whose body, query or path parameters hold the NUL character is answered 400 naming
 * the field, on either storage engine, before any route reads it.
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const field = nulCharacterAt(request.params, '') ?? nulCharacterAt(request.query, '') ?? nulCharacterAt(request.body, typeof request.body === 'string' ? 'body' : '');
  if (field === undefined) return done();
  done(badRequest(`${field} must not contain the NUL character (U+0000)`, field));
}
