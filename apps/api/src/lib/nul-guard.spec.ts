import { buildTestApp, type TestApp } from '../testing/test-app';
import { nulCharacterAt } from './nul-guard';
import { value } from '../testing/db';

describe('nulCharacterAt', () => {
  it('names the first string or key holding the NUL character', () => {
    expect(nulCharacterAt({ a: 'fine', b: { c: ['ok', 'x\u0000y'] } }, '')).toBe('b.c[1]');
    expect(nulCharacterAt({ ['k\u0000']: 1 }, 'eventData')).toBe('eventData.k\u0000');
    expect(nulCharacterAt('plain text', 'body')).toBeUndefined();
    expect(nulCharacterAt({ n: 1, t: true, z: null }, '')).toBeUndefined();
  });
});

describe('requests holding the NUL character', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are answered 400 naming the field, in a body, a query or a path, and nothing is stored', async () => {
    const event = await t.app.inject({ method: 'POST', url: '/api/track-event', payload: { eventType: 'page_view', eventData: { title: 'Sale\u0000' } } });
    expect(event.statusCode).toBe(400);
    expect(event.json()).toMatchObject({ success: false, field: 'eventData.title', error: 'eventData.title must not contain the NUL character (U+0000)' });
    expect(await value(t.app, 'SELECT count(*) FROM events')).toBe(0);

    const redirect = await t.app.inject({ method: 'GET', url: `/api/redirect?to=${encodeURIComponent('https://www.amazon.com/dp/B0\u0000')}` });
    expect(redirect.statusCode).toBe(400);
    expect(redirect.json()).toMatchObject({ field: 'to' });
    expect(await value(t.app, 'SELECT count(*) FROM clicks')).toBe(0);

    const product = await t.app.inject({ method: 'GET', url: '/api/search/%00' });
    expect(product.statusCode).toBe(400);
    expect(product.json()).toMatchObject({ field: 'requestId' });
  });
});
