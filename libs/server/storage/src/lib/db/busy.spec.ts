import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from './client';
import { BUSY_ATTEMPTS, busyWait, isBusyError, retryBusy, withBusyRetries } from './busy';

describe('a busy database', () => {
  it('is told apart from other failures on either engine', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', '55P03', '40001', '40P01']) expect(isBusyError(Object.assign(new Error('busy'), { code }))).toBe(true);
    for (const error of [new Error('boom'), Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }), Object.assign(new Error('x'), { code: '23505' }), null, 'text']) {
      expect(isBusyError(error)).toBe(false);
    }
  });

  it('waits longer after each busy attempt, with jitter', () => {
    expect([0, 1, 2].map((attempt) => busyWait(attempt, () => 0))).toEqual([25, 50, 100]);
    expect([0, 1, 2].map((attempt) => busyWait(attempt, () => 1))).toEqual([50, 100, 200]);
  });

  it('runs a unit of work again while the database is busy, a few times at most, and never a failure of another kind', async () => {
    let calls = 0;
    const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    await expect(retryBusy(async () => (++calls < 3 ? Promise.reject(busy()) : 'done'))).resolves.toBe('done');
    expect(calls).toBe(3);

    calls = 0;
    await expect(retryBusy(async () => (calls++, Promise.reject(busy())))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(calls).toBe(BUSY_ATTEMPTS);

    calls = 0;
    await expect(retryBusy(async () => (calls++, Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
    expect(calls).toBe(1);
  });

  it("waits out another connection's write lock held past the busy timeout (a port's method on SQLite)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-busy-'));
    const file = path.join(dir, 'busy.db');
    const writer = openSqlite(file);
    const reader = openSqlite(file);
    try {
      writer.exec('CREATE TABLE sessions (id TEXT PRIMARY KEY)');
      reader.pragma('busy_timeout = 20');
      const insert = reader.prepare('INSERT INTO sessions (id) VALUES (?)');
      const port = withBusyRetries({
        label: 'sessions',
        save: async (id: string) => void insert.run(id),
        count: () => (reader.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n,
      });
      // Another connection holds the write lock for 60 ms: longer than this connection's busy timeout.
      writer.exec('BEGIN IMMEDIATE');
      const released = new Promise((resolve) => setTimeout(resolve, 60)).then(() => writer.exec('COMMIT'));
      let direct: unknown = null;
      try {
        insert.run('direct');
      } catch (error) {
        direct = error;
      }
      expect(isBusyError(direct)).toBe(true);
      await expect(port.save('through the port')).resolves.toBeUndefined();
      await released;
      expect(port.label).toBe('sessions');
      expect(port.count()).toBe(1);
    } finally {
      writer.close();
      reader.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
