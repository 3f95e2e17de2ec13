import { centsToUnits, toCsv } from './csv';

/** The cells of the one data row of `toCsv(['a'], [[value]])`. */
const row = (...cells: Array<string | number | null | undefined>) => toCsv(cells.map((_, i) => `c${i}`), [cells]).split('\r\n')[1];

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(toCsv(['name', 'value'], [['Kettle, 1.7L', 5], ['say "hi"', null], ['=HYPERLINK("x")', -3]])).toBe(
      'name,value\r\n"Kettle, 1.7L",5\r\n"say ""hi""",\r\n"\'=HYPERLINK(""x"")",-3\r\n',
    );
  });

  it('defuses text that reads as a negative number followed by a formula (an order id sent by anyone)', () => {
    expect(row("-2+3+cmd|' /C calc'!A0")).toBe(`"'-2+3+cmd|' /C calc'!A0"`);
  });

  it('defuses text that reads as arithmetic on numbers', () => {
    expect(row('-1+1')).toBe(`"'-1+1"`);
    expect(row('+1')).toBe(`"'+1"`);
    expect(row('-12.50')).toBe(`"'-12.50"`);
  });

  it('defuses text that begins with a tab or a carriage return before a formula', () => {
    expect(row('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(row('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(row('@SUM(A1:A2)')).toBe(`"'@SUM(A1:A2)"`);
  });

  it.each([
    ['fullwidth equals', '\uff1dHYPERLINK("http://x")'],
    ['fullwidth plus', '\uff0b1+1'],
    ['fullwidth minus', '\uff0d1+1'],
    ['fullwidth at', '\uff20SUM(A1)'],
    ['a space', ' =1+1'],
    ['spaces and tabs', ' \t =1+1'],
    ['a line feed', '\n=1+1'],
    ['a carriage return and a space', '\r =1+1'],
    ['a no-break space', '\u00a0=1+1'],
    ['an ideographic space', '\u3000=1+1'],
    ['a zero-width space', '\u200b=1+1'],
    ['a zero-width non-joiner', '\u200c+1+1'],
    ['a zero-width joiner', '\u200d-1+1'],
    ['a word joiner', '\u2060@SUM(A1)'],
    ['a byte-order mark', '\ufeff=1+1'],
    ['zero-width characters and a fullwidth sign', '\u200b \ufeff\uff1d1+1'],
  ])('defuses a formula that begins with %s', (_form, text) => {
    expect(row(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
  });

  it('quotes cells holding a semicolon, so a file opened with ; as separator keeps its columns', () => {
    expect(row('a;b', 'x;=1+1', 'plain')).toBe('"a;b","x;=1+1",plain');
    expect(toCsv(['name;value'], []).trim()).toBe('"name;value"');
  });

  it('leaves text that holds a fullwidth sign or a zero-width character later on as it is', () => {
    expect(row('a\uff1db', 'x\u200b=1')).toBe('a\uff1db,x\u200b=1');
  });

  it('writes JS numbers as numbers, negative ones too, and text that merely holds a formula sign as it is', () => {
    expect(row(-12.5, 0, 42, 0.125, 'a-b', 'x=1', '')).toBe('-12.5,0,42,0.125,a-b,x=1,');
    expect(row(Number.NaN, Number.POSITIVE_INFINITY, undefined)).toBe(',,');
  });

  it('defuses header cells too', () => {
    expect(toCsv(['=cmd'], []).trim()).toBe(`"'=cmd"`);
  });

  it('writes amounts in cents as numbers of currency units', () => {
    expect(row(centsToUnits(4200), centsToUnits(-1250), centsToUnits(1999))).toBe('42,-12.5,19.99');
  });
});
