import { codeParts, codesTried, codeSpellings, statesCode, typedCodes, withoutSuffix } from './loose-code';

describe('model numbers typed loosely', () => {
  it('reads codes from runs of typed words that mix letters and digits, longest first', () => {
    expect(typedCodes('kxtg 6645 b').map((entry) => entry.code)).toEqual(['kxtg6645b', 'kxtg6645', '6645b']);
    expect(typedCodes('canon sx 130')[0]).toEqual({ code: 'canonsx130', rest: [] });
    expect(typedCodes('canon sx 130').find((entry) => entry.code === 'sx130')).toEqual({ code: 'sx130', rest: ['canon'] });
    // Long words of letters are the name, not part of a code; runs of numbers are not codes, one number of five digits is.
    expect(typedCodes('printer 12 34').map((entry) => entry.code)).toEqual([]);
    expect(typedCodes('51629').map((entry) => entry.code)).toEqual(['51629']);
    expect(typedCodes('apple watch')).toEqual([]);
    // One typed word of letters and digits is a code from three characters; joined runs from five.
    expect(typedCodes('sony zv1')).toEqual([{ code: 'sonyzv1', rest: [] }, { code: 'zv1', rest: ['sony'] }]);
    expect(typedCodes('zv 1').map((entry) => entry.code)).toEqual([]);
    expect(typedCodes('a1').map((entry) => entry.code)).toEqual([]);
  });

  it('tries the longest codes, then each typed as one word that those leave out', () => {
    const tried = (query: string) => codesTried(query).map((entry) => entry.code);
    expect(tried('canon g7x mark iii')).toEqual(['canong7xmarkiii', 'canong7xmark', 'g7xmarkiii', 'canong7x', 'g7x']);
    expect(tried('samsung 65 inch s90d')).toContain('s90d');
    // Runs of several words beyond the longest few are not tried.
    expect(tried('canon g7x mark iii')).not.toContain('g7xmark');
  });

  it('takes off the letters after the last digit only when five characters stay', () => {
    expect(withoutSuffix('sx130is')).toBe('sx130');
    expect(withoutSuffix('sx13b')).toBeNull();
    expect(withoutSuffix('51629')).toBeNull();
  });

  it('spells a code as the index may hold it, split after words it holds', () => {
    const known = new Set(['kx', 'tg']);
    expect(codeSpellings('kxtg6645b', (word) => known.has(word))).toEqual(['kxtg6645b', 'kx tg6645b', 'kx tg 6645b']);
    expect(codeParts('abc')).toEqual(['a', 'b', 'ab']);
    // The last word, read as a prefix, has two characters at least.
    expect(codeSpellings('ab12c', () => true)).toEqual(['ab12c', 'a b12c', 'a b 12c', 'a b1 2c', 'ab 12c', 'ab 1 2c', 'ab1 2c']);
    // In a code shorter than five, one character after a word the index holds.
    expect(codeSpellings('zv1', (word) => word === 'zv')).toEqual(['zv1', 'zv 1']);
  });

  it('tells whether a listing states the code: adjacent words joined, a short suffix of letters, never digits going on', () => {
    expect(statesCode('Panasonic KX-TG6645B DECT 6.0', 'kxtg6645b')).toBe(true);
    expect(statesCode('Canon PowerShot SX130IS 12.1 MP', 'sx130')).toBe(true);
    expect(statesCode('Canon PowerShot SX1300 Bridge', 'sx130')).toBe(false);
    expect(statesCode('Canon PowerShot SX130 12.1 MP', 'sx130isb')).toBe(true);
    expect(statesCode('Sony VMC-MHC1 1.5 Meter', 'vmcmhc1')).toBe(true);
    expect(statesCode('Sony VMC-MHC1 1.5 Meter', 'vmcmhc15')).toBe(false);
    expect(statesCode('Tp-Link TL-WA500G 54Mbps', 'wa500')).toBe(true);
    // A word the listing wrote before too is read where it stands again.
    expect(statesCode('Sony Vaio CS110E/R Notebook VGNCS110E/R', 'vgncs110er')).toBe(true);
  });

  it('reads no later generation in letters that go on with a Roman numeral, either way', () => {
    expect(statesCode('Nikon Z6III Body Only', 'z6ii')).toBe(false);
    expect(statesCode('Sony Alpha a7RII Body', 'a7riii')).toBe(false);
    expect(statesCode('Nikon Z50II Mirrorless Camera', 'nikonz50')).toBe(false);
    expect(statesCode('Nikon Z6III Body Only', 'z6iii')).toBe(true);
    expect(statesCode('Canon PowerShot SX130IS 12.1 MP', 'sx130')).toBe(true);
  });
});
