import fs from 'node:fs';
import path from 'node:path';

/** One measured figure, with its target when it has one. */
export interface BenchRow {
  bench: string;
  /** The database engine the figure was measured on, when the benchmark measures several. */
  engine?: string;
  metric: string;
  value: string;
  target?: string;
  pass?: boolean;
}

const resultsDir = path.resolve(__dirname, '../../tmp/bench');

/** Prints rows as an aligned table, with an engine column when a row names its engine. */
export function printTable(title: string, rows: BenchRow[]): void {
  const engines = rows.some((r) => r.engine !== undefined);
  const header = ['benchmark', ...(engines ? ['engine'] : []), 'metric', 'value', 'target', 'ok'];
  const body = rows.map((r) => [r.bench, ...(engines ? [r.engine ?? ''] : []), r.metric, r.value, r.target ?? '', r.pass === undefined ? '' : r.pass ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
}

/** Saves a benchmark's rows so `npm run bench` can print every result in one table. */
export function saveRows(name: string, rows: BenchRow[]): void {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), JSON.stringify(rows, null, 2));
}

export function loadRows(name: string): BenchRow[] {
  const file = path.join(resultsDir, `${name}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BenchRow[]) : [];
}

export function clearRows(name: string): void {
  fs.rmSync(path.join(resultsDir, `${name}.json`), { force: true });
}
