import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '@pricehunt/storage';
import { cliProcess, exited } from '../testing/cli-process';
import { describeOnEngine } from '../testing/db';

/**
 * Crash test: a real re-clustering process (`npm run catalog:recluster`) is killed with SIGKILL once its first batch
 * is committed. The catalog keeps what it committed, knows the re-clustering is under way, and the next run carries it
 * on to the very products, ids and redirects a run never killed makes of the same catalog.
 */
/** What a re-clustering decides: each offer's product, the retired ids' successors, and each product's name and price. */
function catalogOf(databasePath: string) {
  const db = new Database(databasePath, { readonly: true });
  try {
    return {
      offers: db.prepare('SELECT id, product_id AS productId FROM offers ORDER BY id').all(),
      redirects: db.prepare('SELECT from_id AS "from", to_id AS "to" FROM product_redirects ORDER BY from_id').all(),
      products: db.prepare('SELECT id, title, offer_count AS offers, best_price_cents AS price FROM products ORDER BY id').all(),
    };
  } finally {
    db.close();
  }
}

describeOnEngine('sqlite', 'a re-clustering process killed mid-way', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  const run = async (script: string, args: string[], databasePath: string) => {
    const child = cliProcess(script, args, databasePath);
    children.push(child);
    expect(await exited(child)).toBe(0);
    return child.output();
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-killed-recluster-'));
  });

  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is carried on by the next run, to what a run never killed makes', async () => {
    // A catalog of two batches of offers, and a copy of it re-clustered without being killed.
    const killed = path.join(dir, 'killed.db');
    const whole = path.join(dir, 'whole.db');
    openDatabase(killed).close();
    await run('catalog-generate.ts', ['--offers', '3000'], killed);
    fs.copyFileSync(killed, whole);
    await run('catalog-recluster.ts', [], whole);

    const reader = new Database(killed, { readonly: true });
    const count = (sql: string) => (reader.prepare(sql).get() as { n: number }).n;
    try {
      const products = count('SELECT count(*) AS n FROM products');
      const recluster = cliProcess('catalog-recluster.ts', [], killed);
      children.push(recluster);
      // Killed once its first batch of 2,000 offers is committed, in the middle of the next one.
      const placed = () => count('SELECT count(*) AS n FROM recluster_offers r JOIN offers o ON o.id = r.offer_id WHERE o.product_id IS NOT NULL');
      for (const deadline = Date.now() + 300_000; placed() < 2000; ) {
        if (recluster.exitCode !== null) throw new Error(`the re-clustering ended (exit ${recluster.exitCode}) before it was killed:\n${recluster.output()}`);
        if (Date.now() > deadline) throw new Error(`the re-clustering committed no batch:\n${recluster.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      recluster.kill('SIGKILL');
      await exited(recluster);
      expect(recluster.signalCode).toBe('SIGKILL');

      // What it committed stays, and the catalog knows the rest is to be placed.
      expect(count('SELECT count(*) AS n FROM recluster_offers')).toBe(3000);
      const unplaced = count('SELECT count(*) AS n FROM offers WHERE product_id IS NULL');
      // The batch it was killed in left nothing behind.
      expect(unplaced).toBe(1000);
      expect(count('SELECT count(*) AS n FROM products')).toBeGreaterThan(0);
      expect(count('SELECT count(*) AS n FROM products')).toBeLessThan(products);
    } finally {
      reader.close();
    }

    const output = await run('catalog-recluster.ts', [], killed);

    expect(output).toContain('A re-clustering was left under way: 1,000 of its 3,000 offers are in no product yet. Carrying it on.');
    expect(catalogOf(killed)).toEqual(catalogOf(whole));
    const after = new Database(killed, { readonly: true });
    try {
      expect(after.prepare('SELECT count(*) AS n FROM recluster_offers').get()).toEqual({ n: 0 });
      expect(after.prepare('SELECT count(*) AS n FROM offers WHERE product_id IS NULL').get()).toEqual({ n: 0 });
    } finally {
      after.close();
    }
  }, 600_000);
});
