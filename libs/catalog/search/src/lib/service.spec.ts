import { randomUUID } from 'node:crypto';
import { type CatalogRepository, matchThreshold, type ProductRow, type RankedProduct } from '@pricehunt/catalog-core';
import type { SearchRequestRepository } from './ports';
import { CORRECTION_GAIN, createSearchService, type PageReader } from './service';
import { createTypedAliases } from './typed-aliases';
import { productRow } from './testing/listings-catalog';

/**
 * How typed words choose between one product and a list, with the matcher's ranking given (a stand-in matcher: the
 * real one is covered by search.spec.ts on a real catalog).
 */
const product = (id: number, offerCount = 1): ProductRow =>
  productRow(id, { title: `Acme Kettle ${id}`, brand: 'Brand', offerCount, currency: 'USD', createdAt: '2026-11-21T00:00:00.000Z', updatedAt: '2026-11-21T00:00:00.000Z' });

/**
 * A search service over products 1, 2, … (those in `hidden` with no offers), ranked by `rank`. The words typed share
 * "acme kettle" with every one, as words share some word with what they find.
 */
function serviceOver(rank: (item: unknown, options: { indexLimit?: number }) => Promise<RankedProduct[]>, hidden: readonly number[] = []) {
  return createSearchService({
    catalog: {
      // No listings: what the words hold is as the ranking says.
      offerRefsOfProducts: async () => new Map(),
      offerItems: async () => new Map(),
      productIdByExactTitle: async () => null,
      getProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, product(id, hidden.includes(id) ? 0 : 1)])),
      offersOfProduct: async () => [],
      priceHistoryOfProduct: async () => [],
    } as unknown as CatalogRepository,
    matcher: { rankAsync: rank, relatedAsync: async () => [], fitAsync: async () => null },
    requests: { get: async () => null, save: async () => true } satisfies SearchRequestRepository,
    pages: {} as PageReader,
  });
}

function serviceRanking(first: RankedProduct[], wider: RankedProduct[], hidden: readonly number[] = []) {
  const rank = jest.fn(async (_item: unknown, options: { indexLimit?: number }) => (options.indexLimit ? wider : first));
  const service = serviceOver(rank, hidden);
  return { rank, search: (query: string) => service.search({ requestId: randomUUID(), query }) };
}

describe('text search answers', () => {
  const above = matchThreshold() + 0.1;

  it('answers one product when its score leads the next above the threshold clearly', async () => {
    const { search, rank } = serviceRanking([{ productId: 1, score: above + 0.25 }, { productId: 2, score: above }], []);
    const result = await search('acme kettle');
    expect(result.product?.id).toBe(1);
    expect(result.matches).toEqual([]);
    expect(rank).toHaveBeenCalledTimes(1);
  });

  it('passes over a product shoppers may see no offer of (all held): the next one is the answer', async () => {
    const { search } = serviceRanking([{ productId: 1, score: above + 0.5 }, { productId: 2, score: above }], [], [1]);
    const result = await search('acme kettle');
    expect(result.product?.id).toBe(2);
    expect(result.similarProducts.map((p) => p.id)).not.toContain(1);
  });

  it('lists the products from the wider ranking when the lead is small', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const { search } = serviceRanking(close, [...close, { productId: 3, score: above - 0.01 }, { productId: 4, score: matchThreshold() / 2 }]);
    const result = await search('acme kettle');
    expect(result.product).toBeNull();
    expect(result.matches.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([4]);
  });

  it('answers the one product left above the threshold when the wider ranking leaves only one', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const { search } = serviceRanking(close, [{ productId: 2, score: above + 0.1 }, { productId: 1, score: matchThreshold() / 2 }]);
    const result = await search('acme kettle');
    expect(result.product?.id).toBe(2);
    expect(result.matches).toEqual([]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([1]);
  });

  it('lists only the products holding every word when some that fit do; the others are similar products', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const wider = [
      { productId: 1, score: above + 0.05, holdsAllWords: true },
      { productId: 2, score: above, holdsAllWords: false },
      { productId: 3, score: above - 0.02, holdsAllWords: true },
      { productId: 4, score: matchThreshold() - 0.05, holdsAllWords: true },
    ];
    const { search } = serviceRanking(close, wider);
    const result = await search('acme kettle');
    expect(result.product).toBeNull();
    expect(result.matches.map((p) => p.id)).toEqual([1, 3, 4]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([2]);
  });

  it('answers the one product holding every word when the others that fit lack one', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const { search } = serviceRanking(close, [
      { productId: 2, score: above + 0.05, holdsAllWords: false },
      { productId: 1, score: above, holdsAllWords: true },
    ]);
    const result = await search('acme kettle');
    expect(result.product?.id).toBe(1);
    expect(result.matches).toEqual([]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([2]);
  });

  it('lists every product that fits when none holds every word', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const { search } = serviceRanking(close, [...close, { productId: 3, score: matchThreshold() - 0.05 }]);
    const result = await search('acme kettle');
    expect(result.matches.map((p) => p.id)).toEqual([1, 2]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([3]);
  });
});

