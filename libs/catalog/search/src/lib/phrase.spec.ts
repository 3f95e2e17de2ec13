import type { OfferItem, OfferRef } from '@pricehunt/catalog-core';
import { phraseFirst, type PhraseReads } from './phrase';

/** Reads over products given as their listings' titles; the index's phrase search is read from them too. */
function readsOf(listings: Record<number, string[]>): PhraseReads {
  const offers = Object.entries(listings).flatMap(([productId, titles]) => titles.map((title) => ({ productId: Number(productId), title })));
  const fold = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join(' ');
  return {
    index: {
      productsCarrying: async (_words, prefix) =>
        offers.filter((offer) => ` ${fold(offer.title)}`.includes(` ${prefix}`)).map((offer) => ({ productId: offer.productId, title: offer.title, offerCount: 1 })),
    },
    catalog: {
      offerRefsOfProducts: async (ids) =>
        new Map(ids.map((id) => [id, offers.flatMap((offer, at) => (offer.productId === id ? [{ id: at, productId: id } as unknown as OfferRef] : []))])),
      offerItems: async (ids) => new Map(ids.map((id) => [id, { id, title: offers[id]?.title ?? '' } as OfferItem])),
    },
  };
}

describe('products listed for typed words', () => {
  it('come with a listing called the words first, then one beginning with them, then one holding them, the order otherwise kept', async () => {
    const reads = readsOf({
      1: ['Acme Kettle Pro 2 Steel'],
      2: ['Brand Acme Kettle Pro 2 Deluxe'],
      3: ['Acme Kettle Pro 2 Deluxe Bundle'],
      4: ['Acme Kettle Pro 2'],
    });
    expect(await phraseFirst(reads, 'acme kettle pro 2', [1, 2, 3, 4], new Map([[1, 0.9], [2, 0.8], [3, 0.7], [4, 0.6]]))).toEqual([4, 1, 3, 2]);
  });

  it('come, of a tier, with a listing named by the kind typed first: not those that give it among their features', async () => {
    const reads = readsOf({
      1: ['Apple MacBook Air 13-inch Laptop, 8GB Memory, Backlit Keyboard, Touch ID'],
      2: ['Apple Magic Keyboard with Touch ID', 'Apple Magic Keyboards'],
      3: ['Apple MacBook Pro 14-inch Laptop, Backlit Keyboard'],
    });
    const scores = new Map([[1, 0.9], [2, 0.8], [3, 0.7]]);
    expect(await phraseFirst(reads, 'apple keyboard', [1, 2, 3], scores)).toEqual([2, 1, 3]);
    expect(await phraseFirst(reads, 'apple keyboards', [1, 2, 3], scores)).toEqual([2, 1, 3]);
    // Words that end in no everyday kind keep the order.
    expect(await phraseFirst(reads, 'apple touch', [1, 2, 3], scores)).toEqual([1, 2, 3]);
  });

  it('list the product more shops list first among those the words fit equally well', async () => {
    const reads = readsOf({ 5: ['Hoyle Card Games 2007'], 6: ['Hoyle Card Games 2007', 'Hoyle (R) Card Games 2007', 'Encore Hoyle Card Games 2007 Win XP'] });
    expect(await phraseFirst(reads, 'hoyle card games 2007', [5, 6], new Map([[5, 0.8], [6, 0.8]]))).toEqual([6, 5]);
    // A better fit stays first however few shops list it.
    expect(await phraseFirst(reads, 'hoyle card games 2007', [5, 6], new Map([[5, 0.81], [6, 0.8]]))).toEqual([5, 6]);
  });

  it('do not come first for a listing that begins with the words and goes on with an edition they lack', async () => {
    const reads = readsOf({ 1: ['Samsung Galaxy S25 (128GB, Navy)'], 2: ['Galaxy S25 Ultra 256GB'], 3: ['Galaxy S25+ 256GB'], 4: ['Galaxy S25 256GB Mint'] });
    const scores = new Map([[1, 0.95], [2, 0.56], [3, 0.55], [4, 0.5]]);
    expect(await phraseFirst(reads, 'galaxy s25', [1, 2, 3, 4], scores)).toEqual([4, 1, 2, 3]);
    // Typed, the edition is what the words call.
    expect(await phraseFirst(reads, 'galaxy s25 ultra', [1, 2], scores)).toEqual([2, 1]);
  });

  it('do not come first for a listing that puts a word of its line’s before the one another product’s listings go on with', async () => {
    const reads = readsOf({ 1: ['Samsung T7 Shield Portable SSD 1TB Black'], 2: ['Samsung T7 Portable SSD 1TB Gray'], 3: ['Samsung T7 1TB Blue'] });
    const scores = new Map([[1, 0.8], [2, 0.8], [3, 0.8]]);
    // A listing that goes on with a size ("T7 1TB") names no line: the "Portable" after it is no word put before it.
    expect(await phraseFirst(reads, 'samsung t7', [1, 2, 3], scores)).toEqual([2, 3, 1]);
    expect(await phraseFirst(reads, 'samsung t7 shield', [2, 3, 1], scores)).toEqual([1, 2, 3]);
  });

  it('keep their order for one word', async () => {
    const reads = readsOf({ 1: ['Kettle Steel'], 2: ['Kettle'] });
    expect(await phraseFirst(reads, 'kettle', [1, 2], new Map())).toEqual([1, 2]);
  });
});
