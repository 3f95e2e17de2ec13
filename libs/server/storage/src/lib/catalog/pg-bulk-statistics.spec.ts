import { DEMO_SEED, importSyntheticCatalog } from '@pricehunt/catalog-core';
import { createPgCatalogServices } from '../../index';
import { openPortEngine, type PostgresEngine } from '../../testing';
import { ANALYZE_AFTER_OFFERS } from './pg-bulk-path';

/** The planner's count of a table's rows: -1 before its statistics were first read. */
const plannedRows = async (db: PostgresEngine, table: string) =>
  Number((await db.query<{ n: number }>('SELECT reltuples AS n FROM pg_class WHERE relname = ?', [table]))[0]?.n);

describe('a bulk import on PostgreSQL', () => {
  let db: PostgresEngine;
  beforeEach(async () => {
    db = await openPortEngine('postgres');
  });
  afterEach(async () => db?.close());

  it('reads the statistics of the tables it filled anew, so the work after it is planned for what it wrote', async () => {
    const summary = await importSyntheticCatalog(createPgCatalogServices(db.handle).ingestion, { offers: ANALYZE_AFTER_OFFERS + 200, seed: DEMO_SEED });
    expect(summary.status).toBe('succeeded');
    expect(await plannedRows(db, 'offers')).toBe(ANALYZE_AFTER_OFFERS + 200);
    expect(await plannedRows(db, 'products')).toBeGreaterThan(0);
  });

  it('leaves a small import to autovacuum', async () => {
    await importSyntheticCatalog(createPgCatalogServices(db.handle).ingestion, { offers: 50, seed: DEMO_SEED });
    expect(await plannedRows(db, 'offers')).toBe(-1);
  });
});
