import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createGroupCommitQueue, createImmediateQueue } from './write-queue';

describe('write queues', () => {
  let sqlite: Database.Database;
  beforeEach(() => {
    sqlite = new Database(':memory:');
    sqlite.exec('create table t (id integer primary key, v text not null unique)');
  });
  afterEach(() => sqlite.close());
  const insert = (v: string) => () => sqlite.prepare('insert into t (v) values (?)').run(v).lastInsertRowid;
  const count = () => (sqlite.prepare('select count(*) as n from t').get() as { n: number }).n;

  it('commits the writes of one turn in one transaction and resolves after the commit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-queue-'));
    const file = path.join(dir, 'q.db');
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (id integer primary key, v text not null unique)');
    const reader = new Database(file, { readonly: true });
    const committed = () => (reader.prepare('select count(*) as n from t').get() as { n: number }).n;
    try {
      const queue = createGroupCommitQueue(writer);
      const seenByOthers: number[] = [];
      const work = (v: string) => () => {
        seenByOthers.push(committed());
        return writer.prepare('insert into t (v) values (?)').run(v).changes;
      };
      const all = Promise.all(['a', 'b', 'c'].map((v) => queue.run(work(v))));
      expect(queue.pending).toBe(3);
      await all;
      // While the group ran, no write of it was visible to another connection: one transaction, one commit.
      expect(seenByOthers).toEqual([0, 0, 0]);
      expect(committed()).toBe(3);
    } finally {
      reader.close();
      writer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('isolates a failing write in its savepoint: the others commit, the failure rejects', async () => {
    const queue = createGroupCommitQueue(sqlite);
    const outcomes = await Promise.allSettled([queue.run(insert('x')), queue.run(insert('x')), queue.run(insert('y'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(count()).toBe(2);
  });

  it('flushes at once when the batch is full', async () => {
    const queue = createGroupCommitQueue(sqlite, { maxBatch: 2 });
    const first = queue.run(insert('1'));
    const second = queue.run(insert('2'));
    // Committed synchronously by the second run, before any turn of the event loop.
    expect(count()).toBe(2);
    await Promise.all([first, second]);
  });

  it('immediate queue commits each write before resolving', async () => {
    const queue = createImmediateQueue(sqlite);
    const id = queue.run(insert('only'));
    expect(count()).toBe(1);
    await expect(id).resolves.toBe(1);
    // (matched by code: the native module's error class may come from another test file's realm)
    await expect(queue.run(insert('only'))).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
  });
});
