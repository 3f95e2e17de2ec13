/**
 * The shopper site's server: the app's files, its pages rendered on the server (`src/entry-server.tsx`; for search
 * engines, link previews and a first paint that needs no script), and `/api` (and `/t.js`) passed on to the API at
 * PRICEHUNT_API_URL (a reverse proxy in front of it may take those instead).
 *   tsx --tsconfig apps/shopper/tsconfig.json apps/shopper/server/main.ts [--dev]
 * `--dev` serves the sources through Vite (modules reloaded as they change, `npm start`); otherwise the production
 * build: `dist/apps/shopper` (the browser's files) and `dist/apps/shopper-server` (the renderer).
 * Settings: PRICEHUNT_APP_PORT (4200), HOST (127.0.0.1), PRICEHUNT_API_URL (http://127.0.0.1:3000), SHOPPER_APP_URL
 * (the site's public origin in canonical URLs; by default the address the request came to), TRUST_PROXY (the
 * addresses of proxies in front of this server whose X-Forwarded-For it extends; none by default: see forwarding.ts).
 */
import http from 'node:http';
import path from 'node:path';
import { composeShopperServer, shopperServerSettings } from './composition';

async function main() {
  const settings = shopperServerSettings(process.env, process.argv, path.resolve(__dirname, '../../..'));
  const { host, port, dev } = settings;
  const server = http.createServer(await composeShopperServer(settings));
  server.listen(port, host, () => console.log(`shopper site at http://${host}:${port}/ (${dev ? 'sources through Vite' : 'production build'})`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
