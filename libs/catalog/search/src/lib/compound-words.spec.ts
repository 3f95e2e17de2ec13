import { COMPOUND_SPELLINGS_MAX, compoundSpellings } from './compound-words';

const COMPOUNDS: Record<string, string[]> = { phone: ['headphones', 'smartphone'], buds: ['earbuds'], case: ['suitcase', 'bookcase', 'showcase'] };
const compoundsOf = (word: string) => COMPOUNDS[word.toLowerCase()] ?? [];

describe('compoundSpellings', () => {
  it('writes one typed word at a time as each compound that ends with it, in the order given', () => {
    expect(compoundSpellings('samsung phone', compoundsOf)).toEqual(['samsung headphones', 'samsung smartphone']);
    expect(compoundSpellings('beats buds black', compoundsOf)).toEqual(['beats earbuds black']);
  });

  it('leaves words with digits and short words alone, and writes nothing when no word ends a compound', () => {
    expect(compoundSpellings('phone2 s24', () => ['smartphone'])).toEqual([]);
    expect(compoundSpellings('tv 55', () => ['smarttv'])).toEqual([]);
    expect(compoundSpellings('samsung tv', compoundsOf)).toEqual([]);
  });

  it('writes at most COMPOUND_SPELLINGS_MAX spellings, each a search of its own', () => {
    expect(compoundSpellings('phone case buds', compoundsOf)).toHaveLength(COMPOUND_SPELLINGS_MAX);
  });
});
