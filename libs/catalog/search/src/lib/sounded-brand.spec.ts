import { brandTypedBySound, consonants, soundsLike } from './sounded-brand';
import type { ProductRow } from '@pricehunt/catalog-core';

describe('soundsLike', () => {
  it('hears a brand one letter away or of the same consonants', () => {
    expect(consonants('cannon')).toBe('cn');
    expect(soundsLike('cannon', 'canon')).toBe(true);
    expect(soundsLike('beets', 'beats')).toBe(true);
    expect(soundsLike('bows', 'bose')).toBe(true);
    expect(soundsLike('nickon', 'nikon')).toBe(true);
  });

  it('hears no brand in another word or in the brand itself', () => {
    expect(soundsLike('plain', 'bose')).toBe(false);
    expect(soundsLike('speaker', 'sony')).toBe(false);
    expect(soundsLike('canon', 'canon')).toBe(false);
  });
});

describe('brandTypedBySound', () => {
  const product = (id: number, brand: string | null) => [id, { id, brand } as ProductRow] as const;
  const catalog = { getProducts: async (ids: readonly number[]) => new Map([product(1, 'Canon'), product(2, 'Nikon'), product(3, 'Canon'), product(4, null)].filter(([id]) => ids.includes(id))) };
  const ranked = [1, 2, 3, 4].map((productId) => ({ productId, score: 0.5 }));
  const carried = (words: readonly string[]) => async () => new Map(words.map((word) => [word, 3]));

  it('writes the brand the first word sounds like in its place, as the catalog writes it', async () => {
    expect(await brandTypedBySound(catalog, carried([]), 'cannon camera', ranked)).toBe('Canon camera');
  });

  it('leaves words whose first word listings say, or no ranked brand sounds like, or too short', async () => {
    expect(await brandTypedBySound(catalog, carried(['cannon']), 'cannon camera', ranked)).toBeNull();
    expect(await brandTypedBySound(catalog, carried([]), 'mirrorless camera', ranked)).toBeNull();
    expect(await brandTypedBySound(catalog, carried([]), 'can camera', ranked)).toBeNull();
    expect(await brandTypedBySound(catalog, carried([]), 'cannon camera', [])).toBeNull();
  });
});
