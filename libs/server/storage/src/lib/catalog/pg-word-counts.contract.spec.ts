import { op, type CatalogServices } from '@pricehunt/catalog-core';
import { createPgCatalogServices } from '../../index';
import { feedOffer } from '../../testing';
import { openPortEngine, type PostgresEngine } from '../../testing';

// An import on PostgreSQL reads how many offers carry a word through the GIN index. Its units of work share those
// counts, as SQLite's index keeps them across an import's batches: the joins at an import's end (thousands of short
// units of work that move offers between products) count each word once, not once per unit.

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

  it('are kept across units of work that add no offers, and read anew after one that does', async () => {
    const catalog = await storeThatCountedSony();
    // Another process added an offer: this store's counts are the ones it read (as SQLite's are, for a while).
    expect(await sonyCount(catalog)).toBe(1);

    // Its own import adds one: the words are counted again.
    await catalog.ingestion.importOffers([sonyOffer('30')], { format: 'gmc', source: 'second' });
    expect(await sonyCount(catalog)).toBe(3);
  });

  it('read anew, after a unit of work that added offers, only for the words of those offers; after a changed text, all', async () => {
    const catalog = await storeThatCountedSony();
    expect(await countsOf(catalog, ['speaker'])).toEqual({ speaker: 2 });

    // Its own import adds an offer without "sony": that word's count is the one it read, the Bose offer's words are
    // counted again.
    const bose = feedOffer({ externalId: 'B1', url: 'https://shop-b1.example/p/B1', title: 'Bose SoundLink Flex Speaker', brand: 'Bose' });
    await catalog.ingestion.importOffers([bose], { format: 'gmc', source: 'bose' });
    expect(await countsOf(catalog, ['sony', 'speaker', 'bose'])).toEqual({ sony: 1, speaker: 3, bose: 1 });

    // An offer's title changed: words may have left it, every count is read anew.
    await catalog.ingestion.importOffers([{ ...sonyOffer('10'), title: 'Sony SRS-XB10 Portable Speaker' }], { format: 'gmc', source: 'first' });
    expect(await sonyCount(catalog)).toBe(2);
  });
});
