import { op, type CatalogServices } from '@pricehunt/catalog-core';
import { createPgCatalogServices } from '../../index';
import { feedOffer } from '../../testing';
import { openPortEngine, type PostgresEngine } from '../../testing';

// An import on PostgreSQL reads how many offers carry a word through the GIN index. Its units of work share those
// counts and keep them up to date with the offers they insert: the joins at an import's end (thousands of short units of
// work that move offers between products) count each word once, not once per unit, and a row's words are not counted
// again because the row before carried them.

const sonyOffer = (externalId: string) =>
  feedOffer({ externalId, url: `https://shop-${externalId.toLowerCase()}.example/p/${externalId}`, title: `Sony SRS-XB${externalId} Speaker`, brand: 'Sony' });

describe('word counts of an import on PostgreSQL', () => {
  let db: PostgresEngine;
  beforeEach(async () => {
    db = await openPortEngine('postgres');
  });
  afterEach(async () => {
    await db.close();
  });

  /** How many offers carry each of `words`, as the store's next unit of work reads it. */
  const countsOf = async (catalog: CatalogServices, words: string[]) =>
    Object.fromEntries(
      await catalog.store.unitOfWork(function* () {
        return yield* op('documentFrequencies', words);
      }),
    );
  const sonyCount = async (catalog: CatalogServices) => (await countsOf(catalog, ['sony'])).sony;

  /** A store that has counted "sony" on its one Sony offer; then another process imports a second one. */
  async function storeThatCountedSony(): Promise<CatalogServices> {
    const catalog = createPgCatalogServices(db.handle);
    await catalog.ingestion.importOffers([sonyOffer('10')], { format: 'gmc', source: 'first' });
    expect(await sonyCount(catalog)).toBe(1);
    const other = createPgCatalogServices(db.handle);
    await other.ingestion.importOffers([sonyOffer('20')], { format: 'gmc', source: 'other' });
    return catalog;
  }

  it('are kept across units of work, grow by the store’s own offers, and are read anew once 30 s old', async () => {
    const catalog = await storeThatCountedSony();
    // Another process added an offer: this store's counts are the ones it read (as SQLite's are, for a while).
    expect(await sonyCount(catalog)).toBe(1);

    // Its own import adds one: the count it kept grows by it.
    await catalog.ingestion.importOffers([sonyOffer('30')], { format: 'gmc', source: 'second' });
    expect(await sonyCount(catalog)).toBe(2);

    // 30 s on, every count is read anew, the other process's offer with it.
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      expect(await sonyCount(catalog)).toBe(3);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('grow by the offers a unit of work inserted, without being read anew; after a changed text, all are read anew', async () => {
    const catalog = await storeThatCountedSony();
    expect(await countsOf(catalog, ['speaker'])).toEqual({ speaker: 2 });
    const speaker = (externalId: string, title: string, brand: string) => feedOffer({ externalId, url: `https://shop-${externalId.toLowerCase()}.example/p/${externalId}`, title, brand });
    // Another process adds a speaker: this store's "speaker" stays the count it read.
    const other = createPgCatalogServices(db.handle);
    await other.ingestion.importOffers([speaker('J1', 'JBL Flip 6 Speaker', 'JBL')], { format: 'gmc', source: 'other' });

    // Its own import adds two Bose speakers: "speaker" grows by two from the count it kept (not read
    // again, which would also take in the JBL); "bose", when the second one's candidates counted it after the first was
    // inserted, grows by the second alone; "sony", which neither carries, stays.
    const boses = [speaker('B1', 'Bose SoundLink Flex Speaker', 'Bose'), speaker('B2', 'Bose SoundLink Micro Speaker', 'Bose')];
    await catalog.ingestion.importOffers(boses, { format: 'gmc', source: 'bose' });
    expect(await countsOf(catalog, ['sony', 'speaker', 'bose'])).toEqual({ sony: 1, speaker: 4, bose: 2 });

    // An offer's title changed: words may have left it, every count is read anew.
    await catalog.ingestion.importOffers([{ ...sonyOffer('10'), title: 'Sony SRS-XB10 Portable Speaker' }], { format: 'gmc', source: 'first' });
    expect(await countsOf(catalog, ['sony', 'speaker'])).toEqual({ sony: 2, speaker: 5 });
  });
});
