import type { SearchIndexRepository } from './ports';
import { beginsCompound, COMPOUNDS_MAX, createSpellingCorrector, endsCompound, holdsCode, isCommonWord } from './spelling';
import { indexWords } from './words';

/**
 * The index's vocabulary of a few offer titles, split into words as the index splits them (the engines' own
 * vocabularies are covered by the API's spelling.spec.ts on SQLite and PostgreSQL).
 */
function indexOf(titles: readonly string[]): Pick<SearchIndexRepository, 'vocabulary' | 'offerCounts'> {
  const offers = new Map<string, number>();
  for (const title of titles) for (const word of indexWords(title)) offers.set(word, (offers.get(word) ?? 0) + 1);
  return {
    vocabulary: async (from, to) =>
      [...offers]
        .filter(([word]) => word >= from && word < to)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([word, count]) => ({ word, offers: count })),
    offerCounts: async (words) => new Map(words.map((word) => [word, offers.get(word) ?? 0])),
  };
}

const TITLES = [
  'Samsung 65" Class QN90D Neo QLED 4K Smart TV',
  'Samsung 55" Class Crystal UHD 4K Smart TV',
  'Bose QuietComfort Ultra Wireless Noise Cancelling Headphones, Black',
  'Stanley Quencher H2.0 Tumbler 40 oz, Pink',
  'Apple Watch Sport Band 41mm Light Pink',
  'Apple Watch Series 10 GPS 42mm Jet Black',
  'Anker USB-C Cable 6 ft, Black',
  'Sony WH-1000XM5 Wireless Headphones, Black',
  'Sony WF-1000XM4 Earbuds',
  'Sony WH1000XM5 Noise Cancelling Headphones',
  'Samsung Neo QLED 4K QN65QN90C Smart TV',
  'Samsung OLED 4K QN55S90C Smart TV',
];

describe('isCommonWord', () => {
  it('holds for everyday English words, however written', () => {
    for (const word of ['not', 'link', 'the', 'because', 'LINK', 'Link', 'people', 'would']) expect(isCommonWord(word)).toBe(true);
  });

  it('does not hold for misspellings, brands or rare words', () => {
    for (const word of ['samsnug', 'headphnoes', 'appel', 'wacth', 'samsung', 'bose', 'kink', 'quencher']) expect(isCommonWord(word)).toBe(false);
  });
});

describe('spelling corrector', () => {
  let corrector: ReturnType<typeof createSpellingCorrector>;
  beforeAll(async () => {
    corrector = createSpellingCorrector(indexOf(TITLES));
    corrector.refresh();
    await corrector.ready();
  });
  afterAll(() => corrector.stop());

  it('replaces misspelt words with the catalog words they most likely meant, written the way they were', async () => {
    expect(await corrector.correct('samsnug tv')).toBe('samsung tv');
    expect(await corrector.correct('bose headphnoes')).toBe('bose headphones');
    expect(await corrector.correct('Appel wacth series 10')).toBe('Apple watch series 10');
    expect(await corrector.correct('SAMSNUG')).toBe('SAMSUNG');
  });

  it('never rewrites a common English word, though the catalog lacks it and holds a word one edit away', async () => {
    // "link" is one edit from "pink", and no title holds it.
    expect(await corrector.correct('not a link')).toBeNull();
    expect(await corrector.correct('where can I find a cheap cable')).toBeNull();
    expect(await corrector.correct('what time does the store close')).toBeNull();
    // Only the misspelt word of a sentence is corrected.
    expect(await corrector.correct('a link for the samsnug')).toBe('a link for the samsung');
  });

  it('still rewrites a rare word one edit from a catalog word: whether that finds more is for the search to tell', async () => {
    expect(await corrector.correct('not a kink')).toBe('not a pink');
  });

  it('reads a last word cut short as the catalog word it begins that most offers carry, before a word one edit away', async () => {
    expect(await corrector.correct('bose headph')).toBe('bose headphones');
    expect(await corrector.correct('Samsung Cryst')).toBe('Samsung Crystal');
    // "Quen" is one edit from no word; "quie" would be one from none either: each is the start of its word.
    expect(await corrector.correct('stanley quen')).toBe('stanley quencher');
    // Not a word before the last, which is read as a typo or left as typed.
    expect(await corrector.correct('headph bose')).toBeNull();
    // A start no word of the catalog has is no word of it.
    expect(await corrector.correct('bose zqxw')).toBeNull();
    // "soundl" is one edit from "sound", and the start of "soundlink".
    const speakers = createSpellingCorrector(indexOf(['Bose SoundLink Flex Speaker', 'Bose SoundLink Max Speaker', 'Bose Smart Soundbar 600 Sound']));
    speakers.refresh();
    await speakers.ready();
    expect(await speakers.correct('bose soundl')).toBe('bose soundlink');
    speakers.stop();
  });

  it('leaves words the catalog holds, short words and model numbers alone', async () => {
    expect(await corrector.correct('samsung tv')).toBeNull();
    expect(await corrector.correct('sny tv')).toBeNull();
    expect(await corrector.correct('QN90E')).toBeNull();
  });

  it('completes a piece of a model code that one code of the catalog alone completes, where its letters and digits meet', async () => {
    expect(await corrector.correct('sony xm5')).toBe('sony 1000xm5');
    expect(await corrector.correct('Sony XM5')).toBe('Sony 1000XM5');
    // A shop's "WH1000XM5" is the same code with its line's letters before it.
    expect(await corrector.correct('xm4')).toBe('1000xm4');
    // "1000x" begins two codes, "0xm5" is no piece of "1000xm5" (digits meet digits), "qn90" is a code the catalog holds.
    expect(await corrector.correct('sony 1000x')).toBeNull();
    expect(await corrector.correct('sony 0xm5')).toBeNull();
    expect(await corrector.correct('qn90d')).toBeNull();
  });

  it('completes no number typed alone into the number with a unit ("256" is no piece of "256G")', async () => {
    const tablets = createSpellingCorrector(indexOf(['Samsung Galaxy Tab S9 FE 256G Mint', 'Samsung Galaxy Tab S9 FE 256GB Mint']));
    tablets.refresh();
    await tablets.ready();
    expect(await tablets.correct('tab s9 fe 256 mint')).toBeNull();
    tablets.stop();
  });

  it('names the codes that hold a piece between their joins, and none for a number alone or a piece cut elsewhere', () => {
    expect(corrector.codesHolding('S90C')).toEqual(['qn55s90c']);
    expect(corrector.codesHolding('qn90').sort()).toEqual(['qn65qn90c', 'qn90d']);
    expect(corrector.codesHolding('n90c')).toEqual([]);
    expect(corrector.codesHolding('90')).toEqual([]);
    expect(corrector.codesHolding('1000')).toEqual([]);
  });

  it('names the words of letters that end with a typed word after an everyday word, those most offers carry first', async () => {
    expect(corrector.compoundsOf('phones')).toEqual(['headphones']);
    expect(corrector.compoundsOf('Phone')).toEqual(['headphones']);
    expect(corrector.compoundsOf('buds')).toEqual(['earbuds']);
    expect(corrector.compoundsOf('headphones')).toEqual([]);
    expect(corrector.compoundsOf('xm5')).toEqual([]);
    const many = createSpellingCorrector(indexOf(['Smartphone', 'Smartphone', 'Smartphones', 'Headphones', 'Earphones', 'Earphone', 'Earphone', 'Homephone', 'Microphone', 'iPhone', 'iPhone', 'iPhone']));
    many.refresh();
    await many.ready();
    expect(many.compoundsOf('phone')).toEqual(['earphone', 'smartphone', 'earphones', 'headphones'].slice(0, COMPOUNDS_MAX));
    many.stop();
  });

  it('names the words of letters that a typed word begins before an everyday word, those most offers carry first', async () => {
    const macs = createSpellingCorrector(indexOf(['MacBook Air', 'MacBook Pro', 'iMac', 'Macro Lens', 'Mac mini', 'PlayStation 5']));
    macs.refresh();
    await macs.ready();
    expect(macs.compoundsBegunBy('Mac')).toEqual(['macbook']);
    expect(macs.compoundsBegunBy('play')).toEqual(['playstation']);
    expect(macs.compoundsBegunBy('macbook')).toEqual([]);
    macs.stop();
  });

  it('counts the offers that carry a word of letters, and none for a word the index lacks', () => {
    expect(corrector.offersCarrying('headphones')).toBe(3);
    expect(corrector.offersCarrying('Samsung')).toBe(4);
    expect(corrector.offersCarrying('headphone')).toBe(0);
  });
});

