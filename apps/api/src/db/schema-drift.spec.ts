import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedPostgresCluster } from '@pricehunt/postgres-harness';
import { Client } from 'pg';
import { openDatabase, openPostgres } from '@pricehunt/storage';

/**
 * The two engines' schemas, each migrated from scratch, must hold the same tables, columns (name, nullability, type
 * family), primary keys, foreign keys, triggers and indexes (name, columns, uniqueness, partial or not). What only
 * one engine has, it has for full-text search or for its own bookkeeping, and is listed here, the one place for it.
 */
const ENGINE_SPECIFIC = {
  sqlite: {
    tables: [
      // drizzle's record of applied migrations (PostgreSQL keeps it in the schema "drizzle", not compared).
      '__drizzle_migrations',
      // SQLite's AUTOINCREMENT counters (PostgreSQL: the identity columns' sequences).
      'sqlite_sequence',
      // FTS5 full-text index over offers (migrations 0002, 0008) and its shadow tables; its vocabulary.
      'offers_fts',
      'offers_fts_data',
      'offers_fts_idx',
      'offers_fts_docsize',
      'offers_fts_config',
      'offers_fts_vocab',
    ],
    // Keep offers_fts in step with updates and deletes of offers (inserts are indexed by the catalog repository).
    triggers: ['offers_fts_delete', 'offers_fts_update'],
    columns: [] as string[],
    indexes: [] as string[],
  },
  postgres: {
    // drizzle-pg/0001_catalog_search.sql: the vocabulary (a materialized view, with its own indexes).
    tables: ['offers_vocab'],
    triggers: [] as string[],
    // The offers' weighted tsvector (a generated column) and its GIN index; the audit log's insertion order (SQLite:
    // the rowid).
    columns: ['offers.search_vector', 'audit_log.seq'],
    // Trigram index for the admin's product finder (title ILIKE '%word%').
    indexes: ['offers_search_idx', 'products_title_trgm_idx'],
  },
};

type Family = 'text' | 'integer' | 'real' | 'blob';
interface Column {
  name: string;
  family: Family;
  notNull: boolean;
}
interface Index {
  name: string;
  columns: string[];
  unique: boolean;
  partial: boolean;
}
interface ForeignKey {
  columns: string[];
  references: string;
  onDelete: string;
}
interface Table {
  columns: Column[];
  primaryKey: string[];
  indexes: Index[];
  foreignKeys: ForeignKey[];
}
interface Catalog {
  tables: Map<string, Table>;
  triggers: string[];
}

/** SQLite's declared type affinity, as a family. */
function sqliteFamily(type: string): Family {
  const upper = type.toUpperCase();
  if (upper.includes('INT')) return 'integer';
  if (/CHAR|CLOB|TEXT/.test(upper)) return 'text';
  if (/REAL|FLOA|DOUB/.test(upper)) return 'real';
  return 'blob';
}

/** PostgreSQL's type as the SQLite family holding the same values: text (and JSON, instants), integer (and flags), real. */
function postgresFamily(type: string): Family {
  if (['text', 'character varying', 'character', 'jsonb', 'json', 'timestamp with time zone', 'timestamp without time zone', 'date', 'uuid'].includes(type)) return 'text';
  if (['integer', 'bigint', 'smallint', 'boolean'].includes(type)) return 'integer';
  if (['double precision', 'real', 'numeric'].includes(type)) return 'real';
  return 'blob';
}

