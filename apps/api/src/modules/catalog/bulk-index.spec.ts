import { sqliteCatalogOf } from '../../testing/sqlite-catalog';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { createBulkCatalogIndex, hash32, importSyntheticCatalog } from '@pricehunt/catalog-core';
import { describeOnEngine, rows, values } from '../../testing/db';
import { present } from '@pricehunt/contracts';

describeOnEngine('sqlite', 'bulk catalog index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await importSyntheticCatalog(t.app.catalog.ingestion, { offers: 1500, seed: 3 });
  });
  afterAll(async () => t.close());

  const ids = (refs: Array<{ id: number }>) => refs.map((ref) => ref.id).sort((a, b) => a - b);

  it('answers the candidate lookups as the catalog does', async () => {
    const { repository } = sqliteCatalogOf(t.app);
    const index = createBulkCatalogIndex(repository.iterateOfferKeys());
    const keys = await rows<{ gtin: string | null; modelKey: string | null }>(
      t.app,
      'SELECT gtin, model_key AS "modelKey" FROM offers WHERE gtin IS NOT NULL OR model_key IS NOT NULL ORDER BY id LIMIT 300',
    );
    expect(keys.length).toBeGreaterThan(100);
    for (const row of keys) {
      if (row.gtin) expect(ids(index.lookup.offersWithGtin(row.gtin, 20))).toEqual(ids(repository.offersWithGtin(row.gtin, 20)));
      if (row.modelKey) {
        expect(ids(index.lookup.offersWithModelKey(row.modelKey, 50))).toEqual(ids(repository.offersWithModelKey(row.modelKey, 50)));
        // A prefix finds the longer keys too, as the SQL range scan does.
        const prefix = row.modelKey.slice(0, Math.max(3, row.modelKey.length - 2));
        expect(ids(index.lookup.offersWithModelKey(prefix, 50))).toEqual(ids(repository.offersWithModelKey(prefix, 50)));
        // And a key with a colour code after it finds the key without, as the catalog's lookup does.
        expect(ids(index.lookup.offersWithModelKey(`${row.modelKey}BK`, 50))).toEqual(ids(repository.offersWithModelKey(`${row.modelKey}BK`, 50)));
        const products = (list: Array<{ productId: number }>) => list.map((hit) => hit.productId).sort((a, b) => a - b);
        expect(products(index.lookup.productsWithModelKey(row.modelKey))).toEqual(products(repository.productsWithModelKey(row.modelKey)));
      }
    }
  });

  it('lists the offers of a product as the catalog does', async () => {
    const { repository } = sqliteCatalogOf(t.app);
    const index = createBulkCatalogIndex(repository.iterateOfferKeys());
    const products = await values<number>(t.app, 'SELECT id FROM products ORDER BY id LIMIT 200');
    expect(products.length).toBeGreaterThan(100);
    for (const productId of products) {
      expect(ids(index.lookup.offerRefsOfProduct(productId, 20))).toEqual(ids(repository.offerRefsOfProduct(productId, 20)));
    }
  });

  it('knows every stored link and retailer id, and nothing else', () => {
    const { repository } = sqliteCatalogOf(t.app);
    const index = createBulkCatalogIndex(repository.iterateOfferKeys());
    const offer = present(repository.getOffer(42));
    expect(index.offerIdByCanonicalUrl(offer.canonicalUrl)).toBe(42);
    expect(index.offerIdByExternalId(offer.retailerId, offer.externalId)).toBe(42);
    expect(index.offerIdByCanonicalUrl('https://example.com/not-in-the-catalog')).toBeNull();
    expect(index.offerIdByExternalId(offer.retailerId, 'no-such-id')).toBeNull();
    index.add(99_999, 1, 'now', { canonicalUrl: 'https://example.com/new', gtin: null, modelKey: 'ZZ9000', brand: 'Acme' }, 'example', 'N1');
    expect(index.offerIdByCanonicalUrl('https://example.com/new')).toBe(99_999);
    expect(index.lookup.offersWithModelKey('ZZ9', 10).map((ref) => ref.id)).toEqual([99_999]);
    // A part number with a colour code finds the number without it; a key no longer than the minimum finds nothing shorter.
    expect(index.lookup.offersWithModelKey('ZZ9000BK', 10).map((ref) => ref.id)).toEqual([99_999]);
    expect(index.lookup.offersWithModelKey('ZZ9000BLACK', 10)).toEqual([]);
    expect(index.lookup.offersWithModelKey('ZZ900', 10).map((ref) => ref.id)).toEqual([99_999]);
    // Every model key an offer states finds it, not only the one the catalog stores.
    index.add(100_000, 2, 'now', { canonicalUrl: 'https://example.com/two', gtin: null, modelKey: 'V11', brand: 'Acme' }, 'example', 'N2', ['V11', '52401701']);
    expect(index.lookup.offersWithModelKey('52401701IP', 10).map((ref) => ref.id)).toEqual([100_000]);
  });

  it('hashes strings to 32-bit numbers', () => {
    expect(hash32('')).toBe(0x811c9dc5);
    expect(hash32('a')).toBe(0xe40c292c);
    expect(hash32('https://amazon.com/dp/B08N5WRWNW')).not.toBe(hash32('https://amazon.com/dp/B08N5WRWNX'));
  });
});