describe('similar products of typed words that name a product', () => {
  const named: Record<number, [string, string]> = {
    1: ['Sony WH-1000XM5 Wireless Headphones (Silver)', 'Sony'],
    2: ['Sony WH-1000XM5 Wireless Headphones (Black)', 'Sony'],
    3: ['Garmin Venu 3 Smartwatch (Silver)', 'Garmin'],
    4: ['Bose QuietComfort Headphones (Silver)', 'Bose'],
  };
  const above = matchThreshold() + 0.1;

  it('share something of that product, a colour typed with it aside', async () => {
    const service = createSearchService({
      catalog: {
        // No listings: what the words hold is as the ranking says.
        offerRefsOfProducts: async () => new Map(),
        offerItems: async () => new Map(),
        productIdByExactTitle: async () => null,
        getProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, { ...product(id), title: named[id]?.[0] ?? '', brand: named[id]?.[1] ?? null }])),
        offersOfProduct: async () => [],
        priceHistoryOfProduct: async () => [],
      } as unknown as CatalogRepository,
      matcher: {
        rankAsync: async () => [
          { productId: 1, score: above + 0.3 },
          { productId: 3, score: above - 0.2 },
          { productId: 2, score: above - 0.25 },
          { productId: 4, score: above - 0.3 },
        ],
        relatedAsync: async () => [],
        fitAsync: async () => null,
      },
      requests: { get: async () => null, save: async () => true } satisfies SearchRequestRepository,
      pages: {} as PageReader,
    });
    const result = await service.search({ requestId: randomUUID(), query: 'wh1000xm5 silver' });
    expect(result.product?.id).toBe(1);
    expect(result.similarProducts.map((p) => p.id)).toEqual([2, 4]);
  });
});

/**
 * The listings of the fakes' products, one per product (its offer id is the product's id): what tells whether a best
 * fit holds what typed words name.
 */
const LISTED: Record<number, string> = { 1: 'Acme Kettle 1.7 L', 3: 'Not a Pink Slipper', 4: 'Sony PlayStation 5 Slim Digital Console' };
const listings = {
  offerRefsOfProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, LISTED[id] ? [{ id }] : []])),
  offerItems: async (ids: readonly number[]) => new Map(ids.filter((id) => LISTED[id]).map((id) => [id, { title: LISTED[id], brand: null, model: null }])),
};

/** A search service whose stand-in matcher ranks each words' own products, with a corrector answering `correction`. */
function serviceCorrecting(rankings: Record<string, RankedProduct[]>, correction: string | null) {
  const correct = jest.fn(async (_text: string) => correction);
  const service = createSearchService({
    catalog: {
      productIdByExactTitle: async () => null,
      productsByModelCode: async () => [],
      getProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, product(id)])),
      ...listings,
      offersOfProduct: async () => [],
      priceHistoryOfProduct: async () => [],
    } as unknown as CatalogRepository,
    matcher: { rankAsync: async (item: { title: string }) => rankings[item.title] ?? [], relatedAsync: async () => [], fitAsync: async () => null },
    requests: { get: async () => null, save: async () => true } satisfies SearchRequestRepository,
    pages: {} as PageReader,
    spelling: { correct, codesHolding: () => [], compoundsOf: () => [], compoundsBegunBy: () => [], offersCarrying: () => 0 },
  });
  return { correct, search: (query: string) => service.search({ requestId: randomUUID(), query }) };
}

