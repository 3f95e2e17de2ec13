import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(toCsv(['name', 'value'], [['Kettle, 1.7L', 5], ['say "hi"', null], ['=HYPERLINK("x")', -3]])).toBe(
      'name,value\r\n"Kettle, 1.7L",5\r\n"say ""hi""",\r\n"\'=HYPERLINK(""x"")",-3\r\n',
    );
  });
});
