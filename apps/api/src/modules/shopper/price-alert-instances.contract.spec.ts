import type { Mailer } from '@pricehunt/notifications';
import { createPriceAlertChecker } from '@pricehunt/notifications';
import { createPgPriceAlertRepository, createPgShopperDataRepository, createSqlitePriceAlertRepository, createSqliteShopperDataRepository, type PriceAlertRepository, type ShopperDataRepository } from '@pricehunt/storage';
import { ENGINES, openPortEngine, type EngineConnection, type PortEngine } from '@pricehunt/storage/testing';

interface Ports {
  shopper: ShopperDataRepository;
  alerts: PriceAlertRepository;
}

const ports = (connection: EngineConnection): Ports =>
  connection.engine === 'sqlite'
    ? { shopper: createSqliteShopperDataRepository(connection.handle), alerts: createSqlitePriceAlertRepository(connection.handle) }
    : { shopper: createPgShopperDataRepository(connection.handle), alerts: createPgPriceAlertRepository(connection.handle) };

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute, 0, 0)).toISOString();

/** Two API instances check price alerts on one database at once: on PostgreSQL only one of them sends. */
describe.each(ENGINES)('price alert checks of two instances on %s', (engine) => {
  let db: PortEngine;
  let s: Ports & { another(): Promise<Ports>; exclusiveChecks: boolean };
  let run: PortEngine['query'];
  const shopperId = 'shopper-1';

  beforeAll(async () => {
    db = await openPortEngine(engine);
    s = { ...ports(db), another: async () => ports(await db.connect()), exclusiveChecks: engine === 'postgres' };
    run = db.query;
    await run(`INSERT INTO retailers (id, name) VALUES ('walmart', 'Walmart')`);
    await run(`INSERT INTO products (id, title, offer_count, best_price_cents, currency) VALUES (1, 'LG OLED55C3PUA TV', 1, 120000, 'USD')`);
    await run(
      `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, shipping_cents, product_id)
       VALUES (12, 'walmart', 'X12', 'https://example.com/12', 'https://example.com/12', 'example.com', 'offer', 120000, 'USD', NULL, 1)`,
    );
    await run(`INSERT INTO shoppers (id, email, password_hash) VALUES (?, ?, 'hash')`, [shopperId, `${shopperId}@example.com`]);
    const favorite = { shopperId, productId: 1, title: 'Favorite 1', brand: null, imageUrl: null, savedPriceCents: null, currency: null, savedAt: at(1) };
    await s.shopper.addFavorite(favorite, 10);
    await s.shopper.setAlert(shopperId, 1, { belowCents: 110_000, setAt: at(2), stopToken: `${engine}-token-check` });
  });
  afterAll(async () => db.close());

  it('skips a check while another instance checks the same database, and says so', async () => {
    await run('UPDATE products SET best_price_cents = 100000 WHERE id = 1');
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sent: string[] = [];
      const slow: Mailer = {
        kind: 'outbox',
        send: async (mail) => {
          sent.push(mail.to);
          await held;
        },
      };
      const quiet = () => ({ debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() });
      const firstLog = quiet();
      const secondLog = quiet();
      const first = createPriceAlertChecker({ repo: s.alerts, mailer: slow, log: firstLog, shopperAppUrl: 'http://localhost:4200' });
      const second = createPriceAlertChecker({ repo: (await s.another()).alerts, mailer: slow, log: secondLog, shopperAppUrl: 'http://localhost:4200' });
      const running = first.check();
      while (sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      if (s.exclusiveChecks) {
        expect(await second.check()).toEqual({ checked: 0, sent: 0, rearmed: 0, failed: 0, skipped: true });
        expect(secondLog.info).toHaveBeenCalledWith({}, expect.stringContaining('another instance'));
        release();
        expect(await running).toEqual({ checked: 1, sent: 1, rearmed: 0, failed: 0, skipped: false });
        // Once the first check is over, the lock is free again: nothing left to send.
        expect(await second.check()).toEqual({ checked: 1, sent: 0, rearmed: 0, failed: 0, skipped: false });
      } else {
        const overlapping = second.check();
        release();
        expect((await running).skipped).toBe(false);
        expect((await overlapping).skipped).toBe(false);
      }
    } finally {
      await run('UPDATE products SET best_price_cents = 120000 WHERE id = 1');
    }
  });
});
