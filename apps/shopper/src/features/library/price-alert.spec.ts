import { centsOf } from './price-alert';

describe('price alert input', () => {
  it.each([
    ['249', 24_900],
    ['249.9', 24_990],
    ['249.99', 24_999],
    [' $1,249.50 ', 124_950],
    ['0.01', 1],
  ])('reads %j as %d cents', (text, cents) => expect(centsOf(text)).toBe(cents));

  it.each(['', '0', '0.00', '-5', '12.345', 'cheap', '1e3', '$', '.5'])('refuses %j', (text) => expect(centsOf(text)).toBeNull());
});
