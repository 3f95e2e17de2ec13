import { type CatalogRepository, matchThreshold, type ProductRow, type RankedProduct } from '@pricehunt/catalog-core';
import { answerWords, type WordsDeps } from './answer-words';
import { MODEL_CODE_CONFIDENCE } from './search-words';

const product = (id: number): ProductRow => ({ id, title: `Product ${id}`, brand: null, offerCount: 1 }) as ProductRow;

/**
 * Typed words over products 1, 2, … ranked as given, with a model number its offers state, and the titles of each
 * product's listings (`listings`, none when not given).
 */
function depsOf(ranked: RankedProduct[], stating: number[], listings: Record<number, string[]> = {}): WordsDeps {
  const offerId = (productId: number, at: number) => productId * 100 + at;
  return {
    catalog: {
      productIdByExactTitle: async () => null,
      getProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, product(id)])),
      offerRefsOfProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, (listings[id] ?? []).map((_, at) => ({ id: offerId(id, at), productId: id }))])),
      offerItems: async (ids: readonly number[]) => {
        const titles = new Map(Object.entries(listings).flatMap(([id, list]) => list.map((title, at) => [offerId(Number(id), at), title] as const)));
        return new Map(ids.map((id) => [id, { id, title: titles.get(id) ?? '', brand: null, model: null, gtin: null, priceCents: 0, updatedAt: '' }]));
      },
    } as unknown as Pick<CatalogRepository, 'getProducts' | 'productIdByExactTitle' | 'offerRefsOfProducts' | 'offerItems'>,
    matcher: { rankAsync: async () => ranked },
    productsByModelCode: async () => [],
    looseCodes: { productsStating: async () => stating },
  };
}

describe('typed words read as a model number typed loosely', () => {
  const above = matchThreshold() + 0.05;
  // Words whose parts other listings carry alone ("133") fit several products about equally, none holding them all.
  const close: RankedProduct[] = [
    { productId: 1, score: above + 0.02, holdsAllWords: false },
    { productId: 2, score: above, holdsAllWords: false },
  ];
  const adapters = { 1: ['Kramer ADTVA133 Adapter'], 2: ['Kramer ADTVA 133 Cable Adapter'] };

  it('hold every word when the first product listed states the number: they are no misspelling', async () => {
    const answer = await answerWords(depsOf(close, [1], adapters), 'adtva 133');
    expect(answer.matchIds[0]).toBe(1);
    expect(answer.complete).toBe(true);
  });

  it('name the product stating the number when another comes first', async () => {
    const answer = await answerWords(depsOf(close, [2], adapters), 'adtva 133');
    expect(answer.productId).toBe(2);
    expect(answer.complete).toBe(true);
  });

  it('hold not every word when no product states a number of them', async () => {
    expect((await answerWords(depsOf(close, [], adapters), 'adtva 133')).complete).toBe(false);
  });

  it('list the products stating the number, though the words ranked one of them far ahead', async () => {
    const ahead: RankedProduct[] = [
      { productId: 1, score: above + 0.3, holdsAllWords: false },
      { productId: 2, score: above, holdsAllWords: false },
      { productId: 3, score: above - 0.1, holdsAllWords: false },
    ];
    const answer = await answerWords(depsOf(ahead, [2, 1]), 'wh1000 xm5');
    expect(answer.productId).toBeNull();
    expect(answer.matchIds).toEqual([1, 2]);
    expect((await answerWords(depsOf(ahead, [1]), 'wh1000 xm5 silver')).productId).toBe(1);
  });
});

