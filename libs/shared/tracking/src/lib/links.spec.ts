import { buildClickRecord, buildRedirectLink } from './links';

describe('buildRedirectLink', () => {
  it('builds /api/redirect?to=…&source=…&timestamp=… with the target encoded', () => {
    expect(buildRedirectLink('https://www.bestbuy.com/site/x?skuId=1&a=b', { timestamp: 1700000000000 })).toBe(
      '/api/redirect?to=https%3A%2F%2Fwww.bestbuy.com%2Fsite%2Fx%3FskuId%3D1%26a%3Db&source=product_suggestion&timestamp=1700000000000',
    );
  });

  it('round-trips the target URL through the query string', () => {
    const link = buildRedirectLink('https://shop.example/p?q=a b&c=ä', { timestamp: 1 });
    expect(new URL(link, 'http://127.0.0.1').searchParams.get('to')).toBe('https://shop.example/p?q=a b&c=ä');
  });

  it('uses product_suggestion as the default source and now as the default timestamp', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1234);
    try {
      const params = new URL(buildRedirectLink('https://a.example/p'), 'http://127.0.0.1').searchParams;
      expect(params.get('source')).toBe('product_suggestion');
      expect(params.get('timestamp')).toBe('1234');
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('takes another source and base', () => {
    expect(buildRedirectLink('https://a.example/p', { source: 'search_result', timestamp: 5, base: 'http://127.0.0.1:3000/api/redirect' })).toBe(
      'http://127.0.0.1:3000/api/redirect?to=https%3A%2F%2Fa.example%2Fp&source=search_result&timestamp=5',
    );
  });

  it('refuses an empty target, naming it', () => {
    expect(() => buildRedirectLink('  ')).toThrow('to is required');
  });

  it('refuses a timestamp that is not a number', () => {
    expect(() => buildRedirectLink('https://a.example/p', { timestamp: Number.NaN })).toThrow('timestamp');
  });
});

describe('buildClickRecord', () => {
  it('builds the SPEC click analytics record', () => {
    expect(
      buildClickRecord({
        affiliateId: 'pricehunt-20',
        productName: 'Sony WH-1000XM5',
        url: 'https://www.amazon.com/dp/B09XS7JWHH',
        businessDomain: 'acme.myshopify.com',
        sessionId: 'session-1',
        timestamp: '2026-01-01T00:00:00.000Z',
      }),
    ).toEqual({
      event_type: 'product_click',
      affiliate_id: 'pricehunt-20',
      session_id: 'session-1',
      timestamp: '2026-01-01T00:00:00.000Z',
      url: 'https://www.amazon.com/dp/B09XS7JWHH',
      data: { product_name: 'Sony WH-1000XM5', source: 'n8n_suggestion', business_domain: 'acme.myshopify.com' },
    });
  });

  it('fills the session id and the current time when not given', () => {
    const record = buildClickRecord({ affiliateId: null, productName: null, url: 'https://a.example/p' });
    expect(record.session_id).toBe(sessionStorage.getItem('pricehunt_session_id'));
    expect(new Date(record.timestamp).toISOString()).toBe(record.timestamp);
    expect(record.data).toEqual({ product_name: null, source: 'n8n_suggestion', business_domain: null });
  });

  it('refuses a record without a URL, naming it', () => {
    expect(() => buildClickRecord({ affiliateId: null, productName: null, url: '' })).toThrow('url is required');
  });
});
