import fs from 'node:fs';
import path from 'node:path';
import { sharedPostgresCluster } from '@pricehunt/postgres-harness';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '@pricehunt/storage/testing';
import { openPostgres, PG_MIGRATIONS_DIR, type PostgresHandle } from '@pricehunt/storage';
import { offers, retailers } from '@pricehunt/storage/pg-schema';

const journal = () => (JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries;

describe('openPostgres', () => {
  it('applies the migrations once when two processes start at once', async () => {
    const cluster = await sharedPostgresCluster();
    const database = await cluster.createDatabase();
    try {
      const handles = await Promise.all([openPostgres(database.url, { max: 2 }), openPostgres(database.url, { max: 2 })]);
      const [{ count }] = (await handles[0].pool.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations')).rows as [{ count: number }];
      expect(count).toBe(journal().length);
      // Opened again: nothing left to apply.
      const again = await openPostgres(database.url, { max: 1 });
      await Promise.all([...handles, again].map((handle) => handle.close()));
    } finally {
      await cluster.dropDatabase(database.name);
    }
  });
});

describe('a test database on PostgreSQL', () => {
  let database: TestPostgresDatabase;
  let handle: PostgresHandle;
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    handle = await openPostgres(database.url);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('is migrated, empty, and its own', async () => {
    expect(await handle.db.select().from(offers)).toEqual([]);
    await handle.db.insert(retailers).values({ id: 'only-here', name: 'Only here' });
    const other = await createTestPostgresDatabase();
    const otherHandle = await openPostgres(other.url, { max: 1 });
    try {
      expect(await otherHandle.db.select().from(retailers)).toEqual([]);
    } finally {
      await otherHandle.close();
      await other.drop();
    }
  });

  it('keeps commits durable and times in UTC', async () => {
    const { rows } = await handle.pool.query<{ synchronous_commit: string; timezone: string }>(
      "SELECT current_setting('synchronous_commit') AS synchronous_commit, current_setting('TimeZone') AS timezone",
    );
    expect(rows[0]).toEqual({ synchronous_commit: 'on', timezone: 'UTC' });
  });

  it('finds offers by weighted words and word prefixes, without accents, and the catalog words near a typo', async () => {
    await handle.db.insert(retailers).values({ id: 'shop', name: 'Shop', domains: ['shop.example'] });
    const offer = (id: string, title: string, brand: string | null, model: string | null) => ({
      retailerId: 'shop', externalId: id, canonicalUrl: `https://shop.example/${id}`, url: `https://shop.example/${id}`, host: 'shop.example',
      title, brand, model, priceCents: 100_00, currency: 'USD',
    });
    const [tv, cable] = (
      await handle.db
        .insert(offers)
        .values([offer('1', 'Bravia 55" 4K Télévision', 'Sony', 'KD-55X80K'), offer('2', 'HDMI cable for Sony televisions', null, null)])
        .returning({ id: offers.id })
    ).map((row) => row.id);
    const search = async (query: string) =>
      (
        await handle.pool.query<{ id: number }>(
          `SELECT id FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1)
             ORDER BY ts_rank('{0.05, 0.4, 0.2, 0.1}', search_vector, to_tsquery('pricehunt_words', $1)) DESC, id`,
          [query],
        )
      ).rows.map((row) => row.id);
    expect(await search('television')).toEqual([tv]);
    expect(await search('sony & tele:*')).toEqual([tv, cable]);
    // A dashed model number is its parts, as FTS5's unicode61 splits it (drizzle-pg/0007): no whole "kd-55x80k" word.
    expect(await search('kd & 55x80k')).toEqual([tv]);
    expect(await search('kd <-> 55x80k')).toEqual([tv]);
    expect(await search('kd-55x80k')).toEqual([]);

    await handle.pool.query('REFRESH MATERIALIZED VIEW CONCURRENTLY offers_vocab');
    const { rows } = await handle.pool.query<{ term: string; documents: number }>(
      "SELECT term, documents FROM offers_vocab WHERE term % 'televsion' ORDER BY similarity(term, 'televsion') DESC",
    );
    expect(rows[0]).toEqual({ term: 'television', documents: 1 });
  });
});
