import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFeedServer, type FeedServer } from '@pricehunt/feed-server';
import { openCatalogDatabase, type CatalogDatabase, type FeedSourceRecord } from '@pricehunt/storage';
import { createLogger } from './logger';
import { createSourceReader } from './read-source';
import { createFeedWorker, FIRST_RETRY_MS, type FeedWorker } from './runner';
import { ENGINES, openFresh } from './testing/fresh-database';
import { present } from '@pricehunt/contracts';


const HEADER = ['id', 'title', 'link', 'price', 'brand', 'mpn', 'availability'].join('\t');
const row = (id: string, title: string, price: string, mpn: string) => [id, title, `https://shop.example.com/p/${id}`, price, 'Acme', mpn, 'in stock'].join('\t');
const FEED = [HEADER, row('K1', 'Acme Kettle 1.7 L', '29.99 USD', 'AK-17'), row('T2', 'Acme Toaster 2-slice', '39.00 USD', 'AT-2'), row('B3', 'Acme Blender 500 W', '49.50 USD', 'AB-500')].join('\n');

describe.each(ENGINES)('the feed worker on %s', (engine) => {
  let db: { open: CatalogDatabase; remove(): Promise<void> };
  let server: FeedServer;
  let now: Date;
  let worker: FeedWorker;
  const makeWorker = (owner: string) =>
    createFeedWorker({
      sources: db.open.storage.feedSources,
      refresh: db.open.catalog.refresh,
      read: createSourceReader({ maxBytes: 1024 * 1024, timeoutMs: 5_000, allowLoopback: true, userAgent: 'test' }),
      storeDomainOf: async () => null,
      owner,
      retireAfterRuns: 2,
      leaseMs: 60_000,
      log: createLogger('silent'),
      clock: () => now,
    });

  async function addSource(url: string, format: FeedSourceRecord['format'] = 'gmc-tsv') {
    const source = await db.open.storage.feedSources.create(
      { id: `src-${format}`, url, format, retailerId: 'shop', retailerName: 'Shop', businessId: null, intervalMinutes: 60, nextRunAt: now.toISOString() },
      now.toISOString(),
    );
    return present(source);
  }
  const runNow = async (id: string) => {
    await db.open.storage.feedSources.update(id, { nextRunAt: now.toISOString() }, now.toISOString());
  };

  beforeEach(async () => {
    db = await openFresh(engine);
    server = await startFeedServer();
    now = new Date(Date.UTC(2026, 10, 23, 8, 0, 0));
    worker = makeWorker('worker-1');
  });
  afterEach(async () => {
    await server.close();
    await db.open.close();
    await db.remove();
  });

  it('reads a feed, answers 304 with nothing written, then applies a changed price and a dropped row', async () => {
    server.set('/feed.tsv', FEED);
    const source = await addSource(server.url('/feed.tsv'));

    const first = await worker.runDue();
    expect(first).toMatchObject({ status: 'succeeded', counts: { rowsRead: 3, added: 3, changed: 0, gone: 0, rejected: 0 }, recorded: true });
    expect(await worker.runDue()).toBeNull();
    const afterFirst = await db.open.storage.feedSources.get(source.id);
    expect(afterFirst).toMatchObject({ etag: server.etag('/feed.tsv'), failures: 0, leaseOwner: null, nextRunAt: new Date(now.getTime() + 3_600_000).toISOString() });

    // Due again, unchanged: one conditional request, a 304, nothing written.
    now = new Date(now.getTime() + 3_600_000);
    const importRuns = (await db.open.storage.catalog.listImportRuns(50)).length;
    const notModified = await worker.runDue();
    expect(notModified).toMatchObject({ status: 'not-modified', counts: { rowsRead: 0, added: 0, changed: 0 } });
    expect(server.requests.at(-1)).toMatchObject({ status: 304, headers: { 'if-none-match': server.etag('/feed.tsv') } });
    expect((await db.open.storage.catalog.listImportRuns(50)).length).toBe(importRuns);

    // The kettle drops to 24.99, the blender is no longer listed.
    server.set('/feed.tsv', [HEADER, row('K1', 'Acme Kettle 1.7 L', '24.99 USD', 'AK-17'), row('T2', 'Acme Toaster 2-slice', '39.00 USD', 'AT-2')].join('\n'));
    now = new Date(now.getTime() + 60_000);
    await runNow(source.id);
    const changed = await worker.runDue();
    expect(changed).toMatchObject({ status: 'succeeded', counts: { rowsRead: 2, added: 0, changed: 1, unchanged: 1, gone: 1 } });
    const kettle = await db.open.storage.catalog.findOfferByExternalId('shop', 'K1');
    expect(kettle).toMatchObject({ priceCents: 2499, availability: 'in_stock' });
    const history = await db.open.storage.catalog.priceHistoryOfProduct(present(present(kettle).productId), { since: '1970-01-01T00:00:00.000Z', limit: 1000 });
    expect(history.map((point) => point.priceCents)).toEqual([2999, 2499]);
    expect(await db.open.storage.catalog.findOfferByExternalId('shop', 'B3')).toMatchObject({ availability: 'out_of_stock' });

    const runs = await db.open.storage.feedSources.runs(source.id, 10);
    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'not-modified', 'succeeded']);
  });

  it('keeps the last good offers when the feed fails, records the error and backs off', async () => {
    server.set('/feed.tsv', FEED);
    const source = await addSource(server.url('/feed.tsv'));
    await worker.runDue();
    const etag = (await db.open.storage.feedSources.get(source.id))?.etag;

    for (const [failure, message] of [
      ['error', 'The feed answered HTTP 500'],
      ['truncate', 'The feed was cut short before its end: its offers were left as they were'],
    ] as const) {
      server.set('/feed.tsv', [HEADER, row('K1', 'Acme Kettle 1.7 L', '1.00 USD', 'AK-17')].join('\n'));
      server.failNext(failure);
      await runNow(source.id);
      const failed = await worker.runDue();
      expect(failed).toMatchObject({ status: 'failed', error: message });
    }
    const after = await db.open.storage.feedSources.get(source.id);
    // Two failures in a row: the next try waits 2 minutes (1, 2, 4 … up to the interval); the validators stay.
    expect(after).toMatchObject({ failures: 2, etag });
    expect(Date.parse(present(after).nextRunAt) - now.getTime()).toBe(2 * FIRST_RETRY_MS);
    expect(await db.open.storage.catalog.findOfferByExternalId('shop', 'K1')).toMatchObject({ priceCents: 2999 });
    expect(await db.open.storage.catalog.findOfferByExternalId('shop', 'B3')).toMatchObject({ availability: 'in_stock' });
  });

  it('fails a run whose every row was rejected, naming the reasons, and leaves the catalog as it was', async () => {
    // A price no row states: every row is refused by the feed's reader.
    server.set('/feed.tsv', [HEADER, row('K1', 'Acme Kettle 1.7 L', 'call us', 'AK-17'), row('T2', 'Acme Toaster 2-slice', 'free', 'AT-2')].join('\n'));
    const source = await addSource(server.url('/feed.tsv'));
    const failed = await worker.runDue();
    expect(failed).toMatchObject({ status: 'failed', counts: { rowsRead: 2, added: 0, changed: 0, rejected: 2 } });
    expect(failed?.error).toMatch(/^No row was imported\. All 2 rows were rejected: price: /);
    const [run] = await db.open.storage.feedSources.runs(source.id, 1);
    expect(run).toMatchObject({ status: 'failed', error: failed?.error });
    const [importRun] = await db.open.storage.catalog.listImportRuns(1);
    expect(importRun).toMatchObject({ status: 'failed', totalRows: 2, skipped: 2 });
    expect(await db.open.storage.feedSources.get(source.id)).toMatchObject({ failures: 1 });
    expect(await db.open.storage.catalog.findOfferByExternalId('shop', 'K1')).toBeNull();
  });

  it('reads an Awin product feed, keeping the merchant’s own link', async () => {
    server.set(
      '/awin.csv',
      [
        'aw_product_id,merchant_product_id,product_name,merchant_deep_link,aw_deep_link,search_price,currency,brand_name,mpn,in_stock',
        '901,A-1,Acme Stand Mixer 5 qt,https://shop.example.com/p/a-1,https://www.awin1.com/pclick.php?p=901,199.99,USD,Acme,ASM-5,1',
      ].join('\n'),
    );
    await addSource(server.url('/awin.csv'), 'awin-csv');
    expect(await worker.runDue()).toMatchObject({ status: 'succeeded', counts: { added: 1 } });
    expect(await db.open.storage.catalog.findOfferByExternalId('shop', 'A-1')).toMatchObject({ priceCents: 19_999, url: 'https://shop.example.com/p/a-1' });
  });
});

