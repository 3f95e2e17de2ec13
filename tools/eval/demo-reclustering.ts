/**
 * The demo catalog re-clustered against its known products: the demo's offers are seeded into the products they are
 * listings of (`importDemoCatalog`, today's listings alone), then the catalog is re-clustered by the matcher, as an
 * admin's "Re-cluster products" does, and every two offers are a decision: in one product or not, against the real
 * product and variant each was made a listing of. The demo's titles are its real products' names as the nine retailers
 * word them; the ER-Magellan sets remain the measure of the matcher (`eval:clusters` without `--demo`).
 */
import { DEMO_SEED, importDemoCatalog } from '@pricehunt/catalog-core';
import { generateDemoCatalog } from '@pricehunt/catalog-feeds';
import { openEvalDatabase } from './eval-database';

export interface DemoReclustering {
  offers: number;
  products: number;
  known: number;
  seconds: number;
  /** Pairs of offers in one product and of one known product; in one product; of one known product. */
  pairs: { both: number; together: number; known: number };
  /** Products holding offers of several known products, most wrong pairs first: each offer's known product and title. */
  mixed: Array<{ productId: number; wrongPairs: number; offers: Array<{ known: string; title: string }> }>;
}

const pairsOf = (n: number) => (n * (n - 1)) / 2;

export async function evaluateDemoReclustering(dir: string): Promise<DemoReclustering> {
  const db = await openEvalDatabase(dir, 'demo-reclustering');
  try {
    await importDemoCatalog(db.catalog.ingestion, { seed: DEMO_SEED, days: 1 });
    const started = Date.now();
    await db.catalog.ingestion.recluster();
    const seconds = (Date.now() - started) / 1000;
    const knownOf = new Map(generateDemoCatalog({ seed: DEMO_SEED }).map((offer) => [`${offer.retailer}|${offer.externalId}`, offer.productKey]));
    const rows = await db.query<{ key: string; productId: number; title: string }>(`SELECT retailer_id || '|' || external_id AS "key", product_id AS "productId", title FROM offers`);
    const byProduct = new Map<number, Array<{ known: string; title: string }>>();
    const knownCounts = new Map<string, number>();
    for (const row of rows) {
      const known = knownOf.get(row.key);
      if (known === undefined) throw new Error(`offer ${row.key} is no listing of the demo catalog`);
      byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), { known, title: row.title }]);
      knownCounts.set(known, (knownCounts.get(known) ?? 0) + 1);
    }
    const pairs = { both: 0, together: 0, known: [...knownCounts.values()].reduce((sum, n) => sum + pairsOf(n), 0) };
    const mixed: DemoReclustering['mixed'] = [];
    for (const [productId, offers] of byProduct) {
      const counts = new Map<string, number>();
      for (const offer of offers) counts.set(offer.known, (counts.get(offer.known) ?? 0) + 1);
      const both = [...counts.values()].reduce((sum, n) => sum + pairsOf(n), 0);
      pairs.both += both;
      pairs.together += pairsOf(offers.length);
      if (counts.size > 1) mixed.push({ productId, wrongPairs: pairsOf(offers.length) - both, offers });
    }
    mixed.sort((a, b) => b.wrongPairs - a.wrongPairs || a.productId - b.productId);
    return { offers: rows.length, products: byProduct.size, known: knownCounts.size, seconds, pairs, mixed };
  } finally {
    await db.close();
  }
}
