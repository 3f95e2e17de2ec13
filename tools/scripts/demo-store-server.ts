/**
 * The Demo Store: the demo merchant's Shopify-like shop (`@pricehunt/shop-server`) at http://127.0.0.1:<DEMO_STORE_PORT>,
 * whose public domain is `demo-store.localhost`. It sells `demoStoreProducts(DEMO_SEED)` (audio and wearables that
 * the demo catalog's retailers sell too), serves them at /products.json for the store sync, and puts the content of
 * DEMO_STORE_HEAD_FILE (default data/demo-store/head.html, read on each request) into every page's <head>: the
 * merchant's tracking script tag goes there, which proves the domain and reports shoppers' visits and orders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_SEED } from '@pricehunt/catalog-core';
import { DEMO_STORE, demoStoreProducts } from '@pricehunt/catalog-feeds';
import { startShopServer } from '@pricehunt/shop-server';

const root = path.resolve(__dirname, '../..');
const port = Number(process.env.DEMO_STORE_PORT ?? 4520);
const headFile = process.env.DEMO_STORE_HEAD_FILE ? path.resolve(process.env.DEMO_STORE_HEAD_FILE) : path.join(root, 'data/demo-store/head.html');

/** A path inside the repository relative to it, any other as it is. */
const shown = (file: string) => (path.relative(root, file).startsWith('..') ? file : path.relative(root, file));

async function main() {
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`DEMO_STORE_PORT must be a port number, not ${process.env.DEMO_STORE_PORT}`);
  fs.mkdirSync(path.dirname(headFile), { recursive: true });
  const products = demoStoreProducts(DEMO_SEED);
  const shop = await startShopServer({ domain: DEMO_STORE.domain, name: DEMO_STORE.name, products, port, headFile });
  console.log(`${DEMO_STORE.name} (${DEMO_STORE.domain}) with ${products.length} products at ${shop.origin}/ (head HTML from ${shown(headFile)})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shop.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(`The Demo Store did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
