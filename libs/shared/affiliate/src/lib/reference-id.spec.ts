import { AffiliateError } from './errors';
import { createReferenceId, isReferenceId, parseReferenceId, referenceIdDomain } from './reference-id';

const fixed = { now: () => 1_700_000_000_000, random: () => 0.5 };

describe('referenceIdDomain', () => {
  it.each([
    ['shop.example.com', 'shop-example-com'],
    ['www.Shop.Example.com', 'shop-example-com'],
    ['https://www.cool-store.myshopify.com/products/x', 'cool-store-myshopify-com'],
    ['my store!!', 'my-store'],
    ['...', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ])('%j → %s', (input, expected) => {
    expect(referenceIdDomain(input)).toBe(expected);
  });

  it('keeps at most 64 characters and never ends on a dash', () => {
    const long = `${'a'.repeat(63)}.${'b'.repeat(40)}.com`;
    const safe = referenceIdDomain(long);
    expect(safe.length).toBeLessThanOrEqual(64);
    expect(safe).toBe('a'.repeat(63));
  });
});

describe('createReferenceId', () => {
  it('builds aff_{domain}_{time}_{random}', () => {
    expect(createReferenceId('shop.example.com', fixed)).toBe(`aff_shop-example-com_1700000000000_${Math.floor(0.5 * 36 ** 8).toString(36)}`);
  });

  it('pads the random part to 8 base-36 characters', () => {
    expect(createReferenceId('x.com', { now: () => 5, random: () => 0 })).toBe('aff_x-com_5_00000000');
    expect(createReferenceId('x.com', { now: () => 5, random: () => 1 - Number.EPSILON })).toBe('aff_x-com_5_zzzzzzzz');
  });

  it('uses the clock and a random source by default', () => {
    const before = Date.now();
    const id = createReferenceId('x.com');
    const parsed = parseReferenceId(id);
    expect(parsed).not.toBeNull();
    expect(parsed?.time).toBeGreaterThanOrEqual(before);
    expect(parsed?.time).toBeLessThanOrEqual(Date.now());
    expect(parsed?.random).toMatch(/^[0-9a-z]{8}$/);
    expect(createReferenceId('x.com')).not.toBe(id);
  });

  it('stays within 128 characters for the longest domain', () => {
    expect(createReferenceId('a'.repeat(300), { now: () => Number.MAX_SAFE_INTEGER, random: () => 0.9 }).length).toBeLessThanOrEqual(128);
  });

  it('refuses a clock or random source out of range, naming it', () => {
    expect(() => createReferenceId('x.com', { now: () => -1 })).toThrow(AffiliateError);
    expect(() => createReferenceId('x.com', { now: () => 1.5 })).toThrow('now() must return');
    expect(() => createReferenceId('x.com', { random: () => 1 })).toThrow('random() must return');
    expect(() => createReferenceId('x.com', { random: () => Number.NaN })).toThrow('random() must return');
  });
});

describe('parseReferenceId', () => {
  it('reads back what createReferenceId made', () => {
    const id = createReferenceId('shop.example.com', fixed);
    expect(parseReferenceId(id)).toEqual({ domain: 'shop-example-com', time: 1_700_000_000_000, random: id.split('_')[3] });
    expect(isReferenceId(id)).toBe(true);
  });

  it.each([
    'aff_shop_1_',
    'aff__1_abc',
    'ref_shop_1_abc',
    'aff_shop_x_abc',
    'aff_Shop_1_abc',
    'aff_shop_1_ABC',
    'aff_-shop_1_abc',
    'aff_shop_1_abc_extra',
    'aff_shop_99999999999999999_abc',
    '',
  ])('refuses %j', (value) => {
    expect(parseReferenceId(value)).toBeNull();
    expect(isReferenceId(value)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(parseReferenceId(null)).toBeNull();
    expect(parseReferenceId(undefined)).toBeNull();
  });
});
