import {
  COMPOUND_SPELLINGS_MAX,
  compoundSpellings,
  joinedAlike,
  compoundWordSpellings,
  gluedNumberSpellings,
  joinedSpellings,
  letterApartSpellings,
  nameNumberCut,
  numberUnitSpellings,
  splitCompoundSpellings,
  splitSpellings,
} from './compound-words';

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

  it('joins them as the plural the index carries where it lacks the word as typed ("air pod pro": AirPods)', () => {
    expect(joinedSpellings('apple air pod pro', offersCarrying)).toEqual(['apple airpods pro']);
    // The word as typed first, where the index carries it.
    expect(joinedSpellings('x box', (word) => (word === 'xbox' || word === 'xboxs' ? 1 : 0))).toEqual(['xbox']);
  });

  it('joins no word with digits, and nothing the index lacks', () => {
    expect(joinedSpellings('air pods2', () => 1)).toEqual([]);
    expect(joinedSpellings('samsung tv', offersCarrying)).toEqual([]);
    expect(joinedSpellings('pods', offersCarrying)).toEqual([]);
  });
});

describe('joinedAlike', () => {
  it('reads words joined, split or hyphenated as one spelling, and no other letters', () => {
    expect(joinedAlike('smart watch', 'smartwatch')).toBe(true);
    expect(joinedAlike('Smart-Watch', 'smart watch')).toBe(true);
    expect(joinedAlike('42 mm', '42mm')).toBe(true);
    expect(joinedAlike('smart watch', 'smartwatches')).toBe(false);
    expect(joinedAlike('head phones', 'phones')).toBe(false);
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

describe('splitSpellings', () => {
  const INDEX: Record<string, number> = { smart: 40, watch: 25, fitbit: 5, nikon: 6, z: 30, f: 12, zf: 0, sma: 2, rtwatch: 0 };
  const offerCounts = async (words: readonly string[]) => new Map(words.map((word) => [word, INDEX[word] ?? 0]));

  it('cuts a word no offer carries into two that offers carry, a short one into single letters', async () => {
    expect(await splitSpellings('fitbit smartwatch', offerCounts)).toEqual(['fitbit smart watch']);
    expect(await splitSpellings('nikon zf', offerCounts)).toEqual(['nikon z f']);
  });

  it('cuts a word of four letters into halves too ("lgtv" of "LG TV")', async () => {
    const counts = async (words: readonly string[]) => new Map(words.map((word) => [word, ['lg', 'tv', 'l', 'g'].includes(word) ? 9 : 0]));
    expect(await splitSpellings('lgtv oled', counts)).toEqual(['lg tv oled']);
    expect(await splitSpellings('lg', counts)).toEqual([]);
    expect(await splitSpellings('lgtvs', counts)).toEqual([]);
  });

  it('cuts the last letter off a longer word that listings write with a hyphen before it ("usbc" of "USB-C")', async () => {
    const counts = async (words: readonly string[]) => new Map(words.map((word) => [word, ['airpods', 'usb', 'c', 'type'].includes(word) ? 9 : 0]));
    expect(await splitSpellings('airpods usbc', counts)).toEqual(['airpods usb c']);
    expect(await splitSpellings('typec', counts)).toEqual(['type c']);
  });

  it('leaves words offers carry, words with digits and parts too short alone', async () => {
    expect(await splitSpellings('smart watch', offerCounts)).toEqual([]);
    expect(await splitSpellings('zf9 watch2', offerCounts)).toEqual([]);
    // A word of three letters is no two words glued: "tvs" is no "tv s".
    expect(await splitSpellings('tvs', async (words) => new Map(words.map((word) => [word, word === 'tvs' ? 0 : 9])))).toEqual([]);
    // "smartwatch" is not cut after one letter: "s martwatch".
    expect(await splitSpellings('smartwatch', async (words) => new Map(words.map((word) => [word, word.length === 1 || word === 'martwatch' ? 9 : 0])))).toEqual([]);
  });
});

describe('splitCompoundSpellings', () => {
  const counts = async (words: readonly string[]) => new Map(words.map((word) => [word, ['galaxy', 'samsung', 'gal'].includes(word) ? 9 : 0]));

  it('writes a word no offer carries as a word offers carry and each compound that ends with the rest', async () => {
    expect(await splitCompoundSpellings('Galaxybuds pro', counts, compoundsOf)).toEqual(['galaxy earbuds pro']);
    expect(await splitCompoundSpellings('samsungphone', counts, compoundsOf)).toEqual(['samsung headphones', 'samsung smartphone']);
  });

  it('leaves words offers carry, words with digits, and cuts whose first part no offer carries or whose rest ends no compound alone', async () => {
    expect(await splitCompoundSpellings('galaxy buds', counts, compoundsOf)).toEqual([]);
    expect(await splitCompoundSpellings('galaxybuds3', counts, compoundsOf)).toEqual([]);
    expect(await splitCompoundSpellings('galaxbuds', counts, compoundsOf)).toEqual([]);
    expect(await splitCompoundSpellings('galaxywatch', counts, compoundsOf)).toEqual([]);
    expect(await splitCompoundSpellings('galaxy', async (words) => new Map(words.map((word) => [word, 9])), compoundsOf)).toEqual([]);
  });
});

describe('numberUnitSpellings', () => {
  const offerCounts = async (words: readonly string[]) => new Map(words.map((word) => [word, word === '42mm' || word === '256gb' ? 6 : 0]));

  it('joins a number with the word typed after it where offers carry the two as one word', async () => {
    expect(await numberUnitSpellings('apple watch series 10 42 mm', offerCounts)).toEqual(['apple watch series 10 42mm']);
    expect(await numberUnitSpellings('galaxy s24 256 GB 42 mm', offerCounts)).toEqual(['galaxy s24 256GB 42 mm', 'galaxy s24 256 GB 42mm']);
  });

  it('joins nothing offers lack, and no word after a number that is not of letters', async () => {
    expect(await numberUnitSpellings('apple watch 46 mm', offerCounts)).toEqual([]);
    expect(await numberUnitSpellings('series 10 42', offerCounts)).toEqual([]);
  });
});

describe('gluedNumberSpellings', () => {
  const INDEX: Record<string, number> = { iphone: 40, 16: 30, galaxy: 20, s24: 9, ultra: 12, wh: 4, '1000xm5': 4, wh1000xm5: 0, playstation: 8, 5: 50, pixel: 6, 9: 40 };
  const offerCounts = async (words: readonly string[]) => new Map(words.map((word) => [word, INDEX[word] ?? 0]));

  it('cuts a word of letters and digits no offer carries into two that offers carry', async () => {
    expect(await gluedNumberSpellings('iphone16', offerCounts)).toEqual(['iphone 16']);
    expect(await gluedNumberSpellings('samsung galaxys24', offerCounts)).toEqual(['samsung galaxy s24']);
    expect(await gluedNumberSpellings('s24ultra', offerCounts)).toEqual(['s24 ultra']);
    // A lone digit after a name.
    expect(await gluedNumberSpellings('playstation5 slim', offerCounts)).toEqual(['playstation 5 slim']);
    expect(await gluedNumberSpellings('pixel9', offerCounts)).toEqual(['pixel 9']);
  });

  it('leaves a word offers carry, words of letters or digits alone, and parts shorter than two characters', async () => {
    expect(await gluedNumberSpellings('iphone 16', offerCounts)).toEqual([]);
    expect(await gluedNumberSpellings('galaxys24', async (words) => new Map(words.map((word) => [word, word === 'galaxys24' ? 3 : 9])))).toEqual([]);
    expect(await gluedNumberSpellings('smartwatch 1234', offerCounts)).toEqual([]);
    expect(await gluedNumberSpellings('x1', async () => new Map([['x', 9], ['1', 9]]))).toEqual([]);
    // A lone digit after a code of letters and digits, or after fewer than four letters, is no name's number.
    expect(await gluedNumberSpellings('wh1000xm5', async () => new Map([['wh1000xm', 9], ['5', 9]]))).toEqual([]);
    expect(await gluedNumberSpellings('sx5', async () => new Map([['sx', 9], ['5', 9]]))).toEqual([]);
  });

  it('cuts only where letters meet digits when asked to', async () => {
    expect(await gluedNumberSpellings('iphone16 s24ultra', offerCounts, true)).toEqual(['iphone 16 s24ultra', 'iphone16 s24 ultra']);
    expect(await gluedNumberSpellings('galaxys24', offerCounts, true)).toEqual([]);
  });
});

describe('letterApartSpellings', () => {
  const counts = async (words: readonly string[]) => new Map(words.map((word) => [word, ['xbox', 'series', 'x', 's', 'samsung', 'tv'].includes(word) ? 9 : 0]));

  it('writes a word no offer carries as a word offers carry and its last letter, where offers carry the letter too', async () => {
    expect(await letterApartSpellings('xbox seriesx', counts)).toEqual(['xbox series x']);
    expect(await letterApartSpellings('Xbox SeriesS', counts)).toEqual(['Xbox series s']);
  });

  it('writes a word no offer carries as a word offers carry and its last two letters, where offers carry them as a word', async () => {
    expect(await letterApartSpellings('samsungtv', counts)).toEqual(['samsung tv']);
    // Four letters are no name and a short word.
    expect(await letterApartSpellings('xbtv', counts)).toEqual([]);
  });

  it('leaves words offers carry, short words and letters no offer carries alone', async () => {
    expect(await letterApartSpellings('xbox series x', counts)).toEqual([]);
    expect(await letterApartSpellings('xbs', counts)).toEqual([]);
    expect(await letterApartSpellings('seriesz', counts)).toEqual([]);
    expect(await letterApartSpellings('series9', counts)).toEqual([]);
  });
});

describe('nameNumberCut', () => {
  const counts = async (words: readonly string[]) => new Map(words.map((word) => [word, ['playstation', 'iphone', 'iphone15', '15'].includes(word) ? 9 : 0]));

  it('cuts a name offers carry from the number glued to it, whether or not offers carry the number', async () => {
    expect(await nameNumberCut('sony playstation4 slim', counts)).toBe('sony playstation 4 slim');
    expect(await nameNumberCut('iphone17', counts)).toBe('iphone 17');
  });

  it('leaves words offers carry, names no offer carries and codes alone', async () => {
    expect(await nameNumberCut('iphone15', counts)).toBeNull();
    expect(await nameNumberCut('galaxys30', counts)).toBeNull();
    expect(await nameNumberCut('ps4 wh1000xm5', async () => new Map([['ps', 9], ['wh', 9]]))).toBeNull();
    expect(await nameNumberCut('iphone 17', counts)).toBeNull();
  });
});

describe('compoundWordSpellings', () => {
  const compoundsBegunBy = (word: string) => (word.toLowerCase() === 'mac' ? ['macbook'] : []);
  const spelling = { compoundsOf, compoundsBegunBy, offersCarrying };
  it('tries words joined, then split, then compounds, at most COMPOUND_SPELLINGS_MAX spellings, each a search of its own', async () => {
    expect(await compoundWordSpellings('x box phone', { spelling })).toEqual(['xbox phone', 'x box headphones', 'x box smartphone']);
    const offerCounts = async (words: readonly string[]) => new Map(words.map((word) => [word, ['x', 'z', 'f', 'phone'].includes(word) ? 1 : 0]));
    expect(await compoundWordSpellings('x box zf phone', { spelling, offerCounts })).toEqual(['xbox zf phone', 'x box z f phone', 'x box zf headphones', 'x box zf smartphone']);
    expect(await compoundWordSpellings('phone case buds', { spelling })).toHaveLength(COMPOUND_SPELLINGS_MAX);
  });

  it('tries the compounds a typed word begins after those it ends', async () => {
    expect(await compoundWordSpellings('apple mac', { spelling })).toEqual(['apple macbook']);
    expect(await compoundWordSpellings('mac phone', { spelling })).toEqual(['mac headphones', 'mac smartphone', 'macbook phone']);
  });

  it('tries only words joined when asked to', async () => {
    expect(await compoundWordSpellings('x box phone', { spelling }, true)).toEqual(['xbox phone']);
  });
});
