import { parseCsv, parseCsvRecords } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'id,title,price\r\n1,"Monitor 27"", 4K, IPS",199.99\n2,"two\nlines",\n';
    expect(parseCsv(text)).toEqual([
      ['id', 'title', 'price'],
      ['1', 'Monitor 27", 4K, IPS', '199.99'],
      ['2', 'two\nlines', ''],
    ]);
  });
  it('maps rows to records and checks their width', () => {
    expect(parseCsvRecords('a,b\n1,2\n')).toEqual([{ a: '1', b: '2' }]);
    expect(() => parseCsvRecords('a,b\n1,2,3\n')).toThrow('row 2 has 3 fields');
    expect(() => parseCsv('a,"b\n')).toThrow('unterminated');
  });
});
