import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createGroupCommitQueue, createImmediateQueue, createWriterThreadQueue, openSqlite, type WriteQueue } from '@pricehunt/storage';
import { testEngine } from '../testing/db';

const insert = (v: string) => ({ sql: 'insert into t (v) values (?)', params: [v] });

/** A database file of its own with table `t`, open on one connection; `remove` closes it and deletes the folder. */
function scratchDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-queue-'));
  const file = path.join(dir, 'q.db');
  const sqlite = openSqlite(file);
  sqlite.exec('create table t (id integer primary key, v text not null unique)');
  const remove = () => {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { file, sqlite, remove };
}

// SQLite's write queues (the tracking writes' path on SQLite): the PostgreSQL run skips them.
const describeSqlite = testEngine() === 'sqlite' ? describe : describe.skip;

describeSqlite.each([
  ['immediate', (sqlite: Database.Database) => createImmediateQueue(sqlite)],
  ['group commit', (sqlite: Database.Database) => createGroupCommitQueue(sqlite)],
  ['writer thread', (sqlite: Database.Database, file: string) => createWriterThreadQueue(file, { connection: sqlite })],
] as const)('write queue: %s [sqlite only]', (_name, make) => {
  let db: ReturnType<typeof scratchDatabase>;
  let reader: Database.Database;
  let queue: WriteQueue;
  beforeEach(() => {
    db = scratchDatabase();
    reader = new Database(db.file, { readonly: true });
    queue = make(db.sqlite, db.file);
  });
  afterEach(async () => {
    await queue.close();
    reader.close();
    db.remove();
  });
  const committed = () => (reader.prepare('select v from t order by id').all() as Array<{ v: string }>).map((r) => r.v);

  it('resolves a write only once another connection can read it', async () => {
    const visibleAtResolve = await Promise.all(['a', 'b', 'c'].map((v) => queue.run(insert(v)).then(() => committed().includes(v))));
    expect(visibleAtResolve).toEqual([true, true, true]);
    expect(committed()).toEqual(['a', 'b', 'c']);
  });

  it('rejects only the failing write, with its SQLite code; the others commit', async () => {
    const outcomes = await Promise.allSettled([queue.run(insert('x')), queue.run(insert('x')), queue.run(insert('y'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ name: 'WriteError', code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(committed()).toEqual(['x', 'y']);
  });

  it('answers each write of consecutive turns with its own outcome, however the turns are grouped into commits', async () => {
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const outcome = (value: string) =>
      queue.run(insert(value)).then(
        () => 'committed',
        (error: unknown) => (error as { code?: string }).code,
      );
    const all: Array<Promise<string | undefined>> = [];
    for (let i = 0; i < 5; i++) {
      all.push(outcome(`t${i}`), outcome(`t${i}`), outcome(`u${i}`));
      await turn();
    }
    expect(await Promise.all(all)).toEqual(Array.from({ length: 5 }, () => ['committed', 'SQLITE_CONSTRAINT_UNIQUE', 'committed']).flat());
    expect(committed()).toEqual(Array.from({ length: 5 }, (_, i) => [`t${i}`, `u${i}`]).flat());
  });

  it('runs a transaction on the calling connection, committed when it resolves', async () => {
    await queue.run(insert('first'));
    const answer = await queue.transaction(() => {
      db.sqlite.prepare('insert into t (v) values (?)').run('inline');
      return (db.sqlite.prepare('select count(*) as n from t').get() as { n: number }).n;
    });
    expect(answer).toBe(2);
    expect(committed()).toEqual(['first', 'inline']);
    await expect(
      queue.transaction(() => {
        db.sqlite.prepare('insert into t (v) values (?)').run('rolled back');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(committed()).toEqual(['first', 'inline']);
  });

  it('drains, then refuses nothing it accepted', async () => {
    const writes = Array.from({ length: 20 }, (_, i) => queue.run(insert(`w${i}`)));
    await queue.drain();
    await Promise.all(writes);
    expect(committed()).toHaveLength(20);
    expect(queue.stats.writes).toBe(20);
  });
});

describeSqlite('group commit batching [sqlite only]', () => {
  it('commits the writes of one turn together (one transaction, one fsync)', async () => {
    const { file, sqlite, remove } = scratchDatabase();
    for (const queue of [createGroupCommitQueue(sqlite), createWriterThreadQueue(file)]) {
      const before = { ...queue.stats };
      await Promise.all(Array.from({ length: 10 }, (_, i) => queue.run(insert(`${queue.kind}-${i}`))));
      expect(queue.stats.writes - before.writes).toBe(10);
      expect(queue.stats.batches - before.batches).toBe(1);
      await queue.close();
    }
    const immediate = createImmediateQueue(sqlite);
    await Promise.all(Array.from({ length: 3 }, (_, i) => immediate.run(insert(`immediate-${i}`))));
    expect(immediate.stats.batches).toBe(3);
    remove();
  });

  it('gathers the writes of the turns that pass while the writer thread works into one commit, each answered rightly', async () => {
    const { file, sqlite, remove } = scratchDatabase();
    const queue = createWriterThreadQueue(file);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const outcomes: Array<Promise<string>> = [];
    const TURNS = 200;
    // Another connection holds the write lock while the turns pass: the writer thread's first commit waits for it
    // (busy timeout), as it would wait for a slow disk, however fast this machine's disk and scheduler are.
    sqlite.exec('begin immediate');
    for (let i = 0; i < TURNS; i++) {
      // Each turn: a new value, and a duplicate of the previous turn's (refused once the first is committed).
      for (const value of [`v${i}`, `v${Math.max(0, i - 1)}`]) {
        outcomes.push(queue.run(insert(value)).then(() => 'ok', (error: { code?: string }) => error.code ?? 'error'));
      }
      await turn();
    }
    sqlite.exec('commit');
    const answers = await Promise.all(outcomes);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(TURNS);
    expect(answers.filter((a) => a === 'SQLITE_CONSTRAINT_UNIQUE')).toHaveLength(TURNS);
    expect(answers[0]).toBe('ok');
    expect(answers[1]).toBe('SQLITE_CONSTRAINT_UNIQUE');
    // The turns that passed while the thread waited share its next commit.
    expect(queue.stats.writes).toBe(2 * TURNS);
    expect(queue.stats.batches).toBeLessThan(TURNS / 10);
    await queue.close();
    const reader = new Database(file, { readonly: true });
    expect((reader.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(TURNS);
    reader.close();
    remove();
  });

  it('the writer thread refuses writes after close', async () => {
    const { file, remove } = scratchDatabase();
    const queue = createWriterThreadQueue(file);
    await queue.run(insert('before'));
    await queue.close();
    await expect(queue.run(insert('after'))).rejects.toThrow(/closed/);
    remove();
  });
});

describeSqlite('writer thread with a statement that cannot be prepared [sqlite only]', () => {
  it('rejects that write and keeps serving the others', async () => {
    const { file, remove } = scratchDatabase();
    const queue = createWriterThreadQueue(file);
    const outcomes = await Promise.allSettled([queue.run({ sql: 'insert into missing_table values (?)', params: [1] }), queue.run(insert('fine'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    await expect(queue.run(insert('still fine'))).resolves.toBeUndefined();
    await queue.close();
    remove();
  });
});
