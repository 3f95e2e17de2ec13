import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteCatalogRepository, openDatabase } from '@pricehunt/storage';
import { recoverInterruptedImports } from '@pricehunt/catalog-core';
import { cliProcess, exited } from '../testing/cli-process';
import { describeOnEngine } from '../testing/db';

/**
 * Crash test: a real import process (`npm run catalog:import`, `npm run catalog:generate`) is killed with SIGKILL
 * once its first batches are committed. Its run says what it committed all along, another process looking for runs
 * left behind meanwhile (as the API does when it starts) leaves it alone, and the next command marks it interrupted
 * with counts equal to the offers the database holds.
 */
interface RunRow {
  id: string;
  status: string;
  total_rows: number;
  inserted: number;
  skipped: number;
  products_created: number;
  finished_at: string | null;
  owner_pid: number | null;
}

/** A Merchant Center feed of `rows` distinct offers of one shop (a few seconds of row-by-row work at its end). */
function writeFeed(file: string, shop: string, rows: number): void {
  const lines = ['id\ttitle\tlink\tprice\tbrand\tmpn\tavailability'];
  for (let i = 1; i <= rows; i++) lines.push([`${shop}-${i}`, `${shop} Gadget Model ${i} Series ${i % 97}`, `https://www.${shop}.example/p/${i}`, `${10 + (i % 300)}.99 USD`, shop, `${shop.slice(0, 2).toUpperCase()}-${i}`, 'in stock'].join('\t'));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

describeOnEngine('sqlite', 'an import process killed mid-way', () => {
  let dir: string;
  let databasePath: string;
  let reader: Database.Database | null = null;
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-killed-import-'));
    databasePath = path.join(dir, 'catalog.db');
    // Migrations applied before the import starts, so the test can read the file while it runs.
    openDatabase(databasePath).close();
    reader = new Database(databasePath, { readonly: true });
  });

  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    reader?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const db = () => {
    if (!reader) throw new Error('the database is not open');
    return reader;
  };
  const runs = () => db().prepare('SELECT id, status, total_rows, inserted, skipped, products_created, finished_at, owner_pid FROM import_runs ORDER BY started_at, rowid').all() as RunRow[];
  const count = (sql: string, ...params: unknown[]) => (db().prepare(sql).get(...params) as { n: number }).n;

  /**
   * Waits until the running import has committed at least `offers` offers (its process must still be at it). Row by row
   * on a busy two-core machine, 2,000 offers took two minutes; the wait allows seven.
   */
  async function committed(child: ChildProcess & { output: () => string }, offers: number): Promise<RunRow> {
    const deadline = Date.now() + 420_000;
    for (;;) {
      const run = runs().find((row) => row.status === 'running');
      if (run && run.inserted >= offers) return run;
      if (child.exitCode !== null) throw new Error(`the import ended (exit ${child.exitCode}) before it was killed:\n${child.output()}`);
      if (Date.now() > deadline) throw new Error(`the import committed no ${offers} offers:\n${child.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function kill(child: ChildProcess) {
    child.kill('SIGKILL');
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');
  }

  /** Starts a command again (a small import of another shop) and answers its output. */
  async function startAgain(): Promise<string> {
    const feed = path.join(dir, 'other.tsv');
    writeFeed(feed, 'othershop', 3);
    const again = cliProcess('catalog-import.ts', [feed, '--format', 'gmc'], databasePath);
    children.push(again);
    expect(await exited(again)).toBe(0);
    return again.output();
  }

  it('row by row (catalog:import): the run is interrupted with counts equal to the offers it left in the catalog', async () => {
    const feed = path.join(dir, 'feed.tsv');
    writeFeed(feed, 'killshop', 30_000);
    const importer = cliProcess('catalog-import.ts', [feed, '--format', 'gmc'], databasePath);
    children.push(importer);

    // Killed once its first units of work (about ROW_TRANSACTION_MS each) are committed, in the middle of its first
    // batch of 2,000 rows: what a unit committed stays, and the run's counts say so.
    const running = await committed(importer, 300);
    expect(running.owner_pid).toBe(importer.pid);
    // Another process that looks for runs left behind while the import goes on (the API when it starts) leaves it alone.
    // (Read-only: it has nothing to mark, and so does not wait for the import's write lock.)
    const other = new Database(databasePath, { readonly: true });
    try {
      expect(await recoverInterruptedImports(createSqliteCatalogRepository({ sqlite: other }))).toEqual([]);
    } finally {
      other.close();
    }
    expect(runs().find((run) => run.id === running.id)?.status).toBe('running');

    await kill(importer);
    const offersLeft = count("SELECT count(*) AS n FROM offers WHERE url LIKE 'https://www.killshop.example/%'");
    const productsLeft = count('SELECT count(*) AS n FROM products');
    expect(offersLeft).toBeGreaterThanOrEqual(300);
    expect(offersLeft).toBeLessThan(2000);
    // What the run said at the moment it died is what was on disk.
    expect(runs()[0]).toMatchObject({ status: 'running', inserted: offersLeft, total_rows: offersLeft, products_created: productsLeft });

    const output = await startAgain();

    expect(output).toContain(`Import run ${running.id}`);
    const [killed, next] = runs();
    expect(killed).toMatchObject({ id: running.id, status: 'interrupted', inserted: offersLeft, total_rows: offersLeft, skipped: 0, products_created: productsLeft });
    expect(killed?.finished_at).not.toBeNull();
    expect(count("SELECT count(*) AS n FROM offers WHERE url LIKE 'https://www.killshop.example/%'")).toBe(offersLeft);
    expect(next).toMatchObject({ status: 'succeeded', inserted: 3 });
  }, 600_000);

  it('bulk path (catalog:generate): the run is interrupted with counts equal to the offers it left in the catalog', async () => {
    const generator = cliProcess('catalog-generate.ts', ['--offers', '2000000'], databasePath);
    children.push(generator);

    const running = await committed(generator, 4000);
    await kill(generator);
    const offersLeft = count('SELECT count(*) AS n FROM offers');
    const productsLeft = count('SELECT count(*) AS n FROM products');
    expect(offersLeft).toBeGreaterThanOrEqual(4000);
    expect(offersLeft).toBeLessThan(2_000_000);
    const [dead] = runs();
    expect(dead).toMatchObject({ status: 'running', inserted: offersLeft, products_created: productsLeft });

    await startAgain();

    const [killed] = runs();
    expect(killed).toMatchObject({ id: running.id, status: 'interrupted', inserted: offersLeft, total_rows: dead?.total_rows, products_created: productsLeft });
    expect(killed?.total_rows).toBe((killed?.inserted ?? -1) + (killed?.skipped ?? -1));
    expect(count("SELECT count(*) AS n FROM offers WHERE url NOT LIKE 'https://www.othershop.example/%'")).toBe(offersLeft);
  }, 600_000);
});
