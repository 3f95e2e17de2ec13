import type { CategoryRow, ProductRow, SuggestionCandidate } from '@pricehunt/catalog-core';
import { categoryWordNaming, keptCategories, kindCategory, kindCategoryAnswer, type KindCategoryReads, productsOfKind, withKindCategory } from './kind-category';
import type { WordsAnswer } from './search-words';

/** A product: its category's slug, the words its offers carry (title, brand, category), and its offers' count. */
interface Listed {
  slug: string;
  words: string[];
  offers: number;
}

const CATEGORIES: CategoryRow[] = [
  { name: 'Smartphones', slug: 'smartphones', productCount: 4, entryCount: 4 },
  { name: 'Headphones', slug: 'headphones', productCount: 2, entryCount: 2 },
  { name: 'Laptops', slug: 'laptops', productCount: 1, entryCount: 1 },
  { name: 'Keyboards & Mice', slug: 'keyboards-and-mice', productCount: 1, entryCount: 1 },
];

const PRODUCTS: Record<number, Listed> = {
  // Nothing Phone (2a) Unlocked Smartphone
  1: { slug: 'smartphones', words: ['nothing', 'phone', '2a', 'unlocked', 'smartphone', 'smartphones'], offers: 2 },
  // Apple iPhone 15 (128GB, Black), Apple iPhone 16 (256GB, Pink)
  2: { slug: 'smartphones', words: ['apple', 'iphone', '15', '128gb', 'black', 'smartphones'], offers: 5 },
  3: { slug: 'smartphones', words: ['apple', 'iphone', '16', '256gb', 'pink', 'smartphones'], offers: 3 },
  // Samsung Galaxy S24 Unlocked Smartphone
  4: { slug: 'smartphones', words: ['samsung', 'galaxy', 's24', 'unlocked', 'smartphone', 'smartphones'], offers: 4 },
  // Apple AirPods Max Wireless Over-Ear Headphones
  5: { slug: 'headphones', words: ['apple', 'airpods', 'max', 'headphones'], offers: 6 },
  // Car Mount for Smartphones: an accessory whose title says the category's word
  6: { slug: 'accessories', words: ['car', 'mount', 'for', 'smartphones'], offers: 1 },
  7: { slug: 'laptops', words: ['apple', 'macbook', 'air', 'laptops'], offers: 2 },
};

const productRow = (id: number) => ({ id, categorySlug: PRODUCTS[id]?.slug ?? null }) as ProductRow;

function reads(categories: CategoryRow[] = CATEGORIES): KindCategoryReads & { carried: Array<{ words: readonly string[]; prefix: string }> } {
  const carried: Array<{ words: readonly string[]; prefix: string }> = [];
  return {
    carried,
    listCategories: async () => categories,
    catalog: { getProducts: async (ids: readonly number[]) => new Map(ids.filter((id) => PRODUCTS[id]).map((id) => [id, productRow(id)])) },
    index: {
      productsCarrying: async (words: readonly string[], prefix: string): Promise<SuggestionCandidate[]> => {
        carried.push({ words, prefix });
        return Object.entries(PRODUCTS)
          .filter(([, product]) => words.every((word) => product.words.includes(word)) && product.words.some((word) => word.startsWith(prefix)))
          .map(([id, product]) => ({ productId: Number(id), title: '', offerCount: product.offers }));
      },
    },
  };
}

const answer = (matchIds: number[], complete = true): WordsAnswer => ({ sought: { title: '' }, ranked: [], productId: null, confidence: 0, matchIds, complete });

describe('categoryWordNaming', () => {
  it('reads the last word of a category’s name as the kind it names: the word, its other number, or a compound ending with either', () => {
    expect(categoryWordNaming('Laptops', 'laptop')).toBe('laptops');
    expect(categoryWordNaming('Laptops', 'laptops')).toBe('laptops');
    expect(categoryWordNaming('Smartphones', 'phone')).toBe('smartphones');
    expect(categoryWordNaming('Headphones', 'phones')).toBe('headphones');
    expect(categoryWordNaming('Digital Cameras', 'camera')).toBe('cameras');
  });

  it('names no kind by a word that is not its last, a name joining several kinds, or a word shorter than a compound’s part', () => {
    expect(categoryWordNaming('Digital Cameras', 'digital')).toBeNull();
    expect(categoryWordNaming('Keyboards & Mice', 'mouse')).toBeNull();
    expect(categoryWordNaming('Cameras and Lenses', 'lens')).toBeNull();
    // "tvs" ends "ptvs" after one letter only.
    expect(categoryWordNaming('IPTVs', 'tv')).toBeNull();
  });
});

