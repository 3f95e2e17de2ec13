import type { FeedOffer, FeedRow } from '@pricehunt/catalog-feeds';
import type { CatalogServices } from '@pricehunt/catalog-core';
import { createPgCatalogServices, createSqliteCatalogServices } from '../../index';
import { feedOffer } from '../../testing';
import { ENGINES, openPortEngine, type EngineConnection, type PortEngine } from '../../testing';
import { present } from '@pricehunt/contracts';

// A refresh applies a retailer's complete feed as a delta on either engine with the same code (refresh.ts).

const services = (connection: EngineConnection): CatalogServices =>
  connection.engine === 'sqlite' ? createSqliteCatalogServices(connection.handle.sqlite) : createPgCatalogServices(connection.handle);

const RETAILER = { id: 'shop-one', name: 'Shop One' };
const offer = (externalId: string, priceCents: number, overrides: Partial<FeedOffer> = {}): FeedOffer =>
  feedOffer({ externalId, title: `Acme Kettle model K-${externalId}`, brand: 'Acme', mpn: `K-${externalId}`, url: `https://shop-one.example/p/${externalId}`, priceCents, ...overrides });
const rows = (offers: FeedOffer[]): FeedRow[] => offers.map((o, i) => ({ line: i + 2, offer: o }));

const day = (n: number) => () => new Date(Date.UTC(2026, 10, 1 + n, 6)).toISOString();

