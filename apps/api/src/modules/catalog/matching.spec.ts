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

describe('two finishes of one model', () => {
  it('are two products when their names share a colour word, and a shop writing the finish shortly joins the right one', async () => {
    const t = await buildTestApp();
    try {
      const phone = (retailer: string, id: string, title: string) => feedOffer({ externalId: id, url: `https://www.${retailer}.com/p/${id}`, title, brand: 'Apple', priceCents: 99_999 });
      // The catalog knows the black one alone when another shop lists the white one, and a third the black one shortly.
      await t.app.catalog.ingestion.importOffers([phone('amazon', 'A1', 'Apple iPhone 16 Pro 128GB Black Titanium')], { format: 'gmc', source: 'amazon' });
      await t.app.catalog.ingestion.importOffers([phone('walmart', 'W1', 'Apple iPhone 16 Pro, 128GB, White Titanium')], { format: 'gmc', source: 'walmart' });
      await t.app.catalog.ingestion.importOffers([phone('target', 'T1', 'Apple iPhone 16 Pro 128GB - Black')], { format: 'gmc', source: 'target' });
      const productOf = async (retailer: string, id: string) => (await t.app.storage.catalog.findOfferByExternalId(retailer, id))?.productId;
      const black = await productOf('amazon', 'A1');
      expect(await productOf('walmart', 'W1')).not.toBe(black);
      expect(await productOf('target', 'T1')).toBe(black);
    } finally {
      await t.close();
    }
  });
});

describe("a retailer's second listing of a product", () => {
  const listing = (retailer: 'walmart' | 'amazon', externalId: string, item: { title: string; brand: string; priceCents: number; mpn?: string }) =>
    feedOffer({ externalId, url: retailer === 'walmart' ? `https://www.walmart.com/ip/x/${externalId}` : `https://www.amazon.com/dp/${externalId}`, retailer, ...item });
  const walmart = (externalId: string, title: string, priceCents: number, mpn?: string) => listing('walmart', externalId, { title, brand: title.split(' ')[0] ?? '', priceCents, mpn });
  const amazon = (externalId: string, title: string, priceCents: number, mpn?: string) => listing('amazon', externalId, { title, brand: title.replace(/^New-/, '').split(' ')[0] ?? '', priceCents, mpn });

  it('takes the place of the listing of another part number that fits the other retailers\' offers clearly worse', async () => {
    const t = await buildTestApp();
    try {
      // Real listings (Walmart-Amazon): the Dusty Rose lapdesk comes first and joins Walmart's plain one.
      await t.app.catalog.ingestion.importOffers([walmart('2024', 'Logitech N315 Lapdesk', 2488, 'N315')], { format: 'gmc', source: 'walmart' });
      await t.app.catalog.ingestion.importOffers(
        [amazon('B0MW000792', 'Logitech Portable Lapdesk N315 Dusty Rose', 2148, '939-000309'), amazon('B0MW018710', 'Logitech Portable Lapdesk N315', 2395, '939-000181')],
        { format: 'gmc', source: 'amazon' },
      );
      const productOf = async (retailer: string, id: string) => (await t.app.storage.catalog.findOfferByExternalId(retailer, id))?.productId;
      const lapdesk = await productOf('walmart', '2024');
      expect(await productOf('amazon', 'B0MW018710')).toBe(lapdesk);
      const rose = await productOf('amazon', 'B0MW000792');
      expect(rose).not.toBe(lapdesk);
      expect(rose).toEqual(expect.any(Number));
    } finally {
      await t.close();
    }
  });

  it('takes the place of the listing that words tell apart from the other retailers\' offers, when the offer states theirs', async () => {
    const t = await buildTestApp();
    try {
      // Real listings (Walmart-Amazon): Amazon's Dallas Cowboys case joined Walmart's Baltimore Ravens case first.
      const tribeca = (retailer: 'walmart' | 'amazon', id: string, title: string, mpn?: string) => listing(retailer, id, { title, brand: 'Tribeca', priceCents: 2999, mpn });
      await t.app.catalog.ingestion.importOffers([tribeca('walmart', 'ravens', 'Baltimore Ravens iPod Touch 4G Hard Case', 'FVA4584')], { format: 'gmc', source: 'walmart' });
      await t.app.catalog.ingestion.importOffers([tribeca('amazon', 'B0DALLAS', 'Dallas Cowboys iPod Touch 4G Hard Case')], { format: 'gmc', source: 'amazon' });
      const productOf = async (retailer: string, id: string) => (await t.app.storage.catalog.findOfferByExternalId(retailer, id))?.productId;
      const ravens = await productOf('walmart', 'ravens');
      expect(await productOf('amazon', 'B0DALLAS')).toBe(ravens);
      await t.app.catalog.ingestion.importOffers([tribeca('amazon', 'B0RAVENS', 'Baltimore Ravens iPod Touch 4G Hard Case')], { format: 'gmc', source: 'amazon' });
      expect(await productOf('amazon', 'B0RAVENS')).toBe(ravens);
      expect(await productOf('amazon', 'B0DALLAS')).not.toBe(ravens);
    } finally {
      await t.close();
    }
  });

  it('takes the place of a listing that joined under the threshold, where the product is the offer\'s uncontested best', async () => {
    const t = await buildTestApp();
    try {
      // Real listings (Walmart-Amazon): Quartet's chalkboard joined the maker's display system on little evidence.
      await t.app.catalog.ingestion.importOffers([walmart('302', 'Quartet Showit Three-Panel Display System Fabric Blue Gray Black Pvc Frame', 22229)], { format: 'gmc', source: 'walmart' });
      await t.app.catalog.ingestion.importOffers([amazon('B0MW016204', 'New-Quartet PCA304B - Porcelain Black Chalkboard W Aluminum Frame 51 x 37 Silver - QRTPCA304B', 22000)], { format: 'gmc', source: 'amazon' });
      const productOf = async (retailer: string, id: string) => (await t.app.storage.catalog.findOfferByExternalId(retailer, id))?.productId;
      const display = await productOf('walmart', '302');
      expect(await productOf('amazon', 'B0MW016204')).toBe(display);
      await t.app.catalog.ingestion.importOffers(
        [amazon('B0MW016807', 'New-Quartet SB93513Q - Showit Three-Panel Display System Fabric Blue Gray Black Pvc Frame - QRTSB93513Q', 38100)],
        { format: 'gmc', source: 'amazon' },
      );
      expect(await productOf('amazon', 'B0MW016807')).toBe(display);
      expect(await productOf('amazon', 'B0MW016204')).not.toBe(display);
    } finally {
      await t.close();
    }
  });
});
