import { openPortEngine, seedProducts, seedRetailersAndBusiness, type PostgresEngine } from '../../testing';

interface PlanNode {
  'Node Type': string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/** The plan's nodes, depth first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Every write of an offer enters its words into the full-text index's list of entries not yet merged (a re-clustering
 * setting each offer's product writes a new version of each row), and every search through the index reads that whole
 * list: kept at 4 MB, a word's lookup read hundreds of pages, and the planner, costing the index so, scanned the table.
 */
describe('the offers’ full-text index on PostgreSQL', () => {
  let db: PostgresEngine;
  beforeAll(async () => {
    db = await openPortEngine('postgres');
  });
  afterAll(async () => db?.close());

  it('stays quick to read while offers are written: one word’s lookup reads a few pages, through the index', async () => {
    await seedRetailersAndBusiness(db.query);
    await seedProducts(db.query, [{ id: 1, title: 'Acme kettle', offers: 0, best: null }]);
    await db.query(`INSERT INTO offers (retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, availability, condition, created_at, updated_at)
      SELECT 'amazon', 'X' || n, 'https://amazon.example/p/' || n, 'https://amazon.example/p/' || n, 'amazon.example',
        'Acme kettle model K' || n || ' stainless steel 1.7 litre cordless', 1000 + n, 'USD', 'in_stock', 'new', now(), now()
      FROM generate_series(1, 3000) AS n`);
    await db.query('UPDATE offers SET product_id = 1');
    await db.query('ANALYZE offers');

    const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT id FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', 'k2999') ORDER BY id DESC LIMIT 20",
    );
    const nodes = nodesOf((row?.['QUERY PLAN'][0] as { Plan: PlanNode }).Plan);
    const lookup = nodes.find((node) => node['Node Type'] === 'Bitmap Index Scan');
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(lookup).toBeDefined();
    expect((lookup?.['Shared Hit Blocks'] ?? 0) + (lookup?.['Shared Read Blocks'] ?? 0)).toBeLessThan(30);
  });
});
