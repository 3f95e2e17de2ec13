/**
 * `npm run bench`: runs every benchmark (API, search, the fleet behind nginx, bundle sizes, the shopper site's Lighthouse scores, deals) one after another and prints all results in one table.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { clearRows, loadRows, printTable, type BenchRow } from './report';

const root = path.resolve(__dirname, '../..');
const benches: Array<{ name: string; script: string; env?: Record<string, string> }> = [
  { name: 'api', script: 'bench:api' },
  // Search on SQLite's million offers, then both engines side by side on the same 100,000.
  { name: 'search', script: 'bench:search', env: { BENCH_ENGINES: 'sqlite' } },
  { name: 'search-engines', script: 'bench:search', env: { BENCH_ENGINES: 'sqlite,postgres' } },
  { name: 'refresh', script: 'bench:refresh' },
  { name: 'recluster', script: 'bench:recluster' },
  { name: 'fleet', script: 'bench:fleet' },
  { name: 'matching', script: 'bench:matching' },
  { name: 'bundle', script: 'bench:bundle' },
  { name: 'web', script: 'bench:web' },
  { name: 'generator', script: 'bench:generator' },
  { name: 'deals', script: 'bench:deals' },
];

const rows: BenchRow[] = [];
let failures = 0;
for (const bench of benches) {
  clearRows(bench.name);
  console.log(`\n>>> npm run ${bench.script}`);
  const run = spawnSync('npm', ['run', '--silent', bench.script], { cwd: root, stdio: 'inherit', env: { ...process.env, ...bench.env } });
  if (run.status !== 0) {
    failures++;
    rows.push({ bench: bench.name, metric: 'run', value: `failed (exit ${run.status})`, pass: false });
  }
  rows.push(...loadRows(bench.name));
}
printTable('All benchmarks', rows);
process.exit(failures ? 1 : 0);
