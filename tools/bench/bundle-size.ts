/**
 * Initial and total JavaScript of each web app's production build, gzip-compressed.
 *   npm run bench:bundle   (builds the apps first)
 * "Initial" is what the browser must load before the first screen renders: the entry chunk and its static imports,
 * plus, for a route, the lazily loaded route module and its static imports.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { printTable, saveRows, type BenchRow } from './report';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(__dirname, '../..');
const apps: Array<{ name: string; route?: { label: string; src: string; budgetKb: number } }> = [
  { name: 'shopper', route: { label: 'landing route (/)', src: 'src/routes/landing.tsx', budgetKb: 100 } },
  { name: 'merchant-dashboard' },
  { name: 'admin' },
];

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function collect(manifest: Manifest, key: string, seen: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(manifest, dep, seen);
}

function jsBytes(dist: string, manifest: Manifest, keys: Set<string>): number {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) total += gzipSize(path.join(dist, file));
  }
  return total;
}

const rows: BenchRow[] = [];
for (const app of apps) {
  const dist = path.join(root, 'dist/apps', app.name);
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`${app.name}: no build manifest at ${manifestFile}; run "npx nx build ${app.name}"`);
    process.exitCode = 1;
    continue;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKeys = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(manifest, key, entryKeys);
  const initial = jsBytes(dist, manifest, entryKeys);
  rows.push({ bench: `bundle ${app.name}`, metric: 'initial JS (entry, gzip)', value: kb(initial) });
  if (app.route) {
    const routeKeys = new Set(entryKeys);
    collect(manifest, app.route.src, routeKeys);
    const routeBytes = jsBytes(dist, manifest, routeKeys);
    if (!manifest[app.route.src]) console.warn(`${app.name}: ${app.route.src} is not a chunk of its own (not lazily loaded?)`);
    rows.push({
      bench: `bundle ${app.name}`,
      metric: `${app.route.label} initial JS (gzip)`,
      value: kb(routeBytes),
      target: `< ${app.route.budgetKb} KB`,
      pass: routeBytes < app.route.budgetKb * 1024,
    });
  }
  let total = 0;
  for (const file of fs.readdirSync(path.join(dist, 'assets'))) if (file.endsWith('.js')) total += gzipSize(path.join(dist, 'assets', file));
  rows.push({ bench: `bundle ${app.name}`, metric: 'total JS (gzip)', value: kb(total) });
}

printTable('Web app bundles (gzip -9)', rows);
saveRows('bundle', rows);