describe('text search corrects spelling by what the words find', () => {
  const threshold = matchThreshold();

  it('does not correct words whose answer holds every one of them', async () => {
    const { search, correct } = serviceCorrecting({ 'acme kettel': [{ productId: 1, score: threshold + 0.2, holdsAllWords: true }] }, 'acme kettle');
    const result = await search('acme kettel');
    expect(result.correctedQuery).toBeNull();
    expect(result.product?.id).toBe(1);
    expect(correct).not.toHaveBeenCalled();
  });

  it('answers the corrected words when the typed ones find nothing or only products lacking a word, and the corrected ones clearly more', async () => {
    const nothing = serviceCorrecting(
      { 'acme kettel': [{ productId: 2, score: threshold - 0.1 }], 'acme kettle': [{ productId: 1, score: threshold + 0.2, holdsAllWords: true }] },
      'acme kettle',
    );
    const corrected = await nothing.search('acme kettel');
    expect(corrected).toMatchObject({ correctedQuery: 'acme kettle', input: { query: 'acme kettel' }, source: { title: 'acme kettle' } });
    expect(corrected.product?.id).toBe(1);

    // Above the threshold, but only through the other words.
    const partly = serviceCorrecting(
      { 'acme kettel': [{ productId: 2, score: threshold + 0.05, holdsAllWords: false }], 'acme kettle': [{ productId: 1, score: threshold + 0.3, holdsAllWords: true }] },
      'acme kettle',
    );
    expect((await partly.search('acme kettel')).correctedQuery).toBe('acme kettle');
  });

  it('answers the typed words, uncorrected, when the corrected ones find nothing', async () => {
    const { search, correct } = serviceCorrecting({ 'not a mink': [], 'not a pink': [{ productId: 3, score: threshold - 0.02 }] }, 'not a pink');
    const result = await search('not a mink');
    expect(correct).toHaveBeenCalledWith('not a mink');
    expect(result).toMatchObject({ correctedQuery: null, product: null, matches: [], source: { title: 'not a mink' } });
  });

  it('answers the typed words when they find something and the corrected ones find products the matcher is not clearly more confident in', async () => {
    const typedBest = threshold + 0.02;
    const rankings = (gain: number) => ({
      // Named as the answer, though no listing says it holds every word.
      'acme kettel': [{ productId: 2, score: typedBest }],
      'acme kettle': [{ productId: 1, score: typedBest + gain, holdsAllWords: true }],
    });
    const barely = serviceCorrecting(rankings(CORRECTION_GAIN - 0.01), 'acme kettle');
    const result = await barely.search('acme kettel');
    expect(result.correctedQuery).toBeNull();
    expect(result.product?.id).not.toBe(1);
    expect(result.source.title).toBe('acme kettel');

    const clearly = serviceCorrecting(rankings(CORRECTION_GAIN + 0.01), 'acme kettle');
    expect((await clearly.search('acme kettel')).correctedQuery).toBe('acme kettle');
  });

  it('answers the corrected words when the typed ones find nothing and what the corrected ones find holds every word, however little the matcher’s confidence rose', async () => {
    const rankings = (holdsAllWords: boolean) => ({
      'acme kettel': [{ productId: 2, score: threshold - 0.05 }],
      'acme kettle': [{ productId: 1, score: threshold + CORRECTION_GAIN - 0.08, holdsAllWords }],
    });
    const held = await serviceCorrecting(rankings(true), 'acme kettle').search('acme kettel');
    expect(held).toMatchObject({ correctedQuery: 'acme kettle', product: { id: 1 } });

    // Products that lack a corrected word are no more found than nothing.
    const lacking = await serviceCorrecting(rankings(false), 'acme kettle').search('acme kettel');
    expect(lacking).toMatchObject({ correctedQuery: null, product: null, matches: [] });
  });
});