describe('typed words the best fit lacks some of', () => {
  const above = matchThreshold() + 0.1;
  const lacking = (productId: number, score: number): RankedProduct => ({ productId, score, holdsAllWords: false });

  it('name it when its listings hold every number typed and a word of letters', async () => {
    const listings = { 1: ['Apple AirPods Pro 2 Wireless Earbuds'] };
    expect((await answerWords(depsOf([lacking(1, above)], [], listings), 'cheap airpods pro 2')).productId).toBe(1);
    // A short number is held as a word, not as a figure inside another ("AirPods 4 … 30 Hours" holds no 3).
    const four = { 1: ['Apple AirPods 4 Wireless Earbuds, Up to 30 Hours of Battery', 'Apple AirPods 4 Wireless Earbuds with 3.5mm Cable'] };
    expect((await answerWords(depsOf([lacking(1, above)], [], four), 'airpods 3')).productId).toBeNull();
    // The index, which splits "3.5mm" into 3 and 5mm, finds every typed word in them: still no AirPods 3.
    const indexHeld = { productId: 1, score: above, holdsAllWords: true };
    expect((await answerWords(depsOf([indexHeld], [], four), 'airpods 3')).productId).toBeNull();
    expect((await answerWords(depsOf([indexHeld], [], four), 'airpods 4')).productId).toBe(1);
  });

  it('name none for a number alone: "norton 360" is no Insta360 camera', async () => {
    const listings = { 1: ['Insta360 X4 8K 360 Action Camera'] };
    const answer = await answerWords(depsOf([lacking(1, above)], [], listings), 'norton 360');
    expect(answer.productId).toBeNull();
    expect(answer.ranked.map((entry) => entry.productId)).toEqual([1]);
  });

  it('name none whose listings lack the number typed: "nikon 360" is no Nikon Z6III', async () => {
    const listings = { 1: ['Nikon Z6III Body Only Mirrorless Camera', 'Nikon Z 6III 24.5MP Mirrorless Camera'] };
    expect((await answerWords(depsOf([lacking(1, above)], [], listings), 'nikon 360')).productId).toBeNull();
    expect((await answerWords(depsOf([lacking(1, above)], [], listings), 'nikon 6iii camera body')).productId).toBe(1);
  });

  it('name it for a model number typed alone that its listings state', async () => {
    const listings = { 1: ['HP C7973W Ultrium 800 Gb Worm'] };
    expect((await answerWords(depsOf([lacking(1, above)], [], listings), 'c7973w')).productId).toBe(1);
    expect((await answerWords(depsOf([lacking(1, above)], [], listings), 'c7904w')).productId).toBeNull();
    // Written otherwise by the listings: with separators, or inside another wording of it.
    const kingston = { 1: ['Kingston 1 Gb Dimm Memory 533 Mhz DDR2 KTD-DM8400A 1G'], 2: ['Ipswitch WD-1000-0900 Ws_Ftp Pro 9 Sdk'] };
    expect((await answerWords(depsOf([lacking(1, above)], [], kingston), 'ktddm8400a1')).productId).toBe(1);
    expect((await answerWords(depsOf([lacking(2, above)], [], kingston), 'prowd10000900')).productId).toBe(2);
    expect((await answerWords(depsOf([lacking(1, above)], [], kingston), 'ktd dm 8400 a 1')).productId).toBe(1);
    const v7 = { 1: ['V7 8GB SD Card Secure Digital High Capacity VASDH8GCL4R1N'] };
    expect((await answerWords(depsOf([lacking(1, above)], [], v7), 'vasdh 8 gcl 4 r 1 n')).productId).toBe(1);
    const radeon = { 1: ['Asus Radeon HD 6870 1GB GDDR5 Video Card EAH6870 DC 2DI2S 1GD5'] };
    expect((await answerWords(depsOf([lacking(1, above)], [], radeon), 'eah 6870 d 2 di 2 s 1 g')).productId).toBe(1);
  });

  it('name, among products they fit about equally, the one whose listings hold the typed number glued to its line', async () => {
    const heros = {
      1: ['GoPro HERO13 Black Waterproof Action Camera'],
      2: ['GoPro HERO12 Black Waterproof Action Camera, 4K Video'],
      3: ['GoPro HERO11 Black Waterproof Action Camera'],
    };
    const close = [lacking(1, above + 0.02), lacking(2, above + 0.01), lacking(3, above)];
    const answer = await answerWords(depsOf(close, [], heros), 'gopro 12');
    expect(answer.productId).toBe(2);
    // As sure as a model number typed: the number tells this model from the line's others.
    expect(answer.confidence).toBe(MODEL_CODE_CONFIDENCE);
    // Without a number they stay listed as they fit; with one none of them holds, none is a match.
    expect((await answerWords(depsOf(close, [], heros), 'gopro black')).matchIds).toEqual([1, 2, 3]);
    expect((await answerWords(depsOf(close, [], heros), 'gopro 10'))).toMatchObject({ productId: null, matchIds: [] });
    // Those holding the number and the most of the words of letters are listed, whatever else holds the number.
    const thirteens = { 1: ['OnePlus 13 Unlocked Android Smartphone'], 2: ['Apple iPad Air 13-inch M2 Wi-Fi'], 3: ['Apple iPhone 13 Pro 128GB'], 4: ['Apple iPhone 13 128GB'] };
    const phones = [lacking(1, above + 0.03), lacking(2, above + 0.02), lacking(3, above + 0.01), lacking(4, above)];
    expect((await answerWords(depsOf(phones, [], thirteens), 'apple iphone 13 black')).matchIds).toEqual([3, 4]);
    // An edition typed that their listings lack makes them other editions: no match; one written out is held.
    expect((await answerWords(depsOf(phones, [], thirteens), 'apple iphone 13 mini')).matchIds).toEqual([]);
    const suites = { 1: ['Punch Professional Home Design Suite 18'], 2: ['Punch Home Design Suite 18 Plus'] };
    expect((await answerWords(depsOf([lacking(1, above + 0.01), lacking(2, above)], [], suites), 'punch home design pro 18')).matchIds).toEqual([1]);
    expect((await answerWords(depsOf(phones.slice(0, 2), [], thirteens), 'apple iphone 13'))).toMatchObject({ productId: null, matchIds: [2] });
    expect((await answerWords(depsOf(phones.slice(0, 2), [], thirteens), 'iphone 13'))).toMatchObject({ productId: null, matchIds: [] });
    // A model code that begins with the number holds it; a unit after it is no code.
    const sonys = { 1: ['Sony WH-1000XM5 Wireless Headphones'], 2: ['Sony Alpha 7 IV 33MP Camera'] };
    expect((await answerWords(depsOf([lacking(1, above + 0.01), lacking(2, above)], [], sonys), 'sony 1000')).productId).toBe(1);
    expect((await answerWords(depsOf([lacking(1, above + 0.01), lacking(2, above)], [], sonys), 'sony 33'))).toMatchObject({ productId: null, matchIds: [] });
    // A number glued to a code's digits is no line's number: "X1200" holds no 200.
    const twins = { 1: ['Acme X1200 Router'], 2: ['Acme X1300 Router'] };
    expect((await answerWords(depsOf([lacking(1, above + 0.01), lacking(2, above)], [], twins), 'acme 200')).productId).toBeNull();
  });

  it('read an ordinal as words, and a word of letters by its stem', async () => {
    const listings = { 1: ['Apple AirPods Pro 2 Wireless Earbuds with USB-C Charging Case'] };
    expect((await answerWords(depsOf([lacking(1, above)], [], listings), 'airpod pro 2nd generation')).productId).toBe(1);
  });
});
