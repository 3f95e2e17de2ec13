/**
 * The database an evaluation imports into: a temporary SQLite file, or, when DATABASE_URL names a PostgreSQL server
 * (`postgres://…`), a database of its own created on that server and dropped afterwards. The catalog services and the
 * search's ports are those of the engine, so one evaluation measures either engine with the same code.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createPgCatalogServices, createPgStorage, createSqliteCatalogRepository, createSqliteCatalogServices, createSqliteSearchIndexRepository, createSqliteSearchRequestRepository, openDatabase, openPostgres, refreshProductsPg } from '@pricehunt/storage';
import type { CatalogRepository, CatalogServices, SearchIndexRepository } from '@pricehunt/catalog-core';
import type { SearchRequestRepository } from '@pricehunt/catalog-search';
import { present } from '@pricehunt/contracts';

export interface EvalDatabase {
  engine: 'sqlite' | 'postgres';
  catalog: CatalogServices;
  /** The ports a search service reads through. */
  ports: { catalog: CatalogRepository; index: SearchIndexRepository; requests: SearchRequestRepository };
  /** Rows of `sql` (`?` placeholders on either engine). */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs `work` with the offer out of the catalog (its product's figures as they would be), then puts it all back. */
  withoutOffer<T>(offerId: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The engine DATABASE_URL names: PostgreSQL for `postgres://` or `postgresql://`, else SQLite. */
export const evalEngine = (url = process.env.DATABASE_URL): 'sqlite' | 'postgres' => (url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite');

/** Opens a fresh, migrated database named after `name` (in `dir` for SQLite). */
export async function openEvalDatabase(dir: string, name: string, url = process.env.DATABASE_URL): Promise<EvalDatabase> {
  if (evalEngine(url) === 'sqlite') {
    const handle = openDatabase(path.join(dir, `${name}.db`));
    const catalog = createSqliteCatalogServices(handle.sqlite);
    return {
      engine: 'sqlite',
      catalog,
      ports: {
        catalog: createSqliteCatalogRepository(handle, catalog.repository),
        index: createSqliteSearchIndexRepository(handle, catalog.index),
        requests: createSqliteSearchRequestRepository(handle),
      },
      query: async <Row>(sql: string, params: readonly unknown[] = []) => handle.sqlite.prepare(sql).all(...params) as Row[],
      // A transaction rolled back afterwards: the searches read on this connection, and see it.
      async withoutOffer(offerId, work) {
        const offer = catalog.repository.getOffer(offerId);
        handle.sqlite.exec('BEGIN');
        try {
          catalog.repository.deleteOffer(offerId);
          if (offer?.productId != null) catalog.repository.refreshProduct(offer.productId);
          return await work();
        } finally {
          handle.sqlite.exec('ROLLBACK');
        }
      },
      close: async () => {
        catalog.spelling.stop();
        handle.close();
      },
    };
  }
  const server = new URL(present(url));
  const database = `pricehunt_eval_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  server.pathname = `/${database}`;
  const handle = await openPostgres(server.toString());
  const storage = createPgStorage(handle);
  const catalog = createPgCatalogServices(handle, { catalog: storage.catalog, searchIndex: storage.searchIndex });
  const query = async <Row>(sql: string, params: readonly unknown[] = []) => {
    let n = 0;
    return (await handle.pool.query(sql.replace(/\?/g, () => `$${++n}`), [...params])).rows as Row[];
  };
  // Columns that can be written back (not the generated search vector).
  const writable = async (table: string) =>
    (await query<{ name: string }>("SELECT column_name AS name FROM information_schema.columns WHERE table_name = ? AND is_generated = 'NEVER' ORDER BY ordinal_position", [table]))
      .map((row) => row.name)
      .join(', ');
  const columns = { offers: await writable('offers'), products: await writable('products'), price_points: await writable('price_points') };
  return {
    engine: 'postgres',
    catalog,
    ports: { catalog: storage.catalog, index: storage.searchIndex, requests: storage.searchRequests },
    query,
    // The searches read through the pool, so the offer is taken out for real: deleted (its price points with it) in one
    // transaction, and its rows, and its product's, written back as they were in another.
    async withoutOffer(offerId, work) {
      const [offer] = await query<{ row: object; productId: number | null }>('SELECT row_to_json(o) AS row, o.product_id AS "productId" FROM offers o WHERE id = ?', [offerId]);
      if (!offer) return work();
      const [product] = await query<{ row: object }>('SELECT row_to_json(p) AS row FROM products p WHERE id = ?', [offer.productId]);
      const points = await query<{ row: object }>('SELECT row_to_json(p) AS row FROM price_points p WHERE offer_id = ? ORDER BY id', [offerId]);
      const inTransaction = async (steps: (client: pg.PoolClient) => Promise<void>) => {
        const client = await handle.pool.connect();
        try {
          await client.query('BEGIN');
          await steps(client);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      };
      await inTransaction(async (client) => {
        await client.query('DELETE FROM offers WHERE id = $1', [offerId]);
        if (offer.productId !== null) await refreshProductsPg(client, [offer.productId], new Date().toISOString());
      });
      try {
        return await work();
      } finally {
        await inTransaction(async (client) => {
          const restore = (table: keyof typeof columns, row: object) => {
            const set = columns[table].split(', ').map((column) => `${column} = EXCLUDED.${column}`);
            return client.query(
              `INSERT INTO ${table} (${columns[table]}) SELECT ${columns[table]} FROM json_populate_record(null::${table}, $1) ON CONFLICT (id) DO UPDATE SET ${set.join(', ')}`,
              [row],
            );
          };
          if (product) await restore('products', product.row);
          await restore('offers', offer.row);
          for (const point of points) await restore('price_points', point.row);
        });
      }
    },
    close: async () => {
      catalog.spelling.stop();
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      await admin.end();
    },
  };
}
