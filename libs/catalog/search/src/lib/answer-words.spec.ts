import { type CatalogRepository, matchThreshold, type ProductRow, type RankedProduct } from '@pricehunt/catalog-core';
import { answerWords, type WordsDeps } from './answer-words';

const product = (id: number): ProductRow => ({ id, title: `Product ${id}`, brand: null, offerCount: 1 }) as ProductRow;

/** Typed words over products 1, 2, … ranked as given (none holding every word), with a model number its offers state. */
function depsOf(ranked: RankedProduct[], stating: number[]): WordsDeps {
  return {
    catalog: {
      productIdByExactTitle: async () => null,
      getProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, product(id)])),
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

  it('hold every word when the first product listed states the number: they are no misspelling', async () => {
    const answer = await answerWords(depsOf(close, [1]), 'adtva 133');
    expect(answer.matchIds[0]).toBe(1);
    expect(answer.complete).toBe(true);
  });

  it('name the product stating the number when another comes first', async () => {
    const answer = await answerWords(depsOf(close, [2]), 'adtva 133');
    expect(answer.productId).toBe(2);
    expect(answer.complete).toBe(true);
  });

  it('hold not every word when no product states a number of them', async () => {
    expect((await answerWords(depsOf(close, []), 'adtva 133')).complete).toBe(false);
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