describe('a worker killed in the middle of a run', () => {
  it('leaves nothing applied, and the next worker takes the source once the lease ran out and reads the feed again', async () => {
    const { spawn } = await import('node:child_process');
    const root = path.resolve(__dirname, '../../..');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-worker-kill-'));
    const dbPath = path.join(dir, 'test.db');
    const server = await startFeedServer();
    const open = await openCatalogDatabase({ engine: 'sqlite', path: dbPath });
    try {
      server.set('/feed.tsv', FEED);
      // The first download stops half-way and hangs: the worker is killed while it waits for the rest.
      server.failNext('stall');
      await open.storage.feedSources.create(
        { id: 'src', url: server.url('/feed.tsv'), format: 'gmc-tsv', retailerId: 'shop', retailerName: 'Shop', businessId: null, intervalMinutes: 60, nextRunAt: new Date().toISOString() },
        new Date().toISOString(),
      );
      const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--tsconfig', 'apps/worker/tsconfig.json', 'apps/worker/src/main.ts'], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: `file:${dbPath}`, WORKER_LEASE_MS: '3000', WORKER_POLL_MS: '200', FETCH_ALLOW_LOOPBACK: 'true', LOG_LEVEL: 'silent' },
        stdio: 'ignore',
        // Its own process group: tsx runs the worker in a child process of its own, killed with it.
        detached: true,
      });
      const deadline = Date.now() + 30_000;
      while (!server.requests.some((request) => request.path === '/feed.tsv')) {
        if (Date.now() > deadline) throw new Error('the worker never asked for the feed');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-present(child.pid), 'SIGKILL');
      await exited;
      const [interrupted] = await open.storage.feedSources.runs('src', 1);
      expect(interrupted).toMatchObject({ status: 'running' });
      expect(await open.storage.catalog.countOffers()).toBe(0);

      const next = createFeedWorker({
        sources: open.storage.feedSources,
        refresh: open.catalog.refresh,
        read: createSourceReader({ maxBytes: 1024 * 1024, timeoutMs: 5_000, allowLoopback: true, userAgent: 'test' }),
        storeDomainOf: async () => null,
        owner: 'worker-2',
        retireAfterRuns: 3,
        leaseMs: 3_000,
        log: createLogger('silent'),
      });
      // Not before the killed worker's lease has run out.
      expect(await next.runDue()).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 3_200));
      expect(await next.runDue()).toMatchObject({ status: 'succeeded', counts: { added: 3 } });
      const runs = await open.storage.feedSources.runs('src', 10);
      expect(runs.map((run) => [run.status, run.error])).toEqual([
        ['succeeded', null],
        ['failed', 'interrupted: its worker stopped before the end'],
      ]);
      expect(await open.storage.catalog.countOffers()).toBe(3);
    } finally {
      await server.close();
      await open.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reading a merchant’s Shopify store', () => {
  it('pages through /products.json and prices the offers in the store’s own currency', async () => {
    const server = await startFeedServer();
    try {
      const product = (id: number, title: string, price: string) => ({
        id,
        title,
        handle: title.toLowerCase().replace(/\s+/g, '-'),
        vendor: 'Mug Store',
        variants: [{ id: id * 10, title: 'Default Title', price, available: true, sku: `MUG-${id}` }],
      });
      server.set('/products.json?limit=250&page=1', JSON.stringify({ products: [product(1, 'Stoneware Mug', '12.50'), product(2, 'Enamel Mug', '9.00')] }));
      server.set('/products.json?limit=250&page=2', JSON.stringify({ products: [] }));
      const read = createSourceReader({ maxBytes: 1024 * 1024, timeoutMs: 5_000, allowLoopback: true, userAgent: 'test', storeCurrencyOf: async () => 'EUR' });
      const source = { id: 's', url: server.origin, format: 'shopify', retailerId: 'mug', retailerName: 'Mug Store', businessId: 'biz-1' } as FeedSourceRecord;
      const result = await read(source, { etag: null, lastModified: null });
      if (result.status !== 'read') throw new Error('expected rows');
      expect(result.rows.map((row) => [row.offer?.title, row.offer?.priceCents, row.offer?.currency])).toEqual([
        ['Stoneware Mug', 1250, 'EUR'],
        ['Enamel Mug', 900, 'EUR'],
      ]);
      expect(server.requests.map((request) => request.path)).toEqual(['/products.json?limit=250&page=1', '/products.json?limit=250&page=2']);
    } finally {
      await server.close();
    }
  });
  it('fetches a store served on this machine at its override, keeping its links on the public origin', async () => {
    const server = await startFeedServer();
    try {
      const products = [{ id: 1, title: 'Stoneware Mug', handle: 'stoneware-mug', vendor: 'Mug Store', variants: [{ id: 10, title: 'Default Title', price: '12.50', available: true }] }];
      server.set('/products.json?limit=250&page=1', JSON.stringify({ products }));
      server.set('/products.json?limit=250&page=2', JSON.stringify({ products: [] }));
      const read = createSourceReader({ maxBytes: 1024 * 1024, timeoutMs: 5_000, allowLoopback: true, userAgent: 'test', storeOrigins: { 'mug-store.test': server.origin } });
      const source = { id: 's', url: 'http://mug-store.test', format: 'shopify', retailerId: 'mug-store.test', retailerName: 'Mug Store', businessId: null } as FeedSourceRecord;
      const result = await read(source, { etag: null, lastModified: null });
      if (result.status !== 'read') throw new Error('expected rows');
      expect(result.rows.map((row) => row.offer?.url)).toEqual(['http://mug-store.test/products/stoneware-mug?variant=10']);
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
