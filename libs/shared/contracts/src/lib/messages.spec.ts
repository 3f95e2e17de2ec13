import type { z } from 'zod';
import * as contracts from '../index';
import { browseQuerySchema } from './catalog';
import { changePasswordBodySchema } from './merchant';
import { shopperLoginBodySchema } from './shopper-auth';

/** The parts of a schema that Zod keeps in its definition: its message, its checks and the schemas inside it. */
interface Definition {
  type: string;
  error?: unknown;
  checks?: Array<{ _zod: { def: { check: string; error?: unknown } } }>;
  shape?: Record<string, unknown>;
  [key: string]: unknown;
}

const definitionOf = (value: unknown): Definition | null =>
  value !== null && typeof value === 'object' && '_zod' in value ? (value as { _zod: { def: Definition } })._zod.def : null;

/**
 * Every check that fails with the message of its schema's type: Zod answers a check without its own message with the
 * message given to the schema (`z.number({ error: 'page must be a number' }).max(10)` refuses 11 as "page must be a
 * number"). A check that only rewrites a value (trim, lower case) never fails and is left out.
 */
function checksWithTheTypeMessage(exports: Record<string, unknown>): string[] {
  const seen = new Set<unknown>();
  const found: string[] = [];
  const walk = (value: unknown, path: string): void => {
    const def = definitionOf(value);
    if (!def || seen.has(value)) return;
    seen.add(value);
    if (def.error !== undefined) {
      for (const check of def.checks ?? []) {
        if (check._zod.def.check !== 'overwrite' && check._zod.def.error === undefined) found.push(`${path}: ${def.type} ${check._zod.def.check}`);
      }
    }
    for (const [key, inner] of Object.entries(def)) {
      if (key === 'checks') continue;
      if (key === 'shape' && inner && typeof inner === 'object') for (const [field, schema] of Object.entries(inner)) walk(schema, `${path}.${field}`);
      else if (Array.isArray(inner)) inner.forEach((schema, index) => walk(schema, `${path}[${index}]`));
      else walk(inner, path);
    }
  };
  for (const [name, value] of Object.entries(exports)) walk(value, name);
  return found;
}

const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((issue) => issue.message);

describe('refusal messages', () => {
  it('gives every check of a schema with its own message a message of its own', () => {
    expect(checksWithTheTypeMessage(contracts)).toEqual([]);
  });

  it('finds a check that would answer with its type’s message', () => {
    const probe = { schema: (contracts.browseQuerySchema.shape.page.def.innerType as z.ZodNumber).max(5) };
    expect(checksWithTheTypeMessage(probe)).toEqual(['schema: number less_than']);
  });

  it('says what is wrong with a value out of range', () => {
    expect(messageOf(browseQuerySchema, { page: '99999' })).toEqual(['page must be at most 10000']);
    expect(messageOf(browseQuerySchema, { minPrice: '20000000' })).toEqual(['minPrice must be at most 10000000']);
    expect(messageOf(shopperLoginBodySchema, { email: 'a@b.co', password: 'x'.repeat(129) })).toEqual(['Password must be at most 128 characters']);
    expect(messageOf(changePasswordBodySchema, { currentPassword: 'x'.repeat(129), newPassword: 'long-enough-password-1' })).toContain('Current password must be at most 128 characters');
  });
});
