import { seedOffers } from '../../testing';
import { ENGINES, openPortEngine, type EngineConnection, type EngineName, type PortEngine } from '../../testing';
import { seedSearchCatalog } from '../../testing';
import { BULK_SQL, createPgSearchIndexRepository, createSqliteSearchIndexRepository } from '../../index';
import { indexWords, type SearchIndexRepository } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';

type EngineKey = EngineName;

interface Subject {
  db: PortEngine;
  index: SearchIndexRepository;
  /** The port on another connection (pool) to the same database, as another API process has it. */
  another(): Promise<SearchIndexRepository>;
  /** How many times the PostgreSQL vocabulary was refreshed (0 on SQLite, whose vocabulary table is live). */
  refreshes(): number;
}

const port = (connection: EngineConnection): SearchIndexRepository =>
  connection.engine === 'sqlite'
    ? createSqliteSearchIndexRepository(connection.handle)
    : createPgSearchIndexRepository(connection.handle, { vocabularyDelayMs: 50 });

async function open(engine: EngineName): Promise<Subject> {
  const db = await openPortEngine(engine);
  let refreshes = 0;
  if (db.engine === 'postgres') {
    const { pool } = db.handle;
    const query = pool.query.bind(pool);
    jest.spyOn(pool, 'query').mockImplementation((config: unknown, values?: unknown) => {
      if (typeof config === 'string' && config.startsWith('REFRESH MATERIALIZED VIEW')) refreshes++;
      return (query as (c: unknown, v?: unknown) => unknown)(config, values);
    });
  }
  return { db, index: port(db), another: async () => port(await db.connect()), refreshes: () => refreshes };
}

/** What each engine answers, where they differ; `both` where they agree. */
type PerEngine<T> = { both: T } | Record<EngineKey, T>;
const expected = <T>(answer: PerEngine<T>, engine: EngineKey): T => ('both' in answer ? answer.both : answer[engine]);

/**
 * Full-text candidates (offer ids, best first) for real-looking queries, as callers pass them (`indexWords`). Both
 * engines find the same offers: PostgreSQL's offers' words are split as FTS5's unicode61 splits them (migration
 * 0007: "kd-55x80k" is "kd" and "55x80k", "1.5" is "1" and "5", "WH-1000XM5/B" is "wh", "1000xm5", "b"), and accents
 * are folded on both. The order of offers that carry the words about equally well may differ: SQLite ranks by bm25,
 * which weighs each word by its rarity (inverse document frequency) and a column's length; PostgreSQL's ts_rank
 * weighs by the column weights and how often a word occurs, without rarity, divided by the log of the offer's length
 * (so that a short listing of the words comes before a long one, as with bm25). Orders that differ are pinned here.
 */
const CANDIDATES: Array<[string, PerEngine<number[]>]> = [
  // A dashed model number: its parts on both engines (no whole "kd-55x80k" word on PostgreSQL any more).
  ['Sony KD-55X80K', { both: [1, 3, 5, 6, 2, 4] }],
  ['sony kd 55x80k tv', { both: [1, 3, 2, 5, 6, 4] }],
  ['WH-1000XM5', { both: [4, 6] }],
  ['sony wh1000xm5', { both: [5, 6, 3, 2, 4, 1] }],
  // "1.5" is the words "1" and "5" on both.
  ['1.5 TB', { both: [9, 7, 12, 8] }],
  ['portable 1.5tb', { both: [8, 7, 9] }],
  // Accents: "Nestlé Café Crème" and "Nestle Cafe Creme" are the same words on both engines.
  ['nestlé café crème', { both: [10, 11] }],
  ['nestle creme', { both: [10, 11] }],
  // Letters FTS5 keeps (ß, ø, æ) are folded by PostgreSQL's unaccent (ss, o, ae): a caller's word is folded the same
  // way by to_tsquery, so it finds the same offers.
  ['Müller weißbier', { both: [12] }],
  ['bjørn ærø', { both: [13] }],
  ["levi's 501", { both: [14] }],
  ['sony headphones wireless black', { both: [4, 5, 6, 3, 2, 1] }],
  ['zzz', { both: [] }],
];

