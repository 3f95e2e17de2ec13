import { spawn } from 'node:child_process';
import os from 'node:os';
import type { FeedRow } from '@pricehunt/catalog-feeds';
import { buildApp } from '../../build-app';
import { loadConfig } from '../../config';
import { call, cookieFrom, STRONG_PASSWORD } from '../../testing/http';
import { describeOnEngine, row, run, testEngine } from '../../testing/db';
import { sqliteCatalogOf } from '../../testing/sqlite-catalog';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { feedOffer as offer } from '@pricehunt/storage/testing';
import { IMPORT_RUN_STALE_MS, recoverInterruptedImports, type ImportRunRow } from '@pricehunt/catalog-core';
import type { SqliteCatalogServices } from '@pricehunt/storage';
import { present } from '@pricehunt/contracts';

/** Rows of a feed: `good` distinct offers of one shop, every fourth row followed by one the parser refused. */
function feed(good: number, priceCents = 10_000): FeedRow[] {
  const rows: FeedRow[] = [];
  for (let i = 1; i <= good; i++) {
    rows.push({ line: rows.length + 1, offer: offer({ externalId: `R${i}`, url: `https://run-shop.example/p/${i}`, title: `Runcorp Gadget Model ${i}X${i}`, mpn: `RG-${i}X${i}`, priceCents }) });
    if (i % 4 === 0) rows.push({ line: rows.length + 1, errors: [{ line: rows.length + 1, field: 'price', reason: 'is not a price' }] });
  }
  return rows;
}

/** A process id that was alive a moment ago and is no longer. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

/** A run's status and counts, and the catalog's offers and products, read at one moment. */
type Snapshot = Pick<ImportRunRow, 'status' | 'totalRows' | 'inserted' | 'updated' | 'unchanged' | 'skipped' | 'productsCreated'> & { offers: number; products: number };

