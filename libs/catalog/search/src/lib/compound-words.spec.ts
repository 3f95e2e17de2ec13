import { COMPOUND_SPELLINGS_MAX, compoundSpellings, compoundWordSpellings, joinedSpellings } from './compound-words';

const COMPOUNDS: Record<string, string[]> = { phone: ['headphones', 'smartphone'], buds: ['earbuds'], case: ['suitcase', 'bookcase', 'showcase'] };
const compoundsOf = (word: string) => COMPOUNDS[word.toLowerCase()] ?? [];
const CARRIED: Record<string, number> = { airpods: 12, xbox: 4, gopro: 3 };
const offersCarrying = (word: string) => CARRIED[word.toLowerCase()] ?? 0;

describe('joinedSpellings', () => {
  it('joins two neighbouring words of letters where the index carries them as one word', () => {
    expect(joinedSpellings('apple air pods pro', offersCarrying)).toEqual(['apple airpods pro']);
    expect(joinedSpellings('X Box series x', offersCarrying)).toEqual(['XBox series x']);
    expect(joinedSpellings('go pro hero', offersCarrying)).toEqual(['gopro hero']);
  });

  it('joins no word with digits, and nothing the index lacks', () => {
    expect(joinedSpellings('air pods2', () => 1)).toEqual([]);
    expect(joinedSpellings('samsung tv', offersCarrying)).toEqual([]);
    expect(joinedSpellings('pods', offersCarrying)).toEqual([]);
  });
});

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
});

describe('compoundWordSpellings', () => {
  it('tries words joined before compounds, at most COMPOUND_SPELLINGS_MAX spellings, each a search of its own', () => {
    expect(compoundWordSpellings('x box phone', { compoundsOf, offersCarrying })).toEqual(['xbox phone', 'x box headphones', 'x box smartphone']);
    expect(compoundWordSpellings('phone case buds', { compoundsOf, offersCarrying })).toHaveLength(COMPOUND_SPELLINGS_MAX);
  });
});
