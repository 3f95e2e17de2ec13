import { listingsCatalog } from './testing/listings-catalog';
import { productsWithWordStarting } from './held-words';

const LISTINGS: Record<number, string[]> = {
  1: ['Canon CLI-221 Ink Tank Magenta', 'Canon CLI221M Ink'],
  2: ['Apple iPhone 15 Plus 256GB - Black', 'Apple iPhone 15 Plus, US Version, 256GB'],
  3: ['Targus Laptop Bags for 15.6" Laptops'],
};
const catalog = listingsCatalog(LISTINGS);

describe('productsWithWordStarting', () => {
  it('names the products a listing of which writes a word beginning with one typed', async () => {
    expect([...(await productsWithWordStarting(catalog, ['mag'], [1, 2, 3]))]).toEqual([1]);
    expect([...(await productsWithWordStarting(catalog, ['bag'], [1, 2, 3]))]).toEqual([3]);
    expect([...(await productsWithWordStarting(catalog, ['Laptop'], [1, 2, 3]))]).toEqual([3]);
  });

  it('names none whose listings hold the letters only inside a word, or not at all', async () => {
    expect((await productsWithWordStarting(catalog, ['case'], [1, 2, 3])).size).toBe(0);
    // "Plus" holds "lus" only inside it.
    expect((await productsWithWordStarting(catalog, ['lus'], [2])).size).toBe(0);
  });
});
