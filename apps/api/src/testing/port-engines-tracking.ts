import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { openPostgres, type PostgresHandle } from '../db/pg-client';
import { createTestPostgresDatabase } from './postgres';

/**
 * A freshly migrated database of one engine for a port contract test (the same cases run against the
 * SQLite and the PostgreSQL implementation), with plain SQL for arranging rows and reading them back.
 */
export type PortEngine =
  | ({ engine: 'sqlite'; sqlite: DatabaseHandle } & EngineSql)
  | ({ engine: 'postgres'; pg: PostgresHandle; url: string } & EngineSql);

interface EngineSql {
  /**
   * Runs `sql` (`?` placeholders) and answers its rows alike on both engines: PostgreSQL's bigints as numbers and
   * booleans as 1/0 (SQLite's integers); JSON as text on SQLite and parsed on PostgreSQL (compare it parsed).
   */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export const ENGINES = ['sqlite', 'postgres'] as const;

/** `?` placeholders as PostgreSQL's `$1, $2, …` (fixture SQL holds no literal question mark). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** Fixture reads: int8 as a number, bool as 1/0 (the ports under test keep node-postgres's defaults). */
const fixtureTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    if (oid === 16) return (value: string) => (value === 't' ? 1 : 0);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export async function openPortEngine(engine: (typeof ENGINES)[number], options: { poolSize?: number } = {}): Promise<PortEngine> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'port-contract-'));
    const sqlite = openDatabase(path.join(dir, 'test.db'));
    return {
      engine,
      sqlite,
      async query<Row>(sql: string, params: readonly unknown[] = []) {
        const statement = sqlite.sqlite.prepare(sql);
        if (statement.reader) return statement.all(...params) as Row[];
        statement.run(...params);
        return [];
      },
      async close() {
        sqlite.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestPostgresDatabase();
  const handle = await openPostgres(database.url, { max: options.poolSize ?? 10 });
  return {
    engine,
    pg: handle,
    url: database.url,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await handle.pool.query({ text: numbered(sql), values: [...params], types: fixtureTypes });
      return result.rows as Row[];
    },
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** Arranges a business (active unless told), optionally with a verified store domain. */
export async function addBusiness(
  db: PortEngine,
  id: string,
  options: { status?: 'active' | 'suspended'; domain?: string; storeDomain?: string } = {},
): Promise<void> {
  await db.query('INSERT INTO businesses (id, email, password_hash, status, store_domain) VALUES (?, ?, ?, ?, ?)', [
    id,
    `${id}@example.com`,
    'x',
    options.status ?? 'active',
    options.storeDomain ?? options.domain ?? null,
  ]);
  if (options.domain) {
    await db.query("INSERT INTO verified_domains (domain, business_id, method, verified_at) VALUES (?, ?, 'dns', ?)", [options.domain, id, 1_000]);
  }
}
