import { errorEnvelopeSchema } from '@pricehunt/contracts';

/** A route's `response` schemas for its refusals: the error envelope under each of `codes`. */
export function errorResponses<const Code extends number>(...codes: Code[]): Record<Code, typeof errorEnvelopeSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorEnvelopeSchema])) as Record<Code, typeof errorEnvelopeSchema>;
}
