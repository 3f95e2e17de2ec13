/**
 * `npm run eval:spread -- [--offers N] [--days N] [--top 24]`: how many of the products a shopper sees first hold offers
 * that cannot be one product. The demo catalog is seeded into an empty temporary catalog as `npm start` seeds it
 * (`seedDemoCatalog`: the real products with `--days` days of history, plus `--offers` synthetic offers as
 * `DEMO_OFFERS` adds them), then for every category the first `--top` products of its page sorted by offer count (the
 * order of the landing page's examples) are read, and those whose offers are more than 2x apart in price (the lowest
 * and highest price of their new offers, or of all when `--all-conditions`) or hold two offers of one retailer are
 * counted. On PostgreSQL when DATABASE_URL names a server. `EVAL_DEBUG=1` lists them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemoCatalog } from '@pricehunt/catalog-core';
import { evalEngine, openEvalDatabase } from './eval-database';

const USAGE = 'usage: npm run eval:spread -- [--offers N] [--days N] [--top N] [--all-conditions]';

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} must be a whole number\n${USAGE}`);
  return Number(raw);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { offers: { type: 'string' }, days: { type: 'string' }, top: { type: 'string' }, 'all-conditions': { type: 'boolean' } },
  });
  const offers = wholeNumber('offers', values.offers, 0);
  const days = wholeNumber('days', values.days, 1);
  const top = wholeNumber('top', values.top, 24);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-spread-'));
  const db = await openEvalDatabase(dir, 'spread');
  try {
    const started = Date.now();
    const seeded = await seedDemoCatalog(db.catalog, db.ports.catalog, { days, syntheticOffers: offers });
    const categories = await db.ports.catalog.listCategories();
    let shown = 0;
    let spread = 0;
    let twice = 0;
    let either = 0;
    const debug: string[] = [];
    for (const category of categories) {
      const page = await db.ports.catalog.browse({ categorySlug: category.slug, sort: 'offers', page: 1, pageSize: top });
      for (const product of page.items) {
        shown++;
        const rows = await db.query<{ retailerId: string; priceCents: number; condition: string; title: string }>(
          'SELECT retailer_id AS "retailerId", price_cents AS "priceCents", condition, title FROM offers WHERE product_id = ? AND held IS NULL',
          [product.id],
        );
        const priced = rows.filter((row) => values['all-conditions'] || row.condition === 'new').map((row) => row.priceCents);
        const far = priced.length > 1 && Math.max(...priced) > 2 * Math.min(...priced);
        const retailers = rows.map((row) => row.retailerId);
        const repeated = new Set(retailers).size < retailers.length;
        if (far) spread++;
        if (repeated) twice++;
        if (far || repeated) {
          either++;
          debug.push(`${category.slug}: #${product.id} ${product.title}\n${rows.map((r) => `    ${r.retailerId} ${r.condition} ${(r.priceCents / 100).toFixed(2)} ${r.title}`).join('\n')}`);
        }
      }
    }
    if (process.env.EVAL_DEBUG) process.stdout.write(debug.join('\n') + '\n');
    process.stdout.write(
      [
        `engine ${evalEngine()}: demo catalog (${days} day${days === 1 ? '' : 's'} of history) + ${offers} synthetic offers: ${seeded.offers} offers in ${seeded.products} products (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        `top ${top} products by offers of ${categories.length} categories: ${shown}`,
        `  offers more than 2x apart in price (${values['all-conditions'] ? 'any condition' : 'new offers'}): ${spread}`,
        `  two offers of one retailer: ${twice}`,
        `  either: ${either}`,
      ].join('\n') + '\n',
    );
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