describe('kindCategory', () => {
  it('takes, of the categories that name the word, the one most products the word finds alone belong to', async () => {
    // "phone" ends both "Smartphones" and "Headphones"; the Nothing Phone it finds is a smartphone.
    expect(await kindCategory(reads(), 'phone', [1])).toEqual({ slug: 'smartphones', word: 'smartphones' });
    expect(await kindCategory(reads(), 'phone', [5, 5])).toEqual({ slug: 'headphones', word: 'headphones' });
  });

  it('without such products, takes the one category whose name says the word itself, never a compound alone', async () => {
    expect(await kindCategory(reads(), 'laptop', [])).toEqual({ slug: 'laptops', word: 'laptops' });
    expect(await kindCategory(reads(), 'phone', [])).toBeNull();
    expect(await kindCategory(reads(), 'phone', [6])).toBeNull();
    expect(await kindCategory(reads([{ name: 'Smartphones', slug: 'smartphones', productCount: 4, entryCount: 4 }]), 'phone', [])).toBeNull();
  });

  it('names none when no category names the word, or the products found split evenly', async () => {
    expect(await kindCategory(reads(), 'controller', [1, 2])).toBeNull();
    expect(await kindCategory(reads(), 'phone', [1, 5])).toBeNull();
  });
});

describe('productsOfKind', () => {
  it('lists the category’s products whose offers carry the words and its word, most offers first, leaving out other categories’', async () => {
    const r = reads();
    expect(await productsOfKind(r, { slug: 'smartphones', word: 'smartphones' }, ['apple'])).toEqual([2, 3]);
    expect(r.carried).toEqual([{ words: ['apple'], prefix: 'smartphones' }]);
    // The car mount's title says "Smartphones", but it is an accessory.
    expect(await productsOfKind(r, { slug: 'smartphones', word: 'smartphones' }, [])).toEqual([2, 4, 3, 1]);
  });
});

describe('kindCategoryAnswer', () => {
  it('lists the products of the kind typed that carry the other words ("apple phone": the iPhones, not the AirPods Max)', async () => {
    const found = await kindCategoryAnswer(reads(), 'apple phone', async () => [1], answer([], false));
    expect(found).toMatchObject({ productId: null, matchIds: [2, 3], complete: true });
  });

  it('answers nothing for a kind alone, a kind no category names, or other words no product of it carries', async () => {
    expect(await kindCategoryAnswer(reads(), 'phone', async () => [1], answer([]))).toBeNull();
    expect(await kindCategoryAnswer(reads(), 'sony controller', async () => [], answer([]))).toBeNull();
    expect(await kindCategoryAnswer(reads(), 'baby phone', async () => [1], answer([]))).toBeNull();
  });
});

describe('withKindCategory', () => {
  it('lists after the products found the kind’s others, read from the category of those found ("phone": the iPhones)', async () => {
    const found = await withKindCategory(reads(), 'phone', answer([1, 4]));
    expect(found?.matchIds).toEqual([1, 4, 2, 3]);
  });

  it('adds nothing to a product named, an answer that lacks a word, or a list of the whole kind already', async () => {
    expect(await withKindCategory(reads(), 'phone', { ...answer([]), productId: 1 })).toBeNull();
    expect(await withKindCategory(reads(), 'phone', answer([1], false))).toBeNull();
    expect(await withKindCategory(reads(), 'phone', answer([1, 2, 3, 4]))).toBeNull();
  });
});

describe('keptCategories', () => {
  it('reads the categories once while they are kept, again after, and again at once after a failed read', async () => {
    let clock = 0;
    let reads = 0;
    let failing = false;
    const read = async () => {
      reads++;
      if (failing) throw new Error('database gone');
      return CATEGORIES;
    };
    const categories = keptCategories(read, 1000, () => clock);
    expect(await categories()).toBe(CATEGORIES);
    clock = 999;
    await categories();
    expect(reads).toBe(1);
    clock = 1001;
    failing = true;
    await expect(categories()).rejects.toThrow('database gone');
    failing = false;
    expect(await categories()).toBe(CATEGORIES);
    expect(reads).toBe(3);
  });
});
