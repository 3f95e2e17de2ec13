import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { openSqlite } from '@pricehunt/storage';
import { testEngine } from '../testing/db';
import { createTestPostgresDatabase } from '@pricehunt/storage/testing';
import { BUSY_RETRY_AFTER_SECONDS, errorHandlerPlugin } from './error-handler';

/**
 * A request whose write finds the database locked past its wait (another process's long write) answers 503 with
 * Retry-After, never 500: with the error the run's engine really gives (SQLite's SQLITE_BUSY past the busy timeout,
 * PostgreSQL's lock_not_available past lock_timeout).
 */
interface LockedDatabase {
  /** A write that finds the table locked by another connection, as the engine refuses it. */
  lockedWrite(): Promise<void>;
  close(): Promise<void>;
}

async function sqliteLocked(): Promise<LockedDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-locked-'));
  const holder = openSqlite(path.join(dir, 'locked.db'));
  const waiter = openSqlite(path.join(dir, 'locked.db'));
  holder.exec('CREATE TABLE sessions (id TEXT PRIMARY KEY)');
  waiter.pragma('busy_timeout = 10');
  holder.exec('BEGIN IMMEDIATE');
  return {
    lockedWrite: async () => void waiter.prepare('INSERT INTO sessions (id) VALUES (?)').run('s1'),
    close: async () => {
      holder.exec('ROLLBACK');
      holder.close();
      waiter.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresLocked(): Promise<LockedDatabase> {
  const database = await createTestPostgresDatabase();
  const holder = new pg.Client({ connectionString: database.url });
  const waiter = new pg.Client({ connectionString: database.url });
  await holder.connect();
  await waiter.connect();
  await holder.query('CREATE TABLE locked_sessions (id text PRIMARY KEY)');
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE locked_sessions IN ACCESS EXCLUSIVE MODE');
  await waiter.query("SET lock_timeout = '20ms'");
  return {
    lockedWrite: async () => void (await waiter.query("INSERT INTO locked_sessions (id) VALUES ('s1')")),
    close: async () => {
      await holder.query('ROLLBACK');
      await holder.end();
      await waiter.end();
      await database.drop();
    },
  };
}

describe('a request that finds the database busy', () => {
  let app: FastifyInstance;
  let locked: LockedDatabase;

  beforeAll(async () => {
    locked = testEngine() === 'postgres' ? await postgresLocked() : await sqliteLocked();
    app = Fastify();
    await app.register(errorHandlerPlugin);
    app.post('/write', async () => {
      await locked.lockedWrite();
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await locked.close();
  });

  it('answers 503 with Retry-After, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/write' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', error: 'The service is busy: try again in a moment' });
  });
});
