import { scorePriceStrings } from '../testing';
import { currencyOfLocale, parsePrice, readCurrency, readPrice } from './price';

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

describe('parsePrice (feed mode) reads local currency forms', () => {
  it.each([
    ['171900 руб.', 17190000, 'RUB'],
    ['80 Kč', 8000, 'CZK'],
    ['12,000원', 12000, 'KRW'],
    ['3,500円', 3500, 'JPY'],
    ["CHF 1'049.95", 104995, 'CHF'],
    ['1.727 Ft', 172700, 'HUF'],
    ['200.000 đ', 200000, 'VND'],
    ['Rp 31.500', 3150000, 'IDR'],
    ['₹1,23,456', 12345600, 'INR'],
    ['1 299,99 €', 129999, 'EUR'],
    ['SGD$4.90', 490, 'SGD'],
    ['583.7 Лей', 58370, 'MDL'],
    ['145 лей', 14500, 'MDL'],
  ])('%p', (input, cents, currency) => ok(input, cents, currency));

  it('settles a shared sign with the feed currency', () => {
    ok('$20', 2000, 'CAD', 'CAD');
    ok('199 kr', 19900, 'NOK', 'NOK');
    ok('199 kr', 19900, 'SEK');
  });

  it.each([
    ['From $29.99', 'is not a price'],
    ['$29.99 - $39.99', 'is not a price'],
    ['1,500 KWD', 'is ambiguous'],
    ['12 EUR USD', 'names two currencies'],
    ['1,2,3 USD', 'badly grouped thousands'],
  ])('refuses %p, which a feed must not write', (input, reason) => {
    const result = parsePrice(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});

describe('readPrice (page mode)', () => {
  const page = (input: string, options: Parameters<typeof readPrice>[1] = {}) => {
    const read = readPrice(input, options);
    return read.ok ? [read.value.decimal, read.value.currency] : null;
  };

  it('reads every number format', () => {
    expect(page("CHF 1'049,95")).toEqual(['1049.95', 'CHF']);
    expect(page('Rp 31.500')).toEqual(['31500', 'IDR']);
    expect(page('1.727 Ft')).toEqual(['1727', 'HUF']);
    expect(page('200.000 đ')).toEqual(['200000', 'VND']);
    expect(page('171900 руб.')).toEqual(['171900', 'RUB']);
    expect(page('80 Kč')).toEqual(['80', 'CZK']);
    expect(page('12,000원')).toEqual(['12000', 'KRW']);
    expect(page('3,500円')).toEqual(['3500', 'JPY']);
    expect(page('1 299,99 €')).toEqual(['1299.99', 'EUR']);
    expect(page('1\u202f299,99\u00a0€')).toEqual(['1299.99', 'EUR']);
    expect(page('$1,299.99')).toEqual(['1299.99', 'USD']);
    expect(page('1.299,99 €')).toEqual(['1299.99', 'EUR']);
    expect(page('₹1,23,456')).toEqual(['123456', 'INR']);
    expect(page('423.923 KD')).toEqual(['423.923', 'KWD']);
    expect(page('50,- Kč')).toEqual(['50', 'CZK']);
    expect(page('$119. 95')).toEqual(['119.95', 'USD']);
    expect(page('35€ 99')).toEqual(['35.99', 'EUR']);
  });

  it('reads ranges, "from" and words around the price', () => {
    expect(page('From $109.90')).toEqual(['109.9', 'USD']);
    expect(page('$29.99 – $74.99')).toEqual(['29.99', 'USD']);
    expect(page('From 26 to 50 €')).toEqual(['26', 'EUR']);
    expect(page('2 Piece - $6.75')).toEqual(['6.75', 'USD']);
    expect(page('Běžná cena 9 800 Kč')).toEqual(['9800', 'CZK']);
    expect(page('40% OFF')).toBeNull();
    expect(page('call for price')).toBeNull();
    expect(page('Free!')).toEqual(['0', null]);
  });

  it('reads no amount from a phone number or date written with dots, whose groups are not thousands', () => {
    expect(page('844.481.8630')).toBeNull();
    expect(page('Call 0800.123.4567')).toBeNull();
    expect(page('1.299.999')).toEqual(['1299999', null]);
    expect(page('1.29.99')).toEqual(['12999', null]);
  });

  it('reads a point after four digits or more as the decimal point, no group of thousands being that long ("3200.065")', () => {
    expect(page('3200.065')).toEqual(['3200.065', null]);
    expect(page('12345,678')).toEqual(['12345.678', null]);
    // After three digits or fewer, a lone point before three digits still groups thousands.
    expect(page('1.299')).toEqual(['1299', null]);
  });

  it('takes the currency from the text, then the currency element, then the hint', () => {
    expect(page('12.50', { currency: 'EUR' })).toEqual(['12.5', 'EUR']);
    expect(page('12,50', { currencyText: 'Kč' })).toEqual(['12.5', 'CZK']);
    expect(page('$12.50', { currency: 'CAD' })).toEqual(['12.5', 'CAD']);
    expect(page('£12.50', { currency: 'USD' })).toEqual(['12.5', 'GBP']);
    expect(page('$1,190.00 AUD')).toEqual(['1190', 'AUD']);
    expect(page('12.50')).toEqual(['12.5', null]);
  });

  it('gives the amount in minor units too', () => {
    const read = readPrice('3,500円');
    expect(read.ok && read.value.minor).toBe(3500);
    const usd = readPrice('$12.3456');
    expect(usd.ok && usd.value.minor).toBe(1235);
  });
});

describe('readCurrency and currencyOfLocale', () => {
  it('reads codes, signs and names', () => {
    expect(readCurrency('usd')).toBe('USD');
    expect(readCurrency('€')).toBe('EUR');
    expect(readCurrency('Preis in Kč')).toBe('CZK');
    expect(readCurrency('kr', 'DKK')).toBe('DKK');
    expect(readCurrency('ALL PRICES')).toBeNull();
    expect(readCurrency('Add to cart')).toBeNull();
  });

  it('gives a locale its country currency', () => {
    expect(currencyOfLocale('de-CH')).toBe('CHF');
    expect(currencyOfLocale('pt_BR')).toBe('BRL');
    expect(currencyOfLocale('ja')).toBe('JPY');
    expect(currencyOfLocale('en')).toBeNull();
  });
});

describe('the price-string corpus', () => {
  it('is read right at least 98% of the time (amount and currency)', () => {
    const { groups, misses } = scorePriceStrings((text, hint) => {
      const read = readPrice(text, { currencyText: hint });
      return read.ok ? { amount: read.value.decimal, currency: read.value.currency } : { amount: null, currency: null };
    });
    const cases = groups.reduce((sum, g) => sum + g.cases, 0);
    const right = groups.reduce((sum, g) => sum + g.right, 0);
    expect(cases).toBeGreaterThan(1000);
    if (right / cases < 0.98) throw new Error(`${right}/${cases} right; misses:\n${misses.map((m) => JSON.stringify(m)).join('\n')}`);
  });
});