describe.each(ENGINES)('search index port on %s', (name) => {
  let s: Subject;
  beforeAll(async () => {
    s = await open(name);
    await seedSearchCatalog(s.db.query, name);
    // As an import does after its batches: PostgreSQL's vocabulary (a materialized view) is refreshed then.
    await s.index.changed();
  });
  afterAll(async () => s.db.close());

  it.each(CANDIDATES)('candidates of %s', async (query, answer) => {
    const hits = await s.index.candidates(indexWords(query));
    expect(hits.map((hit) => hit.offerId)).toEqual(expected(answer, name));
    // The same offers on both engines.
    expect(hits.map((hit) => hit.offerId).sort((a, b) => a - b)).toEqual([...expected(answer, 'sqlite')].sort((a, b) => a - b));
  });

  it('takes words with tsquery or FTS5 syntax in them as words', async () => {
    const words = ["kd':* | !sony", '55x80k) & (', 'x\\y', '"', ''];
    expect((await s.index.candidates(words)).map((hit) => hit.offerId).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await s.index.candidates(words, { rarest: 3 })).map((hit) => hit.offerId)).toEqual([3, 1]);
    expect(await s.index.offerCounts(["'sony'", 'sony:*'])).toEqual(new Map([["'sony'", 0], ['sony:*', 0]]));
    expect((await s.index.productsCarrying(["sony' | 'x"], "kd'", 30)).map((p) => p.productId)).toEqual([]);
  });

  it('answers hits with their product, ISO instant and a rank that is lower for better hits', async () => {
    const hits = await s.index.candidates(['sony', 'kd', '55x80k']);
    expect(Object.keys(present(hits[0]))).toEqual(['offerId', 'productId', 'updatedAt', 'rank']);
    expect(hits[0]).toMatchObject({ offerId: 1, productId: 1, updatedAt: '2026-11-23T10:01:00.000Z' });
    expect(hits.map((hit) => hit.rank)).toEqual([...hits.map((hit) => hit.rank)].sort((a, b) => a - b));
    expect(present(hits[0]).rank).toBeLessThan(0);
    expect((await s.index.candidates(['sony'], { limit: 2 })).map((hit) => hit.offerId)).toHaveLength(2);
  });

  it('with `rarest`, finds the offers carrying the rarest shared words, newest first, unranked', async () => {
    const hits = await s.index.candidates(['sony', 'wh', '1000xm5', 'wireless'], { rarest: 2 });
    expect(hits.map((hit) => [hit.offerId, hit.rank])).toEqual([
      [6, 0],
      [4, 0],
    ]);
    // Words only one offer carries find nothing else.
    expect(await s.index.candidates(['wdbu6y0015bbk'], { rarest: 2 })).toEqual([]);
  });

  it('finds the offers carrying the longest run of leading words, of another retailer when asked', async () => {
    const ids = async (text: string, options?: { elsewhereThan?: string }) => (await s.index.leadingCandidates(indexWords(text), options)).map((hit) => hit.offerId);
    expect(await ids('Sony KD-55X80K 55" 4K Ultra HD LED Smart TV')).toEqual([1]);
    expect(await ids('sony wh-1000xm5 wireless noise canceling headphones black')).toEqual([4]);
    expect(await ids('Samsung T7 Portable SSD 1.5 TB')).toEqual([7]);
    expect(await ids('sony kd-55x80k smart', { elsewhereThan: 'amazon' })).toEqual([1, 3]);
    // Only the shop's own listing carries "levi s 501": it names no product.
    expect(await ids("Levi's 501 original", { elsewhereThan: 'shop' })).toEqual([]);
    expect(await ids("Levi's 501 original")).toEqual([14]);
  });

  it('counts documents, and offers carrying each word (0 for what is not one index word)', async () => {
    expect(await s.index.documentCount()).toBe(14);
    const words = ['sony', 'kd', '55x80k', 'kd-55x80k', '1', '5', 'tb', '1.5', 'creme', 'crème', 'weißbier', 'bjørn', 'ærø', 'Sony', 'nothing'];
    const counts = await s.index.offerCounts(words);
    expect([...counts.keys()]).toEqual(words);
    expect([...counts.values()]).toEqual([6, 2, 1, 0, 3, 3, 2, 0, 2, 0, 1, 1, 1, 0, 0]);
    // The folded spellings of letters FTS5 keeps are words on PostgreSQL only.
    expect([...(await s.index.offerCounts(['weissbier', 'bjorn', 'aero'])).values()]).toEqual(name === 'sqlite' ? [0, 0, 0] : [1, 1, 1]);
  });

  it('reads its vocabulary by range, in code-point order', async () => {
    const words = async (from: string, to: string) => (await s.index.vocabulary(from, to)).map((entry) => `${entry.word}:${entry.offers}`);
    expect(await s.index.vocabulary('wh', 'wi')).toEqual([
      { word: 'wh', offers: 2 },
      { word: 'wh1000xm5', offers: 1 },
    ]);
    // ß, ø, æ: kept by FTS5 (and so by `indexWords`), folded by unaccent.
    expect(await words('a', 'c')).toEqual(name === 'sqlite' ? ['b:1', 'bjørn:1', 'black:1', 'borg:1'] : ['aero:1', 'b:1', 'bjorn:1', 'black:1', 'borg:1']);
    expect(await words('we', 'wf')).toEqual(name === 'sqlite' ? ['weißbier:1', 'western:1'] : ['weissbier:1', 'western:1']);
    expect(await words('{', '\u{10FFFF}')).toEqual(name === 'sqlite' ? ['ærø:1'] : []);
    expect(await words('0', '2')).toEqual(['0:1', '1:3', '1000xm4:1', '1000xm5:1']);
  });

  it('finds products with offers shoppers see carrying the words and a word beginning with the prefix', async () => {
    const ids = async (words: string[], prefix: string) => (await s.index.productsCarrying(words, prefix, 30)).map((p) => p.productId);
    expect(await s.index.productsCarrying(['sony'], 'hea', 30)).toEqual([
      { productId: 3, title: 'Product 3', offerCount: 1 },
      { productId: 4, title: 'Product 4', offerCount: 1 },
    ]);
    expect(await ids([], 'kd')).toEqual([1, 2]);
    expect(await ids(['sony'], 'kd-55')).toEqual([1]);
    expect(await ids(['café'], 'cr')).toEqual([8]);
    expect(await ids([], 'weiß')).toEqual([9]);
    // Product 7 has no offers shoppers see.
    expect(await ids(['seagate'], '')).toEqual([]);
    expect(await ids(['seagate'], 'dr')).toEqual([]);
    expect(await ids(['portable'], 'ss')).toEqual([5]);
    expect(await ids(["'", 'x'], 'a')).toEqual([]);
  });

  it('finds a phrase within one of an offer’s fields, never running from one field into the next', async () => {
    const ids = async (phrase: string) => (await s.index.productsCarrying([], phrase, 30)).map((p) => p.productId);
    expect(await ids('smart tv')).toEqual([2]);
    expect(await ids('google tv')).toEqual([1]);
    // Titles end in "TV", "Headphones", "Black"; the brand, model and category follow them.
    expect(await ids('tv sony')).toEqual([]);
    expect(await ids('headphones sony')).toEqual([]);
    expect(await ids('black sony')).toEqual([]);
    expect(await ids('sony wh 1000xm5 b')).toEqual([]);
    expect(await ids('wh 1000xm5 b')).toEqual([3]);
    expect(await ids('wh 1000xm5 b headphones')).toEqual([]);
    // The words are found apart all the same.
    expect((await s.index.productsCarrying(['tv'], 'sony', 30)).map((p) => p.productId)).toEqual([1, 2]);
  });

  it('after changed(), counts and the vocabulary hold new offers (one vocabulary refresh for changes close together)', async () => {
    expect((await s.index.offerCounts(['zephyr'])).get('zephyr')).toBe(0);
    expect((await s.index.offerCounts(['sony'])).get('sony')).toBe(6);
    await seedOffers(s.db.query, [{ id: 15, retailer: 'walmart', product: 1, title: 'Sony Zephyr KD-55X80K', brand: 'Sony', price: 1 }]);
    if (name === 'sqlite') await s.db.query(BULK_SQL.indexOfferRange, [15, 15]);
    // Unknown words are never kept: a new offer's word counts at once.
    expect((await s.index.offerCounts(['zephyr'])).get('zephyr')).toBe(1);
    const before = s.refreshes();
    await Promise.all([s.index.changed(), s.index.changed(), s.index.changed()]);
    expect((await s.index.offerCounts(['sony'])).get('sony')).toBe(7);
    expect(await s.index.documentCount()).toBe(15);
    expect(await s.index.vocabulary('zephyr', 'zephys')).toEqual([{ word: 'zephyr', offers: 1 }]);
    expect(s.refreshes() - before).toBe(name === 'sqlite' ? 0 : 1);
    // Another process's port reads the same vocabulary.
    expect(await (await s.another()).vocabulary('zephyr', 'zephys')).toEqual([{ word: 'zephyr', offers: 1 }]);
  });
});
