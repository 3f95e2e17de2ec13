import type { SuggestionCandidate } from '@pricehunt/catalog-core';
import { createTypedAliases } from './typed-aliases';

/**
 * Typed aliases over a catalog whose offers carry each word as often as `carried` says, and say each name of several
 * words whose words they carry, but for those `apart` lists: its words are carried, only never together.
 */
function aliasesOver(carried: Record<string, number>, apart: readonly string[] = []) {
  const asked: string[][] = [];
  const aliases = createTypedAliases({
    offerCounts: async (words: readonly string[]) => {
      asked.push([...words]);
      return new Map(words.map((word) => [word, carried[word] ?? 0]));
    },
    productsCarrying: async (words: readonly string[], prefix: string) => {
      const phrase = [...words, prefix].join(' ');
      const said = !apart.includes(phrase) && phrase.split(' ').every((word) => (carried[word] ?? 0) > 0);
      return said ? [{ productId: 1, offerCount: 1 } as SuggestionCandidate] : [];
    },
  });
  return { aliases, asked };
}

describe('names shoppers type for what listings write', () => {
  it('write a brand’s other name as the catalog’s offers write it', async () => {
    const { aliases } = aliasesOver({ hp: 120, laptop: 40, inc: 3 });
    expect(await aliases.rewrite('Hewlett-Packard laptop')).toBe('hp laptop');
    expect(await aliases.rewrite('hewlett packard laptop')).toBe('hp laptop');
    // The short name a maker goes by, where the catalog writes the long one.
    const fuji = aliasesOver({ fujifilm: 30, xt5: 4 }).aliases;
    expect(await fuji.rewrite('fuji xt5')).toBe('fujifilm xt5');
  });

  it('write a product line’s short name out', async () => {
    const { aliases } = aliasesOver({ playstation: 14, '5': 300, slim: 6, xbox: 9, series: 80, x: 50 });
    expect(await aliases.rewrite('ps5 slim')).toBe('playstation 5 slim');
    expect(await aliases.rewrite('PS 5 Slim')).toBe('playstation 5 slim');
    expect(await aliases.rewrite('XSX console')).toBe('xbox series x console');
    // A line's short name glued to any model's number, or typed alone.
    const bose = aliasesOver({ bose: 30, quietcomfort: 12, '45': 20, ultra: 8 }).aliases;
    expect(await bose.rewrite('bose qc45')).toBe('bose quietcomfort 45');
    expect(await bose.rewrite('bose qc ultra')).toBe('bose quietcomfort ultra');
    expect(await aliases.rewrite('ps controller')).toBe('playstation controller');
  });

  it('write another word for a kind as the catalog’s offers write it', async () => {
    const { aliases } = aliasesOver({ tv: 200, samsung: 90, smartphone: 150, earbuds: 40, sony: 60, phone: 30 });
    expect(await aliases.rewrite('samsung television')).toBe('samsung tv');
    expect(await aliases.rewrite('televisions')).toBe('tv');
    expect(await aliases.rewrite('cellphone')).toBe('smartphone');
    expect(await aliases.rewrite('sony earphones')).toBe('sony earbuds');
    // Listings write "E-Reader": a name of two words, said together.
    expect(await aliasesOver({ e: 30, reader: 12, kindle: 6 }).aliases.rewrite('kindle ebook reader')).toBe('kindle e reader');
    expect(await aliasesOver({ e: 30, reader: 12 }, ['e reader']).aliases.rewrite('ereader')).toBeNull();
    // Listings that say "earphones" mean it as typed.
    expect(await aliasesOver({ earbuds: 40, earphones: 2 }).aliases.rewrite('earphones')).toBeNull();
    // A name of several words is carried only where a listing says it: its words together, in order.
    expect(await aliasesOver({ vacuum: 60, cleaner: 3, robot: 12 }, ['vacuum cleaner']).aliases.rewrite('robot vacuum cleaner')).toBe('robot vacuum');
    expect(await aliasesOver({ vacuum: 60, cleaner: 3 }).aliases.rewrite('vacuum cleaner')).toBeNull();
  });

  it('write a feature’s initials as the catalog’s offers write the feature (“anc”: noise cancelling)', async () => {
    const { aliases } = aliasesOver({ noise: 40, cancelling: 30, canceling: 12, headphones: 50, earbuds: 30 });
    expect(await aliases.rewrite('anc headphones')).toBe('noise cancelling headphones');
    expect(await aliases.rewrite('earbuds with ANC')).toBe('earbuds with noise cancelling');
    // Where most offers write it the other way, that way.
    expect(await aliasesOver({ noise: 40, cancelling: 3, canceling: 20 }).aliases.rewrite('anc')).toBe('noise canceling');
    // A catalog that carries "anc" as a word means it as typed.
    expect(await aliasesOver({ anc: 2, noise: 40, cancelling: 30 }).aliases.rewrite('anc earbuds')).toBeNull();
  });

  it('read a name holding a word searches read as nothing alone before the words are searched (“in ear headphones”)', async () => {
    // On-ear headphones carry "ear headphones", and listings say "in" elsewhere: "in ear headphones" is no listing's.
    const { aliases, asked } = aliasesOver({ in: 300, ear: 40, headphones: 60, earbuds: 30, sony: 50 }, ['in ear headphones']);
    expect(await aliases.rewriteUnread('sony in ear headphones')).toBe('sony earbuds');
    expect(await aliases.rewriteUnread('In-Ear Headphones')).toBe('earbuds');
    // Names without such a word are left to `rewrite`, which is tried when the words find little.
    asked.length = 0;
    expect(await aliases.rewriteUnread('sony earphones')).toBeNull();
    expect(asked).toEqual([]);
    expect(await aliases.rewrite('sony earphones')).toBe('sony earbuds');
    // Where listings say it, it is meant as typed.
    expect(await aliasesOver({ in: 300, ear: 40, headphones: 60, earbuds: 30 }).aliases.rewriteUnread('in ear headphones')).toBeNull();
  });

  it('write letters glued to a model’s number as the line’s name they stand for, a generation glued after it apart', async () => {
    const { aliases } = aliasesOver({ sony: 40, alpha: 12, '7': 200, '7c': 4, '6400': 3, iv: 9, ii: 30, v: 40, '7r': 2, a: 80, laptop: 40 });
    expect(await aliases.rewrite('sony a7 iv')).toBe('sony alpha 7 iv');
    expect(await aliases.rewrite('a7iv')).toBe('alpha 7 iv');
    expect(await aliases.rewrite('Sony A7C II')).toBe('sony alpha 7c ii');
    expect(await aliases.rewrite('a7cii')).toBe('alpha 7c ii');
    expect(await aliases.rewrite('a7rv')).toBe('alpha 7r v');
    // A generation glued after the letters as a digit, in the numerals listings write.
    expect(await aliases.rewrite('a7c2')).toBe('alpha 7c ii');
    expect(await aliases.rewrite('a7r5')).toBe('alpha 7r v');
    expect(await aliases.rewrite('a6400')).toBe('alpha 6400');
    // Alone, "a" is a word; glued to a number the offers carry, it is a model's name as typed.
    expect(await aliases.rewrite('a laptop')).toBeNull();
    expect(await aliasesOver({ a35: 6, alpha: 12, '35': 8 }).aliases.rewrite('galaxy a35')).toBeNull();
  });

  it('leave a name the catalog’s offers carry as typed, and one whose other spellings they do not carry', async () => {
    expect(await aliasesOver({ ps5: 4, playstation: 14, '5': 300 }).aliases.rewrite('ps5 slim')).toBeNull();
    expect(await aliasesOver({ laptop: 40 }).aliases.rewrite('hewlett packard laptop')).toBeNull();
  });

  it('ask nothing of the catalog for words that hold no such name', async () => {
    const { aliases, asked } = aliasesOver({});
    expect(await aliases.rewrite('wireless over ear headphones')).toBeNull();
    expect(asked).toEqual([]);
  });
});
