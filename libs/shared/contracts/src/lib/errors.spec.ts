import { errorEnvelopeSchema, fieldErrorsFromIssues } from './errors';

describe('error envelope', () => {
  it('accepts the envelope with a named field', () => {
    const parsed = errorEnvelopeSchema.parse({
      success: false,
      error: 'Invalid email address',
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      field: 'email',
      details: [{ field: 'email', message: 'Invalid email address' }],
    });
    expect(parsed.field).toBe('email');
  });

  it('refuses an envelope that claims success', () => {
    expect(errorEnvelopeSchema.safeParse({ success: true, error: 'x', code: 'X', statusCode: 400 }).success).toBe(false);
  });

  it('joins issue paths with dots and names the root when the path is empty', () => {
    expect(
      fieldErrorsFromIssues([
        { path: ['items', 0, 'price'], message: 'Required' },
        { path: [], message: 'Expected object' },
      ]),
    ).toEqual([
      { field: 'items.0.price', message: 'Required' },
      { field: 'body', message: 'Expected object' },
    ]);
  });
});
