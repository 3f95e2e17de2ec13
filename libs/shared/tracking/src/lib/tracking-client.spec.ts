import { createFetchMock, errorResponse, jsonResponse, networkFailure, textResponse } from '@pricehunt/api-client/testing';
import { clearSessionMemory } from './session-storage';
import { createTrackingClient, setTrackingUserId, trackEvent, trackReferral } from './tracking-client';

const payload = {
  referralId: 'aff_acme.myshopify.com_1700000000000_x1y2',
  businessDomain: 'acme.myshopify.com',
  targetUrl: 'https://acme.myshopify.com/products/lamp',
  sourceUrl: 'https://pricehunt.example/new-search/1/lamp',
  productName: 'Lamp',
  userId: 'user-1',
  utmSource: 'pricehunt',
  utmMedium: 'price_comparison',
  utmCampaign: 'product_referral',
};

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.setItem('pricehunt_session_id', 'session-1');
});
afterEach(() => {
  jest.restoreAllMocks();
  clearSessionMemory();
  setTrackingUserId(null);
});

describe('trackReferral', () => {
  it('posts the SPEC payload as JSON to /api/trackReferral with cookies', async () => {
    const mock = createFetchMock({ 'POST /api/trackReferral': jsonResponse({ success: true, targetUrl: 'https://acme.myshopify.com/products/lamp?ref=1' }) });
    await createTrackingClient({ fetch: mock.fetch }).trackReferral(payload);
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]?.body).toEqual(payload);
    expect(mock.requests[0]?.credentials).toBe('include');
    expect(mock.requests[0]?.headers['Content-Type']).toBe('application/json');
  });

  it("resolves with success and the server's tagged target URL", async () => {
    const mock = createFetchMock({
      'POST /api/trackReferral': jsonResponse({ success: true, targetUrl: 'https://acme.myshopify.com/products/lamp?ref=1', referralId: 'r1' }),
    });
    await expect(createTrackingClient({ fetch: mock.fetch }).trackReferral(payload)).resolves.toEqual({
      success: true,
      targetUrl: 'https://acme.myshopify.com/products/lamp?ref=1',
      referralId: 'r1',
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it('falls back to the given target URL when the answer has an empty one', async () => {
    const mock = createFetchMock({ 'POST /api/trackReferral': jsonResponse({ success: true, targetUrl: '' }) });
    expect((await createTrackingClient({ fetch: mock.fetch }).trackReferral(payload)).targetUrl).toBe(payload.targetUrl);
  });

  it('still resolves with the target URL when the API answers non-OK, and logs the error', async () => {
    const mock = createFetchMock({ 'POST /api/trackReferral': errorResponse(500, 'INTERNAL_ERROR', 'Something failed on our side') });
    await expect(createTrackingClient({ fetch: mock.fetch }).trackReferral(payload)).resolves.toEqual({
      success: false,
      targetUrl: payload.targetUrl,
      error: 'Something failed on our side',
    });
    expect(errors).toHaveBeenCalled();
  });

  it('still resolves with the target URL when the answer says success false', async () => {
    const mock = createFetchMock({ 'POST /api/trackReferral': jsonResponse({ success: false, targetUrl: payload.targetUrl, error: 'Unknown business' }) });
    await expect(createTrackingClient({ fetch: mock.fetch }).trackReferral(payload)).resolves.toEqual({
      success: false,
      targetUrl: payload.targetUrl,
      error: 'Unknown business',
    });
    expect(errors).toHaveBeenCalled();
  });

  it('still resolves with the target URL when the network fails', async () => {
    const mock = createFetchMock({ 'POST /api/trackReferral': networkFailure });
    await expect(createTrackingClient({ fetch: mock.fetch }).trackReferral(payload)).resolves.toEqual({
      success: false,
      targetUrl: payload.targetUrl,
      error: 'Network error occurred',
    });
    expect(errors).toHaveBeenCalled();
  });

  it('still resolves with the target URL when the answer is not JSON', async () => {
    const mock = createFetchMock({ 'POST /api/trackReferral': textResponse('<html>oops</html>', { status: 502 }) });
    const result = await createTrackingClient({ fetch: mock.fetch }).trackReferral(payload);
    expect(result).toMatchObject({ success: false, targetUrl: payload.targetUrl, error: 'Referral tracking failed' });
  });

  it('fills sourceUrl with the current page and userId with the signed-in user when not given', async () => {
    const mock = createFetchMock({ 'POST /api/trackReferral': jsonResponse({ success: true, targetUrl: payload.targetUrl }) });
    const { sourceUrl: _sourceUrl, userId: _userId, ...rest } = payload;
    await createTrackingClient({ fetch: mock.fetch, getUserId: () => 'user-9' }).trackReferral(rest);
    expect(mock.requests[0]?.body).toMatchObject({ sourceUrl: window.location.href, userId: 'user-9' });
  });

  it('does not send an invalid payload: it logs, names the field and still returns the target', async () => {
    const mock = createFetchMock();
    const result = await createTrackingClient({ fetch: mock.fetch }).trackReferral({ ...payload, referralId: '' });
    expect(mock.requests).toHaveLength(0);
    expect(result.success).toBe(false);
    expect(result.targetUrl).toBe(payload.targetUrl);
    expect(result.error).toContain('referralId');
    expect(errors).toHaveBeenCalled();
  });

  it('is exported with the global fetch and the user id set by setTrackingUserId', async () => {
    const mock = createFetchMock({ 'POST /api/trackReferral': jsonResponse({ success: true, targetUrl: payload.targetUrl }) });
    const globals = globalThis as { fetch?: unknown };
    globals.fetch = mock.fetch;
    try {
      setTrackingUserId('user-7');
      const { userId: _userId, ...rest } = payload;
      await expect(trackReferral(rest)).resolves.toMatchObject({ success: true });
      expect(mock.requests[0]?.body).toMatchObject({ userId: 'user-7' });
    } finally {
      delete globals.fetch;
    }
  });
});

describe('trackEvent', () => {
  it('posts eventType, eventData plus timestamp, userId, url and sessionId, and businessDomain to /api/track-event', async () => {
    const mock = createFetchMock({ 'POST /api/track-event': jsonResponse({ success: true, eventId: 'e1' }) });
    const before = Date.now();
    const ok = await createTrackingClient({ fetch: mock.fetch, getUserId: () => 'user-1' }).trackEvent('add_to_cart', { productId: 'p1', value: 19.99 }, 'acme.myshopify.com');
    expect(ok).toBe(true);
    const request = mock.requestsTo('POST /api/track-event')[0];
    expect(request?.credentials).toBe('include');
    const body = request?.body as { eventType: string; businessDomain: string; eventData: Record<string, unknown> };
    expect(body.eventType).toBe('add_to_cart');
    expect(body.businessDomain).toBe('acme.myshopify.com');
    expect(body.eventData).toEqual({
      productId: 'p1',
      value: 19.99,
      timestamp: expect.any(String),
      userId: 'user-1',
      url: window.location.href,
      sessionId: 'session-1',
    });
    const timestamp = body.eventData['timestamp'] as string;
    expect(new Date(timestamp).toISOString()).toBe(timestamp);
    expect(Date.parse(timestamp)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('sends null userId and businessDomain when there are none', async () => {
    const mock = createFetchMock({ 'POST /api/track-event': jsonResponse({ success: true, eventId: 'e1' }) });
    await createTrackingClient({ fetch: mock.fetch }).trackEvent('page_view');
    expect(mock.requests[0]?.body).toMatchObject({ eventType: 'page_view', businessDomain: null, eventData: { userId: null } });
  });

  it('creates the session id when none exists yet', async () => {
    sessionStorage.clear();
    const mock = createFetchMock({ 'POST /api/track-event': jsonResponse({ success: true, eventId: 'e1' }) });
    await createTrackingClient({ fetch: mock.fetch }).trackEvent('page_view');
    expect((mock.requests[0]?.body as { eventData: { sessionId: string } }).eventData.sessionId).toBe(sessionStorage.getItem('pricehunt_session_id'));
  });

  it('resolves false and logs when the API answers non-OK', async () => {
    const mock = createFetchMock({ 'POST /api/track-event': errorResponse(429, 'RATE_LIMITED', 'Too many requests') });
    await expect(createTrackingClient({ fetch: mock.fetch }).trackEvent('page_view')).resolves.toBe(false);
    expect(errors).toHaveBeenCalled();
  });

  it('resolves false and logs when the network fails', async () => {
    const mock = createFetchMock({ 'POST /api/track-event': networkFailure });
    await expect(createTrackingClient({ fetch: mock.fetch }).trackEvent('page_view')).resolves.toBe(false);
    expect(errors).toHaveBeenCalled();
  });

  it('does not send event data the API would refuse', async () => {
    const mock = createFetchMock();
    const tooMany = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`k${index}`, index]));
    await expect(createTrackingClient({ fetch: mock.fetch }).trackEvent('page_view', tooMany)).resolves.toBe(false);
    expect(mock.requests).toHaveLength(0);
    expect(errors.mock.calls[0]?.[1]).toContain('eventData');
  });

  it('is exported with the global fetch', async () => {
    const mock = createFetchMock({ 'POST /api/track-event': jsonResponse({ success: true, eventId: 'e1' }) });
    const globals = globalThis as { fetch?: unknown };
    globals.fetch = mock.fetch;
    try {
      setTrackingUserId('user-3');
      await expect(trackEvent('test_event', { a: 1 })).resolves.toBe(true);
      expect(mock.requests[0]?.body).toMatchObject({ eventData: { a: 1, userId: 'user-3' } });
    } finally {
      delete globals.fetch;
    }
  });
});
