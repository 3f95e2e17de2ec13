import { parsePrice } from './price';

const ok = (input: string, cents: number, currency: string, fallback?: string) =>
  expect(parsePrice(input, fallback)).toEqual({ ok: true, value: { cents, currency } });

describe('parsePrice', () => {
  it('reads the forms feeds write', () => {
    ok('15.00 USD', 1500, 'USD');
    ok('15 USD', 1500, 'USD');
    ok('1,299.99 USD', 129999, 'USD');
    ok('$15', 1500, 'USD');
    ok('15,00 EUR', 1500, 'EUR');
    ok('USD 15.5', 1550, 'USD');
    ok('usd 15.50', 1550, 'USD');
    ok('€1.299,99', 129999, 'EUR');
    ok('1.299,99 EUR', 129999, 'EUR');
    ok('1 299,99 EUR', 129999, 'EUR');
    ok('£12.30', 1230, 'GBP');
    ok('CA$ 20', 2000, 'CAD');
    ok('1,299 USD', 129900, 'USD');
    ok('1,234,567.89 USD', 123456789, 'USD');
    ok('0.99 USD', 99, 'USD');
    ok('15.000 USD', 1500, 'USD');
  });

  it('uses the currency minor unit', () => {
    ok('1500 JPY', 1500, 'JPY');
    ok('¥1,500', 1500, 'JPY');
    ok('1.234 KWD', 1234, 'KWD');
  });

  it('takes the default currency only when the text has none', () => {
    ok('19.99', 1999, 'USD', 'USD');
    ok('19.99 EUR', 1999, 'EUR', 'USD');
    expect(parsePrice('19.99')).toEqual({ ok: false, reason: expect.stringContaining('has no currency') });
  });

  it.each([
    ['', 'is empty'],
    ['abc', 'is not a price'],
    ['12.50', 'has no currency'],
    ['15.00 XYZ', 'unknown currency "XYZ"'],
    ['-5 USD', 'must not be negative'],
    ['15.999 USD', 'more decimals than USD allows'],
    ['15.5 JPY', 'more decimals than JPY allows'],
    ['1,29,9.00 USD', 'badly grouped thousands'],
    ['12..5 USD', 'is not a price'],
    ['15. USD', 'is not a price'],
    ['1.2.3,4,5 USD', 'badly grouped thousands'],
    ['1,5.3 USD', 'badly grouped thousands'],
    ['ten USD', 'is not a price'],
  ])('rejects %p', (input, reason) => {
    const result = parsePrice(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});
