import { buildOffer, normaliseAvailability, normaliseCondition } from './normalise';
import { feedOfferSchema, gtinCheckDigit, isHttpUrl, isValidGtin } from './offer';

describe('GTIN check digits', () => {
  it.each(['96385074', '036000291452', '4006381333931', '00012345600012', '10012345678902'])('accepts %s', (gtin) => {
    expect(isValidGtin(gtin)).toBe(true);
  });
  it.each(['4006381333932', '03600029145', '123456789', '400638133393a', '', '0360002914520000'])('rejects %p', (gtin) => {
    expect(isValidGtin(gtin)).toBe(false);
  });
  it('computes the digit', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
  });
});

describe('isHttpUrl', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://www.example.com/p/1')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    expect(isHttpUrl('ftp://example.com/x')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('/relative/path')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
  });
});

describe('normalisers', () => {
  it.each([
    ['in stock', 'in_stock'],
    ['in_stock', 'in_stock'],
    ['InStock', 'in_stock'],
    ['https://schema.org/OutOfStock', 'out_of_stock'],
    ['out of stock', 'out_of_stock'],
    ['Pre-Order', 'preorder'],
    ['backorder', 'backorder'],
    ['', 'unknown'],
    ['maybe', undefined],
  ])('availability %p', (input, expected) => expect(normaliseAvailability(input)).toBe(expected));
  it.each([
    [undefined, 'new'],
    ['New', 'new'],
    ['RefurbishedCondition', 'refurbished'],
    ['renewed', 'refurbished'],
    ['pre-owned', 'used'],
    ['broken', undefined],
  ])('condition %p', (input, expected) => expect(normaliseCondition(input)).toBe(expected));
});

describe('buildOffer', () => {
  const good = {
    externalId: ' A1 ',
    url: 'https://shop.example.com/p/a1',
    title: 'Sony  WH-1000XM5\nHeadphones',
    price: '349.99 USD',
    salePrice: '299.99 USD',
    shipping: '0 USD',
    availability: 'in stock',
    gtin: '4006381333931',
  };

  it('keeps a good row with normalised values', () => {
    const row = buildOffer(good, 2);
    expect(row.errors).toBeUndefined();
    expect(row.offer).toEqual({
      externalId: 'A1',
      url: 'https://shop.example.com/p/a1',
      title: 'Sony WH-1000XM5 Headphones',
      priceCents: 34999,
      currency: 'USD',
      salePriceCents: 29999,
      shippingCents: 0,
      availability: 'in_stock',
      condition: 'new',
      gtin: '4006381333931',
    });
    expect(feedOfferSchema.safeParse(row.offer).success).toBe(true);
  });

  it('reports every bad required field of a row, named in the source vocabulary', () => {
    const row = buildOffer({ ...good, url: 'ftp://x/y', price: 'free', condition: 'mint' }, 7, { url: 'g:link', price: 'g:price', condition: 'g:condition' });
    expect(row.offer).toBeUndefined();
    const byField = Object.fromEntries((row.errors ?? []).map((e) => [e.field, e]));
    expect(Object.keys(byField).sort()).toEqual(['g:condition', 'g:link', 'g:price']);
    expect(byField['g:link']?.reason).toBe('must be an absolute http(s) URL');
    expect(byField['g:price']?.reason).toContain('"free"');
  });

  it('keeps the offer of a row whose optional fields are bad, leaving each out with a warning of its row', () => {
    const row = buildOffer(
      { ...good, gtin: '4006381333932', availability: 'soon', imageUrl: 'not a url', mpn: 'x'.repeat(300), brand: 'Sony' },
      7,
      { gtin: 'g:gtin', availability: 'g:availability', imageUrl: 'g:image_link', mpn: 'g:mpn' },
    );
    expect(row.errors).toBeUndefined();
    expect(row.offer).toMatchObject({ externalId: 'A1', priceCents: 34999, availability: 'unknown', brand: 'Sony' });
    expect(row.offer).not.toHaveProperty('gtin');
    expect(row.offer).not.toHaveProperty('imageUrl');
    expect(row.offer).not.toHaveProperty('mpn');
    expect(row.warnings?.map((w) => [w.field, w.reason])).toEqual([
      ['g:mpn', `"${'x'.repeat(77)}..." left out: must be at most 200 characters`],
      ['g:gtin', '"4006381333932" left out: must be 8, 12, 13 or 14 digits with a valid check digit'],
      ['g:image_link', '"not a url" left out: must be an absolute http(s) URL'],
      ['g:availability', '"soon" left out: is not one of in stock, out of stock, preorder, backorder: availability unknown'],
    ]);
  });

  it('names missing required fields', () => {
    const row = buildOffer({ price: '1 USD' }, 3);
    expect(row.errors?.map((e) => [e.field, e.reason])).toEqual([
      ['externalId', 'is required'],
      ['url', 'is required'],
      ['title', 'is required'],
    ]);
  });

  it('leaves out non-digit GTINs, a sale price above the price and a cost in another currency', () => {
    const row = buildOffer({ ...good, gtin: '4006-3813', salePrice: '400 USD', shipping: '5 EUR' }, 4);
    expect(row.offer).toMatchObject({ priceCents: 34999, currency: 'USD' });
    expect(row.offer).not.toHaveProperty('salePriceCents');
    expect(row.offer).not.toHaveProperty('shippingCents');
    expect(row.warnings).toEqual([
      { line: 4, field: 'gtin', reason: '"4006-3813" left out: must contain digits only' },
      { line: 4, field: 'shipping', reason: '"5 EUR" left out: is in EUR but the price is in USD' },
      { line: 4, field: 'salePrice', reason: '"400 USD" left out: must not be higher than the price' },
    ]);
  });

  it('drops an invalid GTIN instead of rejecting the row', () => {
    const row = buildOffer({ ...good, gtin: '12345' }, 1, { gtin: 'ean' });
    expect(row.offer?.gtin).toBeUndefined();
    expect(row.offer?.externalId).toBe('A1');
    expect(row.warnings).toEqual([{ line: 1, field: 'ean', reason: '"12345" left out: must be 8, 12, 13 or 14 digits with a valid check digit' }]);
    expect(buildOffer(good, 1, {}).warnings).toBeUndefined();
  });

  it('applies the default currency', () => {
    expect(buildOffer({ ...good, price: '10', salePrice: undefined, shipping: '4.95' }, 1, {}, { defaultCurrency: 'EUR' }).offer).toMatchObject({
      currency: 'EUR',
      priceCents: 1000,
      shippingCents: 495,
    });
  });
});