function readSqlite(file: string): Catalog {
  const handle = openDatabase(file);
  try {
    const sqlite = handle.sqlite;
    const names = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    const tables = new Map<string, Table>();
    for (const name of names) {
      const info = sqlite.pragma(`table_info(${JSON.stringify(name)})`) as Array<{ name: string; type: string; notnull: number; pk: number }>;
      const indexes = (sqlite.pragma(`index_list(${JSON.stringify(name)})`) as Array<{ name: string; unique: number; origin: string; partial: number }>)
        // The primary key's own index is the primary key.
        .filter((index) => index.origin !== 'pk')
        .map((index) => ({
          name: index.name,
          unique: index.unique === 1,
          partial: index.partial === 1,
          columns: (sqlite.pragma(`index_info(${JSON.stringify(index.name)})`) as Array<{ seqno: number; name: string | null }>)
            .sort((a, b) => a.seqno - b.seqno)
            .map((column) => column.name ?? '<expression>'),
        }));
      const keys = sqlite.pragma(`foreign_key_list(${JSON.stringify(name)})`) as Array<{ id: number; seq: number; table: string; from: string; to: string; on_delete: string }>;
      const foreignKeys = [...new Set(keys.map((key) => key.id))].map((id) => {
        const parts = keys.filter((key) => key.id === id).sort((a, b) => a.seq - b.seq);
        return {
          columns: parts.map((part) => part.from),
          references: `${parts[0]?.table}(${parts.map((part) => part.to).join(', ')})`,
          onDelete: (parts[0]?.on_delete ?? '').toLowerCase(),
        };
      });
      tables.set(name, {
        columns: info.map((column) => ({ name: column.name, family: sqliteFamily(column.type), notNull: column.notnull === 1 || column.pk > 0 })),
        primaryKey: info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name),
        indexes,
        foreignKeys,
      });
    }
    const triggers = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").pluck().all() as string[];
    return { tables, triggers };
  } finally {
    handle.close();
  }
}

const ON_DELETE: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** An index column as PostgreSQL prints it, as the column it orders: "model_key text_pattern_ops" and "lower(brand)" (SQLite: brand COLLATE NOCASE) are their column. */
function indexColumn(definition: string): string {
  const lower = /^lower\(\(?"?([a-z_0-9]+)"?\)?(::text)?\)$/.exec(definition);
  if (lower?.[1]) return lower[1];
  const plain = /^"?([a-z_0-9]+)"?(\s|$)/.exec(definition);
  return plain?.[1] ?? `<expression ${definition}>`;
}