describe('text search writes a name as the catalog writes it', () => {
  const threshold = matchThreshold();
  /** A service over a catalog whose offers carry the words of `carried`, with a corrector answering `correction`. */
  function serviceAliasing(rankings: Record<string, RankedProduct[]>, carried: Record<string, number>, correction: string | null = null, titles: Record<number, string> = {}) {
    const correct = jest.fn(async (_text: string) => correction);
    // Listings say together every name whose words they carry.
    const said = (words: readonly string[]) => words.every((word) => (carried[word] ?? 0) > 0);
    const index = {
      offerCounts: async (words: readonly string[]) => new Map(words.map((word) => [word, carried[word] ?? 0])),
      productsCarrying: async (words: readonly string[], prefix: string) => (said([...words, ...prefix.split(' ')]) ? [{ productId: 1, title: '', offerCount: 1 }] : []),
    };
    const service = createSearchService({
      catalog: {
        productIdByExactTitle: async () => null,
        getProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, { ...product(id), title: titles[id] ?? `Product ${id}` }])),
        ...listings,
        offersOfProduct: async () => [],
        priceHistoryOfProduct: async () => [],
      } as unknown as CatalogRepository,
      index,
      aliases: createTypedAliases(index),
      matcher: { rankAsync: async (item: { title: string }) => rankings[item.title] ?? [], relatedAsync: async () => [], fitAsync: async () => null },
      requests: { get: async () => null, save: async () => true } satisfies SearchRequestRepository,
      pages: {} as PageReader,
      spelling: { correct, codesHolding: () => [], compoundsOf: () => [], compoundsBegunBy: () => [], offersCarrying: () => 0 },
    });
    return { correct, search: (query: string) => service.search({ requestId: randomUUID(), query }) };
  }

  it('answers a line’s short name as its name, and says so, before correcting its spelling', async () => {
    const { search, correct } = serviceAliasing({ 'playstation 5 slim': [{ productId: 4, score: threshold + 0.3, holdsAllWords: true }] }, { playstation: 3, '5': 40, slim: 2 }, 'ps slim');
    const result = await search('ps5 slim');
    expect(result).toMatchObject({ correctedQuery: 'playstation 5 slim', input: { query: 'ps5 slim' } });
    expect(result.product?.id).toBe(4);
    expect(correct).not.toHaveBeenCalled();
  });

  it('answers the name as its listings write it when what it finds holds every word, however the typed words scored', async () => {
    const cameras = [{ productId: 7, score: threshold + 0.3, holdsAllWords: false }, { productId: 8, score: threshold + 0.28, holdsAllWords: false }];
    const { search } = serviceAliasing(
      { 'ps5 digital': cameras, 'playstation 5 digital': [{ productId: 4, score: threshold + 0.25, holdsAllWords: true }] },
      { playstation: 3, '5': 40, digital: 30 },
    );
    const result = await search('ps5 digital');
    expect(result.correctedQuery).toBe('playstation 5 digital');
    expect(result.product?.id).toBe(4);
  });

  it('answers the words as typed when the name as listings write it finds only products lacking a word: the catalog does not sell that line', async () => {
    const { search } = serviceAliasing(
      { 'playstation 4': [{ productId: 5, score: threshold + 0.1, holdsAllWords: false }, { productId: 6, score: threshold - 0.1, holdsAllWords: false }] },
      { playstation: 3, '4': 40 },
      null,
      { 5: 'Sony PlayStation 5 Pro Console', 6: 'Apple AirPods 4' },
    );
    const result = await search('ps4');
    expect(result).toMatchObject({ correctedQuery: null, product: null, matches: [] });
    // What the name as listings write it finds is no answer, but no dead end either: the line's products are similar
    // ones, not those that share only its number.
    expect(result.similarProducts.map((p) => p.id)).toEqual([5]);
  });

  it('corrects the spelling when the catalog writes no name of the words otherwise', async () => {
    const { search } = serviceAliasing({ 'acme kettle': [{ productId: 1, score: threshold + 0.2, holdsAllWords: true }] }, { acme: 2, kettle: 5 }, 'acme kettle');
    expect((await search('acme kettel')).correctedQuery).toBe('acme kettle');
  });
});

describe('a search asked again while it is being answered', () => {
  function slowService() {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rank = jest.fn(async () => {
      await gate;
      return [{ productId: 1, score: matchThreshold() + 0.5 }];
    });
    const service = serviceOver(rank);
    return { service, rank, release };
  }

  it('waits for that answer instead of running the search a second time', async () => {
    const { service, rank, release } = slowService();
    const requestId = randomUUID();
    const first = service.search({ requestId, query: 'kettle' });
    const again = service.search({ requestId, query: 'kettle' });
    release();
    const [one, two] = await Promise.all([first, again]);
    expect(two).toBe(one);
    expect(rank).toHaveBeenCalledTimes(1);
  });

  it('refuses the request id for other words meanwhile', async () => {
    const { service, release } = slowService();
    const requestId = randomUUID();
    const first = service.search({ requestId, query: 'kettle' });
    await expect(service.search({ requestId, query: 'toaster' })).rejects.toMatchObject({ field: 'requestId' });
    release();
    await first;
  });
});
