import { priceOutside, pricedWithin } from './price-range';

describe('pricedWithin', () => {
  const range = { minCents: 5_000, maxCents: 10_000, currency: null };
  it('holds for a best price within the bounds, in any currency when none was typed', () => {
    expect(pricedWithin(range, { bestPriceCents: 5_000, currency: 'USD' })).toBe(true);
    expect(pricedWithin(range, { bestPriceCents: 10_000, currency: 'EUR' })).toBe(true);
    expect(pricedWithin(range, { bestPriceCents: 10_001, currency: 'USD' })).toBe(false);
    expect(pricedWithin(range, { bestPriceCents: 4_999, currency: 'USD' })).toBe(false);
  });

  it('does not hold for an unknown price, nor for a price in another currency than the typed one', () => {
    expect(pricedWithin(range, { bestPriceCents: null, currency: 'USD' })).toBe(false);
    expect(pricedWithin({ ...range, currency: 'EUR' }, { bestPriceCents: 6_000, currency: 'USD' })).toBe(false);
    expect(pricedWithin({ ...range, currency: 'EUR' }, { bestPriceCents: 6_000, currency: 'EUR' })).toBe(true);
  });
});

describe('priceOutside', () => {
  it('measures how far below the lower bound or above the upper one a price lies, 0 within', () => {
    const range = { minCents: 5_000, maxCents: 10_000, currency: 'USD' };
    expect(priceOutside(range, { bestPriceCents: 7_000, currency: 'USD' })).toBe(0);
    expect(priceOutside(range, { bestPriceCents: 4_000, currency: 'USD' })).toBe(1_000);
    expect(priceOutside(range, { bestPriceCents: 10_049, currency: 'USD' })).toBe(49);
    expect(priceOutside({ minCents: null, maxCents: 10_000, currency: null }, { bestPriceCents: 1, currency: 'GBP' })).toBe(0);
  });

  it('says nothing of an unknown price or one in another currency than the typed one', () => {
    const range = { minCents: null, maxCents: 10_000, currency: 'USD' };
    expect(priceOutside(range, { bestPriceCents: null, currency: 'USD' })).toBeNull();
    expect(priceOutside(range, { bestPriceCents: 20_000, currency: 'EUR' })).toBeNull();
  });
});
