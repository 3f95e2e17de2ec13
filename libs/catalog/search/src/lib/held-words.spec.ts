import { listingsCatalog } from './testing/listings-catalog';
import { holdsWhatWordsName, productsWithWordStarting, wordsHeldBy, writtenAfterMaker } from './held-words';

const LISTINGS: Record<number, string[]> = {
  1: ['Canon CLI-221 Ink Tank Magenta', 'Canon CLI221M Ink'],
  2: ['Apple iPhone 15 Plus 256GB - Black', 'Apple iPhone 15 Plus, US Version, 256GB'],
  3: ['Targus Laptop Bags for 15.6" Laptops'],
  4: ['Samsung Galaxy S24 Ultra SM-S928U Unlocked Smartphone (256GB, Titanium Gray)'],
  5: ['Apple Watch Series 9 GPS 45mm Aluminum Case', 'Apple iPad Air M2 Wi-Fi (11", 128GB, Blue)'],
  6: ['GoPro HERO11 Black 27MP Action Camera', 'Anker Nano 65W USB-C Charger'],
  7: ['Apple Pencil (USB-C)', 'Apple Pencil USB-C MUWA3AM/A'],
  8: ['Apple AirPods Pro 2 Wireless Earbuds', 'Amazon Echo Dot (5th Gen) Smart Speaker', 'First Aid Kit, 100 Pieces'],
  9: ['JBL Xtreme 4 Portable Waterproof Bluetooth Speaker, Black'],
  10: ['JBL Charge 5 Portable Waterproof Bluetooth Speaker (Blue)'],
  11: ['JBL Flip 6 Portable Waterproof Bluetooth Speaker (Red)'],
  12: ['Sony PULSE Explore CFI-ZWE1 Wireless Earbuds (White)'],
  13: ['ASUS EAH6870 DC 2DI2S 1GD5 Graphics Card'],
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

describe('holdsWhatWordsName', () => {
  it('reads an ordinal typed as a generation its listings write as the ordinal, its number or its name', async () => {
    expect(await holdsWhatWordsName(catalog, 'apple pencil 2nd generation', 7)).toBe(false);
    expect(await holdsWhatWordsName(catalog, 'airpods pro 2nd', 8)).toBe(true);
    expect(await holdsWhatWordsName(catalog, 'echo dot 5th generation', 8)).toBe(true);
    expect(await holdsWhatWordsName(catalog, '1st aid kit', 8)).toBe(true);
    expect(await holdsWhatWordsName(catalog, 'echo dot 4th generation', 8)).toBe(false);
  });

  it('reads a product of another line in a model the words name as none, where a product of the line is ranked', async () => {
    expect(await holdsWhatWordsName(catalog, 'jbl charge 4', 9)).toBe(true);
    expect(await holdsWhatWordsName(catalog, 'jbl charge 4', 9, [9, 10])).toBe(false);
    // A product without the number that holds no more of the words tells nothing.
    expect(await holdsWhatWordsName(catalog, 'jbl speaker 4', 9, [9, 11])).toBe(true);
  });

  it('reads a number typed without its unit as the capacity or size a listing writes with it', async () => {
    expect(await holdsWhatWordsName(catalog, 'galaxy s24 ultra 256', 4)).toBe(true);
    expect(await holdsWhatWordsName(catalog, 'apple watch 45', 5)).toBe(true);
    expect(await holdsWhatWordsName(catalog, 'ipad air 11', 5)).toBe(true);
  });

  it('reads no other unit so, nor another number', async () => {
    expect(await holdsWhatWordsName(catalog, 'galaxy s24 ultra 512', 4)).toBe(false);
    expect(await holdsWhatWordsName(catalog, 'galaxy s24 ultra 25', 4)).toBe(false);
    // 27MP is no HERO27, 65W no 65 of a charger.
    expect(await holdsWhatWordsName(catalog, 'gopro 27', 6)).toBe(false);
    expect(await holdsWhatWordsName(catalog, 'anker charger 65', 6)).toBe(false);
  });
});

describe('wordsHeldBy', () => {
  it('says when a number typed is one a listing writes with a unit shoppers leave out: a size, not a model', async () => {
    const held = await wordsHeldBy(catalog, 'apple watch 45', [5, 6]);
    expect(held.get(5)).toEqual({ numbers: true, editions: true, letters: 2, lettersTyped: 2, unitLeftOut: true });
    expect(held.get(6)?.unitLeftOut).toBe(false);
    expect((await wordsHeldBy(catalog, 'iphone 15 plus', [2])).get(2)?.unitLeftOut).toBe(false);
    expect((await wordsHeldBy(catalog, 'gopro 27', [6])).get(6)?.unitLeftOut).toBe(false);
  });

  it('reads a model number typed in pieces as held where a listing writes most of it, its digits all', async () => {
    expect((await wordsHeldBy(catalog, 'eah 6870 d 2 di 2 s 1 g', [13])).get(13)?.numbers).toBe(true);
    // "sonyp" of "Sony PULSE" runs across the words typed, but the 4 is in no listing.
    expect((await wordsHeldBy(catalog, 'sony ps4', [12])).get(12)?.numbers).toBe(false);
    expect((await wordsHeldBy(catalog, 'sony cfi zwe1', [12])).get(12)?.numbers).toBe(true);
  });
});

describe('writtenAfterMaker', () => {
  it('reads a word written right after the maker’s name, however the title folds and splits it', () => {
    expect(writtenAfterMaker('NINTENDO Switch™ OLED Model', 'Nintendo', 'switch')).toBe(true);
    expect(writtenAfterMaker('Apple - EarPods Headphones', 'Apple', 'earpods')).toBe(true);
    expect(writtenAfterMaker('Keychron Q1 Pro, Hot-Swappable Switch', 'Keychron', 'switch')).toBe(false);
    expect(writtenAfterMaker('Nintendo Switch', null, 'switch')).toBe(false);
  });
});