describe('endsCompound', () => {
  it('holds for a word that is an everyday word and the typed one, either in the singular or the plural', () => {
    const pairs: Array<[string, string]> = [['smartphone', 'phone'], ['smartphones', 'phone'], ['headphones', 'phones'], ['headphone', 'phones'], ['earbuds', 'buds'], ['soundbar', 'bar']];
    for (const [word, typed] of pairs) expect(endsCompound(word, typed)).toBe(true);
  });

  it('does not hold for the word itself, a name or a piece of a word before it, an everyday word with its ending, or a typed end too short', () => {
    const pairs: Array<[string, string]> = [['phone', 'phone'], ['iphone', 'phone'], ['microphone', 'phone'], ['smartphone', 'ne'], ['glass', 'ass'], ['sealed', 'led'], ['offering', 'ring']];
    for (const [word, typed] of pairs) expect(endsCompound(word, typed)).toBe(false);
  });
});

describe('beginsCompound', () => {
  it('holds for a word that is the typed one and an everyday word, either in the singular or the plural', () => {
    const pairs: Array<[string, string]> = [['macbook', 'mac'], ['playstation', 'play'], ['airpods', 'air'], ['soundbar', 'sound']];
    for (const [word, typed] of pairs) expect(beginsCompound(word, typed)).toBe(true);
  });

  it('does not hold for the word itself, a piece of a word after it, or a typed start too short', () => {
    const pairs: Array<[string, string]> = [['mac', 'mac'], ['macro', 'mac'], ['macbook', 'ma'], ['imac', 'mac']];
    for (const [word, typed] of pairs) expect(beginsCompound(word, typed)).toBe(false);
  });
});

describe('holdsCode', () => {
  it("holds a piece of letters and digits that begins and ends where the code's letters and digits meet", () => {
    expect(holdsCode('qn65qn90d', 'qn90d')).toBe(true);
    expect(holdsCode('qn65qn90d', 'qn90')).toBe(true);
    expect(holdsCode('qn65qn90d', 'qn65')).toBe(true);
    expect(holdsCode('oled65c3pua', 'c3')).toBe(false);
    expect(holdsCode('oled65c3pua', '65c3')).toBe(true);
  });

  it('does not hold a piece cut inside a run of letters or digits, a number alone, or the code itself', () => {
    expect(holdsCode('qn65qn90d', 'n90d')).toBe(false);
    expect(holdsCode('qn65qn90d', 'qn9')).toBe(false);
    expect(holdsCode('65qm851g', '851')).toBe(false);
    expect(holdsCode('qn90d', 'qn90d')).toBe(false);
  });
});
