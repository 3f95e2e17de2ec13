import fs from 'node:fs';
import path from 'node:path';
import { createSqliteCatalogStore, MIGRATIONS_DIR } from '@pricehunt/storage';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { feedOffer as offer } from '@pricehunt/storage/testing';
import { describeOnEngine } from '../testing/db';
import { browseResponseSchema, present } from '@pricehunt/contracts';

/** Data migrations, run on a catalog written the way the API wrote it before them. */
describeOnEngine('sqlite', 'data migrations', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('0015 takes each best price from the offers one can buy', async () => {
    const lens = { title: 'Sony FE 50mm F1.8 Lens', brand: 'Sony', mpn: 'SEL50F18F' };
    await t.app.catalog.ingestion.importOffers(
      [
        offer({ ...lens, externalId: 'L1', url: 'https://www.bestbuy.com/site/x/1000101.p', priceCents: 19_800, availability: 'out_of_stock' }),
        offer({ ...lens, externalId: 'L2', url: 'https://www.walmart.com/ip/x/1000102', priceCents: 24_800 }),
        offer({ externalId: 'L3', url: 'https://www.walmart.com/ip/x/1000103', title: 'Sony FE 85mm F1.8 Lens', brand: 'Sony', mpn: 'SEL85F18', priceCents: 59_800, availability: 'out_of_stock' }),
      ],
      { format: 'gmc', source: 'lenses' },
    );
    const productOf = (retailer: string, id: string) => present(present(createSqliteCatalogStore(t.app.sqlite).findOfferByExternalId(retailer, id)).productId);
    // As stored before: the cheapest of every offer, in stock or not.
    t.app.sqlite.prepare('UPDATE products SET best_price_cents = ? WHERE id = ?').run(19_800, productOf('bestbuy', 'L1'));

    const file = present(fs.readdirSync(MIGRATIONS_DIR).find((name) => name.startsWith('0015_')));
    t.app.sqlite.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));

    expect(createSqliteCatalogStore(t.app.sqlite).getProduct(productOf('bestbuy', 'L1'))).toMatchObject({ bestPriceCents: 24_800, currency: 'USD' });
    // Every offer sold out: the cheapest of them stays the best price.
    expect(createSqliteCatalogStore(t.app.sqlite).getProduct(productOf('walmart', 'L3'))).toMatchObject({ bestPriceCents: 59_800 });
  });

  it('0041 has every product’s line read again, its words in any order', async () => {
    const camera = (colour: string, title: string, mpn: string, at: number) =>
      offer({ externalId: `C-${colour}`, url: `https://www.bhphotovideo.com/c/product/17${at}/sony.html`, title, brand: 'Sony', mpn, priceCents: 199_999 + at, category: 'Electronics > Cameras' });
    await t.app.catalog.ingestion.importOffers(
      [
        camera('Silver', 'Sony Alpha 7C II ILCE-7CM2 Full-Frame Mirrorless Camera, Body Only (Silver)', 'ILCE7CM2/S', 1),
        camera('Black', 'Sony Alpha 7C II ILCE-7CM2 Body Only Full-Frame Mirrorless Camera (Black)', 'ILCE7CM2/B', 2),
      ],
      { format: 'gmc', source: 'cameras' },
    );
    await t.app.productLines.idle();
    const entries = async () => browseResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/browse?category=cameras' })).json());
    expect([(await entries()).total, (await entries()).productCount]).toEqual([1, 2]);
    // As read before: a line's key was its words in the order the title writes them.
    t.app.sqlite.prepare("UPDATE products SET line_key = 'written ' || id").run();
    expect((await entries()).total).toBe(2);

    const file = present(fs.readdirSync(MIGRATIONS_DIR).find((name) => name.startsWith('0041_')));
    t.app.sqlite.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));

    expect([(await entries()).total, (await entries()).productCount]).toEqual([1, 2]);
  });

  it('0019 counts the accounts made before email confirmation as confirmed', () => {
    t.app.sqlite.prepare("INSERT INTO businesses (id, email, password_hash) VALUES ('b-old', 'old@shop.example', 'x')").run();
    t.app.sqlite.prepare("INSERT INTO shoppers (id, email, password_hash) VALUES ('s-old', 'old@mail.example', 'x')").run();
    const file = present(fs.readdirSync(MIGRATIONS_DIR).find((name) => name.startsWith('0019_')));
    const updates = fs
      .readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n\s*)*UPDATE/.test(statement));
    expect(updates).toHaveLength(2);
    for (const statement of updates) t.app.sqlite.exec(statement);
    const confirmed = (table: string, id: string) => (t.app.sqlite.prepare(`SELECT email_confirmed_at AS at FROM ${table} WHERE id = ?`).get(id) as { at: number | null }).at;
    expect(confirmed('businesses', 'b-old')).toBeGreaterThan(Date.now() - 86_400_000);
    expect(confirmed('shoppers', 's-old')).toBeGreaterThan(Date.now() - 86_400_000);
  });
});
