import type { ProductRow } from '@pricehunt/catalog-core';
import { matchThreshold } from '@pricehunt/catalog-core';
import { namesAKind, namesTheMaker } from './slug-maker';

/** A catalog of one product of `brand` (id 1). */
const catalogOf = (brand: string | null) => ({
  getProducts: async (ids: readonly number[]) => new Map(ids.filter((id) => id === 1).map((id) => [id, { id, brand } as ProductRow])),
});

const ranked = (matcher: number) => ({
  productId: 1,
  score: 0.6,
  words: { matcher, coverage: 1, evidence: {} as never },
});

describe('a link’s words that name a maker', () => {
  it('hold its brand in any letter case, spaced or hyphenated as the product writes it, under any of its names', async () => {
    expect(await namesTheMaker(catalogOf('Hewlett-Packard'), 'hewlett packard envy 13 laptop', 1)).toBe(true);
    expect(await namesTheMaker(catalogOf('KitchenAid'), 'kitchen aid artisan mixer', 1)).toBe(true);
    expect(await namesTheMaker(catalogOf('Vitamix'), 'some unknown blender', 1)).toBe(false);
    // Any of its names, as whole words: "hp" for Hewlett-Packard; not "lg" inside another word.
    expect(await namesTheMaker(catalogOf('Hewlett-Packard'), 'hp envy 13 laptop', 1)).toBe(true);
    expect(await namesTheMaker(catalogOf('LG'), 'bulgaria travel adapter', 1)).toBe(false);
    expect(await namesTheMaker(catalogOf('Bose Corporation'), 'bose quietcomfort earbuds', 1)).toBe(true);
  });

  it('are any words for a product of no brand', async () => {
    expect(await namesTheMaker(catalogOf(null), 'some unknown blender', 1)).toBe(true);
    expect(await namesTheMaker(catalogOf(''), 'some unknown blender', 1)).toBe(true);
  });
});

describe('a link’s words that name a kind of thing', () => {
  it('name no maker and leave the pair matcher in doubt', async () => {
    const doubtful = matchThreshold() / 2;
    expect(await namesAKind(catalogOf('Vitamix'), 'some unknown blender', ranked(doubtful))).toBe(true);
    // The pair matcher sure of a well-known name without its maker ("iphone 15").
    expect(await namesAKind(catalogOf('Apple'), 'iphone 15', ranked(0.9))).toBe(false);
    // The maker named, however doubtful.
    expect(await namesAKind(catalogOf('Vitamix'), 'vitamix blender', ranked(doubtful))).toBe(false);
    // Ranked without words' evidence (a read page's identity): never.
    expect(await namesAKind(catalogOf('Vitamix'), 'some unknown blender', { productId: 1, score: 0.6 })).toBe(false);
  });
});
