import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createBulkWriter, createThreadBulkWriter, type BulkOp } from '@pricehunt/storage';

const SCHEMA = 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, note TEXT)';
const insert = (rows: Array<[number, string]>): BulkOp => ({ sql: 'INSERT INTO items (id, name) VALUES (?, ?)', rows });

describe('bulk writer', () => {
  let dir: string;
  let file: string;
  let sqlite: Database.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bulk-'));
    file = path.join(dir, 'bulk.db');
    sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.exec(SCHEMA);
  });
  afterEach(() => {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const names = () => sqlite.prepare('SELECT name FROM items ORDER BY id').pluck().all();

  it('commits batches on its own thread in the order they were handed over', async () => {
    const writer = createBulkWriter(sqlite);
    const first = writer.write([insert([[1, 'a'], [2, 'b']])]);
    const second = writer.write([insert([[3, 'c']]), { sql: 'UPDATE items SET note = @note WHERE id = @id', rows: [{ id: 1, note: 'first' }] }]);
    expect(writer.pending).toBe(2);
    await Promise.all([first, second]);
    expect(names()).toEqual(['a', 'b', 'c']);
    expect(sqlite.prepare('SELECT note FROM items WHERE id = 1').pluck().get()).toBe('first');
    await writer.close();
  });

  it('keeps the WAL bounded: its commits copy the WAL into the database once it has grown past the limit', async () => {
    const note = 'x'.repeat(4000);
    // 40 batches of about 50 pages each: 2,000 pages in all, against a limit of 100.
    const run = async (checkpointPages: number) => {
      sqlite.exec('DELETE FROM items');
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const writer = createThreadBulkWriter(file, { checkpointPages });
      for (let batch = 0; batch < 40; batch++) {
        const rows = Array.from({ length: 50 }, (_, i) => [batch * 50 + i + 1, `n${batch * 50 + i}`, note] as const);
        await writer.write([{ sql: 'INSERT INTO items (id, name, note) VALUES (?, ?, ?)', rows: rows.map((row) => [...row]) }]);
      }
      await writer.close();
      return fs.statSync(`${file}-wal`).size / 4096;
    };
    const bounded = await run(100);
    const unbounded = await run(0);
    expect(unbounded).toBeGreaterThan(2000);
    expect(bounded).toBeLessThan(400);
    expect(sqlite.prepare('SELECT count(*) FROM items').pluck().get()).toBe(2000);
  });

  it('writes nothing of a batch that fails and names the database error', async () => {
    const writer = createThreadBulkWriter(file);
    await writer.write([insert([[1, 'a']])]);
    await expect(writer.write([insert([[2, 'b'], [3, 'a']])])).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(names()).toEqual(['a']);
    // A later batch still goes through.
    await writer.write([insert([[4, 'd']])]);
    expect(names()).toEqual(['a', 'd']);
    await writer.close();
    await expect(writer.write([insert([[5, 'e']])])).rejects.toThrow('closed');
  });

  it("waits out another connection's write lock held past its busy timeout, and then commits the whole batch", async () => {
    const writer = createThreadBulkWriter(file, { busyTimeoutMs: 20 });
    try {
      // The thread is up once its first batch is committed.
      await writer.write([insert([[1, 'a']])]);
      // This connection holds the write lock for 300 ms: fifteen times the thread's busy timeout.
      sqlite.exec('BEGIN IMMEDIATE');
      sqlite.prepare('INSERT INTO items (id, name) VALUES (?, ?)').run(2, 'held');
      const written = writer.write([insert([[3, 'b'], [4, 'c']])]);
      const outcome = written.then(
        () => 'committed',
        (error: Error) => error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(writer.pending).toBe(1);
      sqlite.exec('COMMIT');
      expect(await outcome).toBe('committed');
      expect(names()).toEqual(['a', 'held', 'b', 'c']);
    } finally {
      if (sqlite.inTransaction) sqlite.exec('COMMIT');
      await writer.close();
    }
  });

  it('writes on the caller connection when the database lives in memory', async () => {
    const memory = new Database(':memory:');
    memory.exec(SCHEMA);
    const writer = createBulkWriter(memory);
    await writer.write([insert([[1, 'a']])]);
    await expect(writer.write([insert([[2, 'b'], [3, 'a']])])).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(memory.prepare('SELECT name FROM items').pluck().all()).toEqual(['a']);
    memory.close();
  });
});