async function readPostgres(url: string): Promise<Catalog> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const query = async <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await client.query<Row>(text, values)).rows;
    // Tables and materialized views of the public schema.
    const relations = await query<{ name: string; oid: number }>(
      "SELECT c.relname AS name, c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'm', 'p') ORDER BY 1",
    );
    const tables = new Map<string, Table>();
    for (const { name, oid } of relations) {
      const columns = await query<{ name: string; type: string; not_null: boolean }>(
        `SELECT a.attname AS name, format_type(a.atttypid, NULL) AS type, a.attnotnull AS not_null
           FROM pg_attribute a WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
        [oid],
      );
      const constraints = await query<{ type: string; columns: string[]; foreign_table: string | null; foreign_columns: string[] | null; on_delete: string }>(
        `SELECT c.contype AS type,
                ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(num, ord) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord)::text[] AS columns,
                c.confrelid::regclass::text AS foreign_table,
                ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(num, ord) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.ord)::text[] AS foreign_columns,
                c.confdeltype AS on_delete
           FROM pg_constraint c WHERE c.conrelid = $1 AND c.contype IN ('p', 'f') ORDER BY c.conname`,
        [oid],
      );
      const indexes = await query<{ name: string; unique: boolean; primary: boolean; partial: boolean; columns: string[] }>(
        `SELECT ic.relname AS name, i.indisunique AS unique, i.indisprimary AS primary, i.indpred IS NOT NULL AS partial,
                ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, false) FROM generate_series(1, i.indnkeyatts) k ORDER BY k)::text[] AS columns
           FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid WHERE i.indrelid = $1 ORDER BY 1`,
        [oid],
      );
      const primaryKey = constraints.find((constraint) => constraint.type === 'p')?.columns ?? [];
      // SQLite keeps every entry of an index with its row's id (the rowid, which an INTEGER PRIMARY KEY id is): an index
      // of PostgreSQL that names that id last, after other columns, is the SQLite index that does not name it.
      const withoutRowid = (columns: string[], unique: boolean) =>
        !unique && primaryKey.length === 1 && primaryKey[0] === 'id' && columns.length > 1 && columns.at(-1) === 'id' ? columns.slice(0, -1) : columns;
      tables.set(name, {
        columns: columns.map((column) => ({ name: column.name, family: postgresFamily(column.type), notNull: column.not_null })),
        primaryKey,
        indexes: indexes
          .filter((index) => !index.primary)
          .map((index) => ({ name: index.name, unique: index.unique, partial: index.partial, columns: withoutRowid(index.columns.map(indexColumn), index.unique) })),
        foreignKeys: constraints
          .filter((constraint) => constraint.type === 'f')
          .map((constraint) => ({
            columns: constraint.columns,
            references: `${constraint.foreign_table}(${(constraint.foreign_columns ?? []).join(', ')})`,
            onDelete: ON_DELETE[constraint.on_delete] ?? constraint.on_delete,
          })),
      });
    }
    const triggers = (
      await query<{ name: string }>(
        "SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY 1",
      )
    ).map((row) => row.name);
    return { tables, triggers };
  } finally {
    await client.end();
  }
}

/** Leaves out what the exemptions list for the engine. */
function comparable(catalog: Catalog, exempt: (typeof ENGINE_SPECIFIC)['sqlite']): Catalog {
  const tables = new Map<string, Table>();
  for (const [name, table] of catalog.tables) {
    if (exempt.tables.includes(name)) continue;
    tables.set(name, {
      ...table,
      columns: table.columns.filter((column) => !exempt.columns.includes(`${name}.${column.name}`)),
      indexes: table.indexes.filter((index) => !exempt.indexes.includes(index.name)),
    });
  }
  return { tables, triggers: catalog.triggers.filter((trigger) => !exempt.triggers.includes(trigger)) };
}

const describeIndex = (index: Index) => `(${index.columns.join(', ')})${index.unique ? ' unique' : ''}${index.partial ? ' partial' : ''}`;
const describeKey = (key: ForeignKey) => `(${key.columns.join(', ')}) → ${key.references} on delete ${key.onDelete}`;

/** Every difference between the two catalogs, in words. */
function differences(sqlite: Catalog, postgres: Catalog): string[] {
  const found: string[] = [];
  const names = (map: Map<string, unknown>) => [...map.keys()];
  for (const name of names(sqlite.tables)) if (!postgres.tables.has(name)) found.push(`table ${name}: only in SQLite`);
  for (const name of names(postgres.tables)) if (!sqlite.tables.has(name)) found.push(`table ${name}: only in PostgreSQL`);
  for (const [name, lite] of sqlite.tables) {
    const pg = postgres.tables.get(name);
    if (!pg) continue;
    for (const column of lite.columns) {
      const twin = pg.columns.find((other) => other.name === column.name);
      if (!twin) found.push(`column ${name}.${column.name}: only in SQLite`);
      else {
        if (twin.family !== column.family) found.push(`column ${name}.${column.name}: ${column.family} in SQLite, ${twin.family} in PostgreSQL`);
        if (twin.notNull !== column.notNull) found.push(`column ${name}.${column.name}: ${column.notNull ? 'NOT NULL' : 'nullable'} in SQLite, ${twin.notNull ? 'NOT NULL' : 'nullable'} in PostgreSQL`);
      }
    }
    for (const column of pg.columns) if (!lite.columns.some((other) => other.name === column.name)) found.push(`column ${name}.${column.name}: only in PostgreSQL`);
    if (lite.primaryKey.join(', ') !== pg.primaryKey.join(', ')) found.push(`primary key of ${name}: (${lite.primaryKey.join(', ')}) in SQLite, (${pg.primaryKey.join(', ')}) in PostgreSQL`);
    for (const index of lite.indexes) {
      const twin = pg.indexes.find((other) => other.name === index.name);
      if (!twin) found.push(`index ${name}.${index.name} ${describeIndex(index)}: only in SQLite`);
      else if (describeIndex(twin) !== describeIndex(index)) found.push(`index ${name}.${index.name}: ${describeIndex(index)} in SQLite, ${describeIndex(twin)} in PostgreSQL`);
    }
    for (const index of pg.indexes) if (!lite.indexes.some((other) => other.name === index.name)) found.push(`index ${name}.${index.name} ${describeIndex(index)}: only in PostgreSQL`);
    const liteKeys = lite.foreignKeys.map(describeKey).sort();
    const pgKeys = pg.foreignKeys.map(describeKey).sort();
    for (const key of liteKeys) if (!pgKeys.includes(key)) found.push(`foreign key of ${name} ${key}: only in SQLite`);
    for (const key of pgKeys) if (!liteKeys.includes(key)) found.push(`foreign key of ${name} ${key}: only in PostgreSQL`);
  }
  for (const trigger of sqlite.triggers) if (!postgres.triggers.includes(trigger)) found.push(`trigger ${trigger}: only in SQLite`);
  for (const trigger of postgres.triggers) if (!sqlite.triggers.includes(trigger)) found.push(`trigger ${trigger}: only in PostgreSQL`);
  return found;
}

describe('the SQLite and PostgreSQL schemas', () => {
  let dir: string;
  let sqlite: Catalog;
  let postgres: Catalog;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-drift-'));
    sqlite = readSqlite(path.join(dir, 'drift.db'));
    const cluster = await sharedPostgresCluster();
    const database = await cluster.createDatabase();
    try {
      // Migrated from nothing here (not a copy of the test template), as a new deployment would be.
      const handle = await openPostgres(database.url, { max: 1 });
      await handle.close();
      postgres = await readPostgres(database.url);
    } finally {
      await cluster.dropDatabase(database.name);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('hold the same tables, columns, keys and indexes, but for the engine-specific search structures', () => {
    expect(differences(comparable(sqlite, ENGINE_SPECIFIC.sqlite), comparable(postgres, ENGINE_SPECIFIC.postgres))).toEqual([]);
  });

  it('list as engine-specific only what exists', () => {
    const missing = (catalog: Catalog, exempt: (typeof ENGINE_SPECIFIC)['sqlite']) => [
      ...exempt.tables.filter((name) => !catalog.tables.has(name)),
      ...exempt.triggers.filter((name) => !catalog.triggers.includes(name)),
      ...exempt.columns.filter((name) => {
        const [table, column] = name.split('.');
        return !catalog.tables.get(table ?? '')?.columns.some((other) => other.name === column);
      }),
      ...exempt.indexes.filter((name) => ![...catalog.tables.values()].some((table) => table.indexes.some((index) => index.name === name))),
    ];
    expect(missing(sqlite, ENGINE_SPECIFIC.sqlite)).toEqual([]);
    expect(missing(postgres, ENGINE_SPECIFIC.postgres)).toEqual([]);
  });

  it('are read whole: tables with keys, indexes with their columns', () => {
    // A reader that found nothing would find no difference either.
    expect(sqlite.tables.get('offers')?.indexes.find((index) => index.name === 'offers_retailer_external_uq')).toEqual({
      name: 'offers_retailer_external_uq',
      columns: ['retailer_id', 'external_id'],
      unique: true,
      partial: false,
    });
    expect(postgres.tables.get('products')?.indexes.find((index) => index.name === 'products_brand_idx')?.columns).toEqual(['brand', 'offer_count']);
    expect(postgres.tables.get('shopper_favorites')?.primaryKey).toEqual(['shopper_id', 'product_id']);
    expect(postgres.tables.get('price_points')?.foreignKeys).toEqual([{ columns: ['offer_id'], references: 'offers(id)', onDelete: 'cascade' }]);
    expect(postgres.tables.size).toBeGreaterThan(20);
  });
});