// Read in one SQLite statement with the catalog (a read transaction of the connection's own).
(testEngine() === 'sqlite' ? describe.each : describe.skip.each)([
  ['row by row', false],
  ['bulk path', true],
])('import run counts, %s', (_path, bulk) => {
  let t: TestApp;
  let catalog: SqliteCatalogServices;
  // One statement: the run's counts and the catalog as one read transaction sees them (read when called: on SQLite
  // before the call returns, on PostgreSQL sent then).
  const snapshot = async () =>
    present(await row<Snapshot>(
      t.app,
      `SELECT status, total_rows AS "totalRows", inserted, updated, unchanged, skipped, products_created AS "productsCreated",
         (SELECT count(*) FROM offers) AS offers, (SELECT count(*) FROM products) AS products
       FROM import_runs ORDER BY started_at DESC, id DESC LIMIT 1`,
    ));

  beforeEach(async () => {
    t = await buildTestApp();
    catalog = sqliteCatalogOf(t.app);
  });
  afterEach(async () => t.close());

  it('commits a run’s counts with each batch they count, so the run always tells what is on disk', async () => {
    const snapshots: Array<Promise<Snapshot>> = [];
    const summary = await catalog.ingestion.importRows(feed(40), {
      format: 'gmc',
      source: 'counted.tsv',
      bulk,
      batchSize: 10,
      // Called once a batch is committed.
      onProgress: () => snapshots.push(snapshot()),
    });
    const seen = await Promise.all(snapshots);

    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const state of seen) {
      expect(state.status).toBe('running');
      expect(state.inserted).toBe(state.offers);
      expect(state.productsCreated).toBe(state.products);
      expect(state.totalRows).toBe(state.inserted + state.skipped);
      // One refused row for every four offers: a unit of work of the row path ends after any row once it has held the
      // write lock long enough (ROW_TRANSACTION_MS), so a group's refused row may not be committed yet.
      expect(state.skipped).toBeLessThanOrEqual(Math.floor(state.inserted / 4));
      expect(state.skipped).toBeGreaterThanOrEqual(Math.floor(state.inserted / 4) - 1);
    }
    // The counts grew while the run went on (on the bulk path the writer may be a batch or two ahead of the reports).
    const inserted = seen.map((state) => state.inserted);
    expect(inserted[0]).toBeGreaterThan(0);
    expect(inserted[0]).toBeLessThan(40);
    expect(inserted.every((value, i) => i === 0 || value >= (inserted[i - 1] as number))).toBe(true);
    expect(inserted[inserted.length - 1]).toBe(40);

    // A run that ends normally reports what it reported before: the same figures in its summary and its row.
    expect(summary).toMatchObject({ status: 'succeeded', rows: 50, inserted: 40, updated: 0, unchanged: 0, skipped: 10, productsCreated: 40 });
    expect(catalog.repository.getImportRun(summary.runId)).toMatchObject({
      status: 'succeeded',
      totalRows: 50,
      inserted: 40,
      updated: 0,
      unchanged: 0,
      skipped: 10,
      productsCreated: 40,
    });
  });

  it('counts updated and unchanged offers batch by batch too', async () => {
    await catalog.ingestion.importRows(feed(20), { format: 'gmc', source: 'first.tsv', bulk, batchSize: 10 });
    // The same offers again, the first ten at a new price.
    const again = feed(20).map((row) => (row.offer && Number(row.offer.externalId.slice(1)) <= 10 ? { ...row, offer: { ...row.offer, priceCents: 9_000 } } : row));
    const snapshots: Array<Promise<Snapshot>> = [];
    const summary = await catalog.ingestion.importRows(again, { format: 'gmc', source: 'second.tsv', bulk, batchSize: 5, onProgress: () => snapshots.push(snapshot()) });
    const seen = await Promise.all(snapshots);

    for (const state of seen) expect(state.totalRows).toBe(state.updated + state.unchanged + state.skipped);
    expect(seen[0]?.totalRows).toBeGreaterThan(0);
    expect(seen[0]?.totalRows).toBeLessThan(25);
    expect(summary).toMatchObject({ status: 'succeeded', rows: 25, inserted: 0, updated: 10, unchanged: 10, skipped: 5, productsCreated: 0 });
    expect(catalog.repository.getImportRun(summary.runId)).toMatchObject({ totalRows: 25, inserted: 0, updated: 10, unchanged: 10, skipped: 5, productsCreated: 0 });
  });

  it('leaves a run this process is doing alone when the runs left behind are looked for meanwhile', async () => {
    // Read as each batch is counted (the statement runs before the first await of the read).
    const statuses: Array<Promise<string>> = [];
    const recovered: Array<Promise<unknown[]>> = [];
    await catalog.ingestion.importRows(feed(20), {
      format: 'gmc',
      source: 'busy.tsv',
      bulk,
      batchSize: 10,
      onProgress: () => {
        recovered.push(recoverInterruptedImports(t.app.storage.catalog));
        statuses.push(snapshot().then((state) => state.status));
      },
    });
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(await Promise.all(statuses))).toEqual(new Set(['running']));
    expect((await Promise.all(recovered)).flat()).toEqual([]);
  });
});

