import { ErrorCode } from '@pricehunt/contracts';
import { badRequest, errorEnvelope, RetryLaterError } from './errors';

describe('HTTP errors', () => {
  it('names the field a bad request is about, in the error and in its details', () => {
    const error = badRequest('url must be an absolute http(s) URL', 'url');
    expect(error).toMatchObject({ statusCode: 400, code: ErrorCode.validation, field: 'url', details: [{ field: 'url', message: 'url must be an absolute http(s) URL' }] });
  });

  it('says how long to wait before a retry', () => {
    expect(new RetryLaterError('Too many attempts', 30)).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', retryAfterSeconds: 30 });
    expect(new RetryLaterError('Not ready yet', 5, 503)).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
  });

  it('answers one envelope, with only the parts it has', () => {
    expect(errorEnvelope(404, ErrorCode.notFound, 'Not found')).toEqual({ success: false, error: 'Not found', code: ErrorCode.notFound, statusCode: 404 });
    expect(errorEnvelope(400, ErrorCode.validation, 'bad', { field: 'q', details: [], requestId: 'r1' })).toEqual({
      success: false,
      error: 'bad',
      code: ErrorCode.validation,
      statusCode: 400,
      field: 'q',
      requestId: 'r1',
    });
  });
});
