import { buildTestApp } from '../../testing/test-app';
import { feedOffer } from '@pricehunt/storage/testing';

describe('ranking an offer to join a product', () => {
  it('leaves out products a member of which states another part number, and keeps the one that states it', async () => {
    const t = await buildTestApp();
    try {
      await t.app.catalog.ingestion.importOffers(
        [
          feedOffer({ externalId: '1', url: 'https://www.bestbuy.com/site/x/1.p', title: 'Dyson V15 Detect 343207-01 Cordless Vacuum - Gray', brand: 'Dyson', mpn: '343207-01' }),
          feedOffer({ externalId: '2', url: 'https://www.bestbuy.com/site/x/2.p', title: 'Dyson V15 Detect 788306-01 Cordless Vacuum - Gray', brand: 'Dyson', mpn: '788306-01' }),
        ],
        { format: 'gmc', source: 'vacuums' },
      );
      const productOf = async (id: string) => (await t.app.storage.catalog.findOfferByExternalId('bestbuy', id))?.productId;
      const [one, two] = [await productOf('1'), await productOf('2')];
      expect(one).not.toBe(two);
      const item = { title: 'Dyson V15 Detect Cordless Vacuum, Gray', brand: 'Dyson', model: '343207-01' };
      const joining = (await t.app.catalog.matcher.rankAsync(item, { useIndex: true, joining: true })).map((entry) => entry.productId);
      expect(joining).toContain(one);
      expect(joining).not.toContain(two);
      // A search still lists it (lower), as a product like the one asked about.
      expect((await t.app.catalog.matcher.rankAsync(item, { useIndex: true })).map((entry) => entry.productId)).toContain(two);
    } finally {
      await t.close();
    }
  });

  it("keeps a product whose part number is one the offer states in its words, as another retailer's listing of it", async () => {
    const t = await buildTestApp();
    try {
      await t.app.catalog.ingestion.importOffers(
        [feedOffer({ externalId: '1', url: 'https://www.walmart.com/ip/x/1', retailer: 'walmart', title: 'Logitech N315 Lapdesk', brand: 'Logitech', mpn: 'N315' })],
        { format: 'gmc', source: 'walmart' },
      );
      const lapdesk = (await t.app.storage.catalog.findOfferByExternalId('walmart', '1'))?.productId;
      // The offer's part number is its maker's (939-000181), and it names the model N315 in its words.
      const item = { title: 'Logitech Portable Lapdesk N315', brand: 'Logitech', model: '939-000181' };
      const [best] = await t.app.catalog.matcher.rankAsync(item, { useIndex: true, joining: true, retailer: 'amazon' });
      expect(best?.productId).toBe(lapdesk);
      // Stating neither, another part number still leaves it out.
      const other = { title: 'Logitech Portable Lapdesk', brand: 'Logitech', model: '939-000389' };
      expect((await t.app.catalog.matcher.rankAsync(other, { useIndex: true, joining: true, retailer: 'amazon' })).map((entry) => entry.productId)).not.toContain(lapdesk);
    } finally {
      await t.close();
    }
  });
});