describeOnEngine('sqlite', 'runs left running by a process that is gone', () => {
  let t: TestApp;
  let catalog: SqliteCatalogServices;
  const host = os.hostname();

  beforeEach(async () => {
    t = await buildTestApp();
    catalog = sqliteCatalogOf(t.app);
  });
  afterEach(async () => t.close());

  /** A run begun by `owner` that committed one batch of 3 rows (2 offers inserted, 1 skipped) at `heartbeatAt`. */
  const leftRunning = async (id: string, owner: { pid: number; host: string }, heartbeatAt = new Date().toISOString()) => {
    catalog.repository.startImportRun({ id, format: 'gmc', source: `${id}.tsv`, retailerId: null, businessId: null, owner });
    catalog.repository.advanceImportRun(id, { rows: 3, inserted: 2, skipped: 1, productsCreated: 2 });
    await run(t.app, 'UPDATE import_runs SET heartbeat_at = ?, started_at = ? WHERE id = ?', [heartbeatAt, heartbeatAt, id]);
  };

  it('marks interrupted a run whose process on this host has ended, with the counts it committed, ending at its last batch', async () => {
    const pid = await deadPid();
    await leftRunning('gone', { pid, host }, '2026-01-02T03:04:05.000Z');
    await leftRunning('alive', { pid: process.ppid, host });

    const interrupted = await recoverInterruptedImports(t.app.storage.catalog, { now: Date.parse('2026-01-02T04:00:00.000Z') });

    expect(interrupted.map((run) => run.id)).toEqual(['gone']);
    expect(catalog.repository.getImportRun('gone')).toMatchObject({
      status: 'interrupted',
      finishedAt: '2026-01-02T03:04:05.000Z',
      totalRows: 3,
      inserted: 2,
      skipped: 1,
      productsCreated: 2,
    });
    expect((catalog.repository.getImportRun('gone')?.report as { interrupted: { reason: string } }).interrupted.reason).toContain(`process ${pid}`);
    expect(catalog.repository.getImportRun('alive')).toMatchObject({ status: 'running', finishedAt: null });
    // Looking again changes nothing.
    expect(await recoverInterruptedImports(t.app.storage.catalog)).toEqual([]);
  });

  it('takes a run of another host for interrupted only once it has committed nothing for a long time', async () => {
    const now = Date.now();
    await leftRunning('recent', { pid: 1234, host: 'other-host' }, new Date(now - 60_000).toISOString());
    await leftRunning('silent', { pid: 1234, host: 'other-host' }, new Date(now - IMPORT_RUN_STALE_MS - 60_000).toISOString());
    await leftRunning('unowned', { pid: 1234, host: 'other-host' }, new Date(now - IMPORT_RUN_STALE_MS - 60_000).toISOString());
    await run(t.app, "UPDATE import_runs SET owner_pid = NULL, owner_host = NULL, heartbeat_at = NULL WHERE id = 'unowned'");

    expect((await recoverInterruptedImports(t.app.storage.catalog, { now })).map((run) => run.id).sort()).toEqual(['silent', 'unowned']);
    expect(catalog.repository.getImportRun('recent')?.status).toBe('running');
  });

  it('takes a run owned by this process id for one of an earlier process (a restarted container) unless this process is doing it', async () => {
    await leftRunning('earlier', { pid: process.pid, host });
    expect((await recoverInterruptedImports(t.app.storage.catalog, { ownRuns: new Set() })).map((run) => run.id)).toEqual(['earlier']);
    await leftRunning('mine', { pid: process.pid, host });
    expect(await recoverInterruptedImports(t.app.storage.catalog, { ownRuns: new Set(['mine']) })).toEqual([]);
  });

  it('marks them when the API starts, and the console lists the run as interrupted with its counts', async () => {
    await leftRunning('killed', { pid: await deadPid(), host });
    await leftRunning('busy', { pid: process.ppid, host });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.databaseUrl, RATE_LIMIT_ENABLED: 'false' });
    const restarted = await buildApp(config);
    try {
      expect(await restarted.storage.catalog.getImportRun('killed')).toMatchObject({ status: 'interrupted', inserted: 2, skipped: 1 });
      expect((await restarted.storage.catalog.getImportRun('busy'))?.status).toBe('running');
      await restarted.businessAccounts.createOrPromoteAdmin('admin@example.com', STRONG_PASSWORD);
      const origin = 'http://localhost:4400';
      const login = await call(restarted, 'POST', '/api/business/auth/login', { body: { email: 'admin@example.com', password: STRONG_PASSWORD }, origin });
      const list = await call(restarted, 'GET', '/api/admin/imports', { cookie: cookieFrom(login), origin });
      expect(list.statusCode).toBe(200);
      const runs = list.json().items as Array<{ id: string }>;
      expect(runs.find((run) => run.id === 'killed')).toMatchObject({ status: 'interrupted', totalRows: 3, inserted: 2, skipped: 1, productsCreated: 2, failure: null });
    } finally {
      await restarted.close();
    }
  });
});
