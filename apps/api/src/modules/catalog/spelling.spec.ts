import { feedOffer } from '@pricehunt/storage/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { closestWord, editDistance } from '@pricehunt/catalog-core';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('samsng', 'samsung', 2)).toBe(1);
    expect(editDistance('samsungg', 'samsung', 2)).toBe(1);
    expect(editDistance('samsyng', 'samsung', 2)).toBe(1);
    expect(editDistance('appel', 'apple', 2)).toBe(1);
    expect(editDistance('headphnoes', 'headphones', 2)).toBe(1);
    expect(editDistance('hedphnes', 'headphones', 2)).toBe(2);
    expect(editDistance('watch', 'watch', 1)).toBe(0);
  });

  it('stops past the bound', () => {
    expect(editDistance('kettle', 'blender', 2)).toBe(3);
    expect(editDistance('tv', 'television', 1)).toBe(2);
  });
});

describe('closestWord', () => {
  const counts: Record<string, number> = { apple: 50, maple: 3, ample: 1, watch: 40, match: 2 };
  const frequency = (word: string) => counts[word] ?? 0;
  const words = Object.keys(counts);

  it('takes the fewest edits, then the word most offers carry', () => {
    expect(closestWord('appel', words, frequency)).toBe('apple');
    expect(closestWord('wacth', words, frequency)).toBe('watch');
    // "mapple" is one edit from both "maple" and "apple": the commoner word wins.
    expect(closestWord('mapple', words, frequency)).toBe('apple');
  });

  it('answers null when no word is close enough (one edit for short words)', () => {
    expect(closestWord('aplpe', ['apple'], frequency)).toBe('apple');
    expect(closestWord('apxxe', ['apple'], frequency)).toBeNull();
    expect(closestWord('kettle', words, frequency)).toBeNull();
  });
});

describe('spelling corrector on the catalog’s index', () => {
  let t: TestApp;
  const offer = (externalId: string, title: string, brand: string) => feedOffer({ externalId, url: `https://www.amazon.com/dp/${externalId}`, title, brand });

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.catalog.ingestion.importOffers(
      [
        offer('B0SPELL001', 'Apple Watch Series 10 GPS 42mm Jet Black', 'Apple'),
        offer('B0SPELL002', 'Sony WH-1000XM5 Wireless Headphones Black', 'Sony'),
        offer('B0SPELL003', 'Samsung 990 PRO 2TB NVMe SSD', 'Samsung'),
        offer('B0SPELL004', 'Sony PlayStation 5 Console White', 'Sony'),
      ],
      { format: 'gmc', source: 'spelling fixtures' },
    );
    await t.app.catalog.spelling.ready();
  });
  afterAll(() => t.close());

  it('replaces misspelt words with catalog words and keeps the rest as typed', async () => {
    const { spelling } = t.app.catalog;
    expect(await spelling.correct('Appel Watch series 10')).toBe('Apple Watch series 10');
    expect(await spelling.correct('SAMSNG ssd')).toBe('SAMSUNG ssd');
    expect(await spelling.correct('sony wireless headphnes')).toBe('sony wireless headphones');
    expect(await spelling.correct('samsng 990 pro 2tb')).toBe('samsung 990 pro 2tb');
    expect(await spelling.correct('Sony PlyaStation 5')).toBe('Sony PlayStation 5');
    expect(await spelling.correct('sony playstaiton 5')).toBe('sony playstation 5');
  });

  it('leaves known words, short words and model numbers alone', async () => {
    const { spelling } = t.app.catalog;
    expect(await spelling.correct('apple watch')).toBeNull();
    expect(await spelling.correct('sny tv')).toBeNull();
    expect(await spelling.correct('WH-1000XM6')).toBeNull();
    expect(await spelling.correct('zzzzzz qqqqqq')).toBeNull();
  });

  it('learns the words of an import', async () => {
    expect(await t.app.catalog.spelling.correct('kettel')).toBeNull();
    await t.app.catalog.ingestion.importOffers([offer('B0SPELL004', 'Acme Electric Kettle 1.7L', 'Acme')], { format: 'gmc', source: 'more' });
    await t.app.catalog.spelling.ready();
    expect(await t.app.catalog.spelling.correct('acme kettel')).toBe('acme kettle');
  });
});

describe('spelling on several API instances', () => {
  it("learns the words another instance imported, within SPELLING_REFRESH_SECONDS", async () => {
    const importer = await buildTestApp();
    await importer.app.catalog.ingestion.importOffers(
      [feedOffer({ externalId: 'B0KETTLE01', url: 'https://www.amazon.com/dp/B0KETTLE01', title: 'Acme Electric Kettle 1.7L', brand: 'Acme' })],
      { format: 'gmc', source: 'first' },
    );
    const other = await buildTestApp({ DATABASE_URL: importer.databaseUrl, SPELLING_REFRESH_SECONDS: '1' });
    try {
      await other.app.ready();
      await other.app.catalog.spelling.ready();
      expect(await other.app.catalog.spelling.correct('acme kettel')).toBe('acme kettle');
      expect(await other.app.catalog.spelling.correct('acme toastre')).toBeNull();
      await importer.app.catalog.ingestion.importOffers(
        [feedOffer({ externalId: 'B0TOAST001', url: 'https://www.amazon.com/dp/B0TOAST001', title: 'Acme Toaster 2-Slice Stainless', brand: 'Acme' })],
        { format: 'gmc', source: 'elsewhere' },
      );
      let corrected: string | null = null;
      for (let i = 0; i < 40 && corrected === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await other.app.catalog.spelling.ready();
        corrected = await other.app.catalog.spelling.correct('acme toastre');
      }
      expect(corrected).toBe('acme toaster');
    } finally {
      await other.close();
      await importer.close();
    }
  });
});