describe.each(ENGINES)('a feed refresh on %s', (engine) => {
  let db: PortEngine;
  let catalog: CatalogServices;
  const offers = () =>
    db.query<{ externalId: string; priceCents: number; availability: string; missingRuns: number; points: number }>(
      `SELECT external_id AS "externalId", price_cents AS "priceCents", availability, missing_runs AS "missingRuns",
        (SELECT count(*) FROM price_points p WHERE p.offer_id = o.id) AS points FROM offers o ORDER BY external_id`,
    );

  beforeEach(async () => {
    db = await openPortEngine(engine);
    catalog = services(db);
  });
  afterEach(async () => {
    await db.close();
  });

  it('writes nothing for unchanged rows, a price point for a new price, and takes offers the feed left out out of stock, then retires them', async () => {
    const first = await catalog.refresh(rows([offer('1', 1000), offer('2', 2000), offer('3', 3000)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(0) });
    expect(first).toMatchObject({ status: 'succeeded', rowsRead: 3, added: 3, changed: 0, unchanged: 0, gone: 0, rejected: 0 });

    const same = await catalog.refresh(rows([offer('1', 1000), offer('2', 2000), offer('3', 3000)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(1) });
    expect(same).toMatchObject({ status: 'succeeded', added: 0, changed: 0, unchanged: 3, gone: 0 });
    // Nothing changed, nothing written: not even an import run.
    expect(same.runId).toBeNull();
    expect(present((await db.query<{ n: number }>('SELECT count(*) AS n FROM import_runs'))[0]).n).toBe(1);

    // Offer 2 drops to 17.50, offer 3 is left out.
    const changed = await catalog.refresh(rows([offer('1', 1000), offer('2', 1750)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(2), retireAfterRuns: 2 });
    expect(changed).toMatchObject({ status: 'succeeded', added: 0, changed: 1, unchanged: 1, gone: 1, retired: 0 });
    expect(await offers()).toEqual([
      { externalId: '1', priceCents: 1000, availability: 'in_stock', missingRuns: 0, points: 1 },
      { externalId: '2', priceCents: 1750, availability: 'in_stock', missingRuns: 0, points: 2 },
      { externalId: '3', priceCents: 3000, availability: 'out_of_stock', missingRuns: 1, points: 1 },
    ]);
    const [kettle2] = await db.query<{ best: number }>(`SELECT p.best_price_cents AS best FROM products p JOIN offers o ON o.product_id = p.id WHERE o.external_id = '2'`);
    expect(present(kettle2).best).toBe(1750);

    // Left out a second time in a row: retired with its price history, its product removed with it.
    const again = await catalog.refresh(rows([offer('1', 1000), offer('2', 1750)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(3), retireAfterRuns: 2 });
    expect(again).toMatchObject({ gone: 1, retired: 1 });
    expect((await offers()).map((o) => o.externalId)).toEqual(['1', '2']);
    expect(present((await db.query<{ n: number }>('SELECT count(*) AS n FROM products'))[0]).n).toBe(2);
  });

  it('counts an offer listed again as back: in stock, no longer missing', async () => {
    await catalog.refresh(rows([offer('1', 1000), offer('2', 2000)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(0) });
    await catalog.refresh(rows([offer('1', 1000)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(1) });
    const back = await catalog.refresh(rows([offer('1', 1000), offer('2', 2000)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(2) });
    expect(back).toMatchObject({ changed: 1, unchanged: 1, gone: 0 });
    expect((await offers()).find((o) => o.externalId === '2')).toMatchObject({ availability: 'in_stock', missingRuns: 0 });
  });

  it('takes the link of an offer read from a shopper’s page: the page gives way to the feed', async () => {
    const link = 'https://shop-one.example/p/7';
    expect(await catalog.pages.place(link, link, { title: 'Acme Kettle model K-7', brand: 'Acme', model: 'K-7', priceCents: 1500, currency: 'USD' })).not.toBeNull();
    const applied = await catalog.refresh(rows([offer('7', 1400)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(0) });
    expect(applied).toMatchObject({ status: 'succeeded', added: 1, rejected: 0 });
    expect(await db.query('SELECT retailer_id AS "retailerId", external_id AS "externalId", origin FROM offers')).toEqual([{ retailerId: 'shop-one', externalId: '7', origin: 'feed' }]);
  });

  it('leaves alone the pages shoppers pasted of the shop: no feed listed them, so none goes out of stock or is retired', async () => {
    const shop = { id: 'shop-one.example', name: 'Shop One', domains: ['shop-one.example'] };
    const link = 'https://shop-one.example/products/acme-toaster';
    expect(await catalog.pages.place(link, link, { title: 'Acme Toaster T-2', brand: 'Acme', model: 'T-2', priceCents: 2500, currency: 'USD', availability: 'in_stock' })).not.toBeNull();
    for (const n of [0, 1, 2]) {
      const applied = await catalog.refresh(rows([offer('1', 1000)]), { format: 'gmc', source: 'test', retailer: shop, now: day(n), retireAfterRuns: 2 });
      expect(applied).toMatchObject({ status: 'succeeded', gone: 0, retired: 0 });
    }
    expect(await db.query('SELECT retailer_id AS "retailerId", availability, missing_runs AS "missingRuns", origin FROM offers ORDER BY id')).toEqual([
      { retailerId: 'shop-one.example', availability: 'in_stock', missingRuns: 0, origin: 'page' },
      { retailerId: 'shop-one.example', availability: 'in_stock', missingRuns: 0, origin: 'feed' },
    ]);
  });

  it('makes a pasted page its feed’s offer once the feed lists it, and out of stock when the feed leaves it out again', async () => {
    const shop = { id: 'shop-one.example', name: 'Shop One', domains: ['shop-one.example'] };
    const link = 'https://shop-one.example/products/acme-kettle-k-9';
    expect(await catalog.pages.place(link, link, { title: 'Acme Kettle model K-9', brand: 'Acme', model: 'K-9', priceCents: 1500, currency: 'USD', availability: 'in_stock' })).not.toBeNull();
    const kettle = offer('9', 1500, { externalId: link, url: link, mpn: 'K-9', title: 'Acme Kettle model K-9' });
    const state = () => db.query('SELECT external_id AS "externalId", availability, missing_runs AS "missingRuns", origin FROM offers ORDER BY id');
    await catalog.refresh(rows([kettle, offer('1', 1000)]), { format: 'gmc', source: 'test', retailer: shop, now: day(0) });
    expect(await state()).toEqual([
      { externalId: link, availability: 'in_stock', missingRuns: 0, origin: 'feed' },
      { externalId: '1', availability: 'in_stock', missingRuns: 0, origin: 'feed' },
    ]);
    expect(await catalog.refresh(rows([offer('1', 1000)]), { format: 'gmc', source: 'test', retailer: shop, now: day(1) })).toMatchObject({ gone: 1 });
    expect((await state())[0]).toEqual({ externalId: link, availability: 'out_of_stock', missingRuns: 1, origin: 'feed' });
  });

  it('answers a product page linked without a variant with the offer its feed lists for the variant the page shows', async () => {
    const shop = { id: 'shop-one.example', name: 'Shop One', domains: ['shop-one.example'] };
    const page = 'https://shop-one.example/products/acme-kettle';
    const variant = (id: string, priceCents: number, availability: 'in_stock' | 'out_of_stock') =>
      offer(id, priceCents, { title: 'Acme Kettle K-9', mpn: 'K-9', url: `${page}?variant=${id}`, availability });
    const only = 'https://shop-one.example/products/acme-grill';
    await catalog.refresh(
      rows([variant('501', 3000, 'out_of_stock'), variant('502', 3000, 'in_stock'), variant('503', 4500, 'in_stock'), offer('601', 9900, { title: 'Acme Grill G-1', mpn: 'G-1', url: `${only}?variant=601` })]),
      { format: 'gmc', source: 'test', retailer: shop, now: day(0) },
    );
    const ids = new Map((await db.query<{ id: number; externalId: string }>('SELECT id, external_id AS "externalId" FROM offers')).map((o) => [o.externalId, o.id]));
    const read = { title: 'Acme Kettle K-9', brand: 'Acme', model: 'K-9', currency: 'USD', availability: 'in_stock' as const };
    // Of the variants at the page's price, the one in stock; the only variant of a page, whatever it costs now.
    expect(await catalog.pages.place(page, page, { ...read, priceCents: 3000 })).toMatchObject({ offerId: ids.get('502'), fromFeed: true });
    expect(await catalog.pages.place(only, only, { ...read, title: 'Acme Grill G-1', model: 'G-1', priceCents: 9500 })).toMatchObject({ offerId: ids.get('601'), fromFeed: true });
    // No variant at the page's price, or an address with a query of its own: the page is an offer of its own.
    expect(await catalog.pages.place(page, page, { ...read, priceCents: 3900 })).toMatchObject({ fromFeed: false, change: 'inserted' });
    const other = `${page}?colour=red`;
    expect(await catalog.pages.place(other, other, { ...read, priceCents: 3000 })).toMatchObject({ fromFeed: false, change: 'inserted' });
    expect(present((await db.query<{ n: number }>("SELECT count(*) AS n FROM offers WHERE origin = 'page'"))[0]).n).toBe(2);
  });

  it('takes the first of two rows naming one offer, and refuses the other with its line', async () => {
    const applied = await catalog.refresh(rows([offer('1', 1000), offer('1', 1100)]), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(0) });
    expect(applied).toMatchObject({ status: 'succeeded', added: 1, rejected: 1 });
    expect(applied.import?.errors).toEqual([{ line: 3, field: 'id', reason: '1 is listed again: an earlier row of the feed was taken' }]);
    expect((await offers()).map((o) => [o.externalId, o.priceCents])).toEqual([['1', 1000]]);
  });

  it('refuses a feed that lost more than half of the offers in stock, and changes nothing', async () => {
    const many = Array.from({ length: 30 }, (_, i) => offer(String(i + 1), 1000 + i));
    await catalog.refresh(rows(many), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(0) });
    const cut = await catalog.refresh(rows(many.slice(0, 10).map((o) => ({ ...o, priceCents: 1 }))), { format: 'gmc', source: 'test', retailer: RETAILER, now: day(1) });
    expect(cut).toMatchObject({ status: 'failed', runId: null, added: 0, changed: 0, gone: 0 });
    expect(cut.failure).toMatch(/lists 10 offers where the retailer has 30 in stock/);
    expect((await offers()).every((o) => o.availability === 'in_stock' && o.points === 1 && o.priceCents >= 1000)).toBe(true);
  });

  it.each([
    ['row by row', false],
    ['on the bulk path', true],
  ])('keeps each offer’s image, %s, and a changed image replaces the old one', async (_path, bulk) => {
    const image = (n: string, v = 1) => `https://cdn.shop-one.example/img/${n}-v${v}.jpg`;
    const images = async () =>
      db.query<{ externalId: string; imageUrl: string | null; productImage: string | null }>(
        `SELECT o.external_id AS "externalId", o.image_url AS "imageUrl", p.image_url AS "productImage" FROM offers o JOIN products p ON p.id = o.product_id ORDER BY o.external_id`,
      );
    const first = await catalog.refresh(rows([offer('1', 1000, { imageUrl: image('1') }), offer('2', 2000, { imageUrl: image('2') }), offer('3', 3000)]), {
      format: 'gmc', source: 'test', retailer: RETAILER, now: day(0), bulk,
    });
    expect(first).toMatchObject({ status: 'succeeded', added: 3 });
    expect(await images()).toEqual([
      { externalId: '1', imageUrl: image('1'), productImage: image('1') },
      { externalId: '2', imageUrl: image('2'), productImage: image('2') },
      { externalId: '3', imageUrl: null, productImage: null },
    ]);
    // A new picture of offer 1, one for offer 3, offer 2's taken away: three changes, each written.
    const changed = await catalog.refresh(rows([offer('1', 1000, { imageUrl: image('1', 2) }), offer('2', 2000), offer('3', 3000, { imageUrl: image('3') })]), {
      format: 'gmc', source: 'test', retailer: RETAILER, now: day(1), bulk,
    });
    expect(changed).toMatchObject({ status: 'succeeded', added: 0, changed: 3, unchanged: 0 });
    expect((await images()).map(({ externalId, imageUrl }) => ({ externalId, imageUrl }))).toEqual([
      { externalId: '1', imageUrl: image('1', 2) },
      { externalId: '2', imageUrl: null },
      { externalId: '3', imageUrl: image('3') },
    ]);
    // A product without a picture takes its offer's.
    expect((await images()).find((o) => o.externalId === '3')?.productImage).toBe(image('3'));
  });
});
