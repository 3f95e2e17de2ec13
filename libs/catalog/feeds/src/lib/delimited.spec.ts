import { DelimitedReader, parseDelimited, readDelimited, readDelimitedSniffed, sniffDelimiter } from './delimited';

const csv = { delimiter: ',' };

describe('delimited text reader', () => {
  it('reads quotes, escaped quotes, embedded delimiters and line breaks', () => {
    const text = 'id,name,price\n1,"Sony, ""Pro"" model","line one\nline two"\n2,plain,3\n';
    expect(parseDelimited(text, csv)).toEqual([
      { line: 1, fields: ['id', 'name', 'price'] },
      { line: 2, fields: ['1', 'Sony, "Pro" model', 'line one\nline two'] },
      { line: 4, fields: ['2', 'plain', '3'] },
    ]);
  });

  it('handles CRLF, lone CR, a BOM, blank lines and empty trailing fields', () => {
    const text = '\uFEFFa\tb\tc\r\n1\t\t\r\n\r\n2\tx\r3\ty\tz';
    expect(parseDelimited(text, { delimiter: '\t' })).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', '', ''] },
      { line: 4, fields: ['2', 'x'] },
      { line: 5, fields: ['3', 'y', 'z'] },
    ]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(parseDelimited('65" TV,x\n', csv)).toEqual([{ line: 1, fields: ['65" TV', 'x'] }]);
  });

  it('gives the same records however the input is chunked', async () => {
    const text = '\uFEFFid,t\r\n1,"a ""b"" c"\r\n2,"multi\r\nline"\r\n3,"end"""\r\n';
    const whole = parseDelimited(text, csv);
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const records = [];
      for await (const record of readDelimited(chunks, csv)) records.push(record);
      expect(records).toEqual(whole);
    }
    expect(whole[3]).toEqual({ line: 5, fields: ['3', 'end"'] });
  });

  it('decodes UTF-8 split across byte chunks', async () => {
    const bytes = new TextEncoder().encode('name\nCafé Müller €\n');
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    const records = [];
    for await (const record of readDelimited(chunks, csv)) records.push(record.fields[0]);
    expect(records).toEqual(['name', 'Café Müller €']);
  });

  it('flags an unterminated quote on the last record', () => {
    const reader = new DelimitedReader(csv);
    const records = [...reader.push('a,b\n1,"never closed\n2,x\n'), ...reader.end()];
    expect(records[1]).toEqual({ line: 2, fields: ['1', 'never closed\n2,x\n'], unterminated: true });
  });

  it('rejects a multi-character delimiter', () => {
    expect(() => new DelimitedReader({ delimiter: ';;' })).toThrow('delimiter must be one character');
  });

  it('tells the delimiter from a header line, ignoring quoted text', () => {
    expect(sniffDelimiter('a,b,c')).toBe(',');
    expect(sniffDelimiter('a\tb\tc,d')).toBe('\t');
    expect(sniffDelimiter('"a,b"|"c,d"|e')).toBe('|');
    expect(sniffDelimiter('a;b;c')).toBe(';');
    expect(sniffDelimiter('single')).toBe(',');
  });

  it('streams records with the delimiter of the first line, however the text is chunked', async () => {
    const text = '\uFEFFid|name\r\n1|"a | b"\r\n2|c';
    for (const size of [1, 2, 5, 100]) {
      const records = [];
      for await (const record of readDelimitedSniffed(text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [])) records.push(record);
      expect(records).toEqual([
        { line: 1, fields: ['id', 'name'] },
        { line: 2, fields: ['1', 'a | b'] },
        { line: 3, fields: ['2', 'c'] },
      ]);
    }
    const single = [];
    for await (const record of readDelimitedSniffed('a\tb')) single.push(record);
    expect(single).toEqual([{ line: 1, fields: ['a', 'b'] }]);
  });
});
