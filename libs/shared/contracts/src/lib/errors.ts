import { z } from 'zod';

/** One field-level problem inside an error envelope. `field` is a dotted path such as `email` or `items.0.price`. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The one error envelope every failing API call answers with.
 * `error` is the human-readable message (SPEC §7: clients read `success` and `error`),
 * `field` names the first offending field when the failure is about input.
 */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  statusCode: z.number().int(),
  field: z.string().optional(),
  details: z.array(fieldErrorSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Machine-readable error codes shared by the API and its clients. */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  /** The right password of an account whose email is not confirmed yet (a new link has been mailed). */
  emailNotConfirmed: 'EMAIL_NOT_CONFIRMED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  badGateway: 'BAD_GATEWAY',
  /** The database stayed busy (another process's long write): the answer carries Retry-After. */
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Turns zod issues into the envelope's field list (paths joined with dots; the root is `body`). */
export function fieldErrorsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, root = 'body'): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : root,
    message: issue.message,
  }));
}
