/**
 * Tracking writes on PostgreSQL: N concurrent recordClick calls, group commit (one transaction per batch) against one
 * transaction per write, on a throwaway cluster with durable settings (fsync on, synchronous_commit on).
 * A last row streams 10,000 writes, 100 per turn of the event loop, most of them arriving while a batch commits.
 * Prints wall time, writes per second, transactions and the median and 99th-percentile answer time of a write.
 * Run: npm run bench:pg-tracking [-- rounds]
 */
import { performance } from 'node:perf_hooks';
import { startPostgresCluster } from '@pricehunt/postgres-harness';
import { type ClickRow, createPgTrackingRepository, openPostgres, timeOrderedId } from '@pricehunt/storage';

const rounds = Number(process.argv[2] ?? 3);
/** The stream row: this many writes, 100 per turn of the event loop. */
const STREAM = 10_000;
const concurrency = [1, 10, 100, 1000, STREAM];
const POOL_SIZE = 10;

const click = (): ClickRow => ({
  id: timeOrderedId(),
  createdAt: Date.now(),
  requestedUrl: 'https://shop.example/p/123',
  targetUrl: 'https://shop.example/p/123?tag=pricehunt-20',
  host: 'shop.example',
  source: 'search',
  sessionId: 'session-1',
  referrer: 'https://pricehunt.example/search?q=headphones',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) bench',
  businessId: null,
  clientTimestamp: Date.now(),
  signed: false,
});

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

async function main() {
  const cluster = await startPostgresCluster({ durable: true });
  try {
    const database = await cluster.createDatabase();
    const handle = await openPostgres(database.url, { max: POOL_SIZE });
    const [settings] = (await handle.pool.query("SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS sc")).rows;
    console.log(`PostgreSQL ${(await handle.pool.query('SHOW server_version')).rows[0].server_version}, fsync=${settings.fsync}, synchronous_commit=${settings.sc}, pool ${POOL_SIZE}, best of ${rounds} rounds`);
    const rows: string[][] = [];
    for (const n of concurrency) {
      for (const mode of ['group commit', 'one transaction per write'] as const) {
        let best: { ms: number; batches: number; p50: number; p99: number } | undefined;
        for (let round = 0; round < rounds; round++) {
          const repo = createPgTrackingRepository(handle, { groupCommit: mode === 'group commit' });
          const answers: number[] = [];
          const started = performance.now();
          const one = async () => {
            const t0 = performance.now();
            await repo.recordClick(click());
            answers.push(performance.now() - t0);
          };
          if (n === STREAM) {
            // A stream: 100 writes per turn of the event loop, so most arrive while a batch commits.
            const writes: Array<Promise<void>> = [];
            for (let turn = 0; turn < STREAM / 100; turn++) {
              for (let i = 0; i < 100; i++) writes.push(one());
              await new Promise((resolve) => setImmediate(resolve));
            }
            await Promise.all(writes);
          } else await Promise.all(Array.from({ length: n }, one));
          const ms = performance.now() - started;
          await repo.close();
          if (!best || ms < best.ms) best = { ms, batches: repo.stats.batches, p50: percentile(answers, 0.5), p99: percentile(answers, 0.99) };
        }
        const b = best as NonNullable<typeof best>;
        rows.push([n === STREAM ? `${n} (stream, 100 per turn)` : String(n), mode, b.ms.toFixed(1), Math.round((n / b.ms) * 1000).toString(), String(b.batches), b.p50.toFixed(1), b.p99.toFixed(1)]);
      }
    }
    const header = ['N concurrent', 'mode', 'wall ms', 'writes/s', 'transactions', 'p50 ms', 'p99 ms'];
    console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    await handle.close();
  } finally {
    await cluster.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
