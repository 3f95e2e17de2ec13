/**
 * The database an evaluation imports into: a temporary SQLite file, or, when DATABASE_URL names a PostgreSQL server
 * (`postgres://…`), a database of its own created on that server and dropped afterwards. The catalog services and the
 * search's ports are those of the engine, so one evaluation measures either engine with the same code.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { openPostgres } from '../../apps/api/src/db/pg-client';
import { createPgStorage } from '../../apps/api/src/db/storage';
import { createCatalogServices, createPgCatalogServices, type CatalogServices } from '../../apps/api/src/modules/catalog/plugin';
import type { CatalogRepository } from '../../apps/api/src/modules/catalog/repository';
import { createSqliteCatalogRepository } from '../../apps/api/src/modules/catalog/sqlite-repository';
import type { SearchRequestRepository } from '../../apps/api/src/modules/search/repository';
import { createSqliteSearchRequestRepository } from '../../apps/api/src/modules/search/sqlite-repository';

export interface EvalDatabase {
  engine: 'sqlite' | 'postgres';
  catalog: CatalogServices;
  /** The ports a search service reads through. */
  ports: { catalog: CatalogRepository; requests: SearchRequestRepository };
  /** Rows of `sql` (`?` placeholders on either engine). */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** The engine DATABASE_URL names: PostgreSQL for `postgres://` or `postgresql://`, else SQLite. */
export const evalEngine = (url = process.env.DATABASE_URL): 'sqlite' | 'postgres' => (url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite');

/** Opens a fresh, migrated database named after `name` (in `dir` for SQLite). */
export async function openEvalDatabase(dir: string, name: string, url = process.env.DATABASE_URL): Promise<EvalDatabase> {
  if (evalEngine(url) === 'sqlite') {
    const handle = openDatabase(path.join(dir, `${name}.db`));
    const catalog = createCatalogServices(handle.sqlite);
    return {
      engine: 'sqlite',
      catalog,
      ports: { catalog: createSqliteCatalogRepository(handle, catalog.repository), requests: createSqliteSearchRequestRepository(handle) },
      query: async <Row>(sql: string, params: readonly unknown[] = []) => handle.sqlite.prepare(sql).all(...params) as Row[],
      close: async () => {
        catalog.spelling.stop();
        handle.close();
      },
    };
  }
  const server = new URL(url!);
  const database = `pricehunt_eval_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  server.pathname = `/${database}`;
  const handle = await openPostgres(server.toString());
  const storage = createPgStorage(handle);
  const catalog = createPgCatalogServices(handle, { catalog: storage.catalog, searchIndex: storage.searchIndex });
  return {
    engine: 'postgres',
    catalog,
    ports: { catalog: storage.catalog, requests: storage.searchRequests },
    query: async <Row>(sql: string, params: readonly unknown[] = []) => {
      let n = 0;
      return (await handle.pool.query(sql.replace(/\?/g, () => `$${++n}`), [...params])).rows as Row[];
    },
    close: async () => {
      catalog.spelling.stop();
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      await admin.end();
    },
  };
}
