import { parsePrice } from './price';

describe('parsePrice', () => {
  it.each([
    ['$1,299.99', 1299.99],
    ['1.299,99 €', 1299.99],
    ['1 299,99 €', 1299.99],
    ['1\u00a0299,99\u00a0€', 1299.99],
    ["CHF 1'299.00", 1299],
    ['$12.50', 12.5],
    ['€12,50', 12.5],
    ['12,5', 12.5],
    ['$1,299', 1299],
    ['1.299 €', 1299],
    ['$1,234,567.89', 1234567.89],
    ['1.234.567,89', 1234567.89],
    ['0.999', 0.999],
    ['$49', 49],
    ['USD 19.99', 19.99],
    ['£12.50 - £15.00', 12.5],
    ['Price: 7.', 7],
  ])('reads %j as %d', (input, expected) => {
    expect(parsePrice(input)).toBeCloseTo(expected, 6);
  });

  it('keeps numbers as they are', () => {
    expect(parsePrice(1299.99)).toBe(1299.99);
    expect(parsePrice(0)).toBe(0);
  });

  it.each([['Free'], [''], ['—']])('returns null for %j, which has no figure', (input) => {
    expect(parsePrice(input)).toBeNull();
  });

  it('returns null for missing values and non-finite numbers', () => {
    expect(parsePrice(null)).toBeNull();
    expect(parsePrice(undefined)).toBeNull();
    expect(parsePrice(Number.NaN)).toBeNull();
    expect(parsePrice(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
