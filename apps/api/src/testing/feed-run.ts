import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { generateCatalog, type FeedRow } from '@pricehunt/catalog-feeds';

/** The retailer whose feed the feed-run tests apply. */
export const FEED_RETAILER = { id: 'feed-shop', name: 'Feed Shop' };

/**
 * The first `count` rows of one retailer's complete feed: the synthetic catalog's offers (deterministic, real wording and
 * identifiers), each under an id of its own at the retailer, so every row is an offer of its own.
 */
export function feedRows(count: number): FeedRow[] {
  const rows: FeedRow[] = [];
  for (const offer of generateCatalog({ offers: count, seed: 42 })) {
    const { retailer: _retailer, ...rest } = offer;
    rows.push({ line: rows.length + 2, offer: { ...rest, externalId: `${offer.retailer}-${offer.externalId}` } });
  }
  return rows;
}

const workspaceRoot = path.resolve(__dirname, '../../../..');

/** A process applying a feed (`apply-feed.ts`), with what it printed so far. */
export interface FeedRunProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves once it has printed a line matching `pattern` (rejects if it ends first). */
  printed(pattern: RegExp): Promise<void>;
  /** Resolves when it has ended, with its exit code (null when a signal ended it). */
  exited(): Promise<number | null>;
}

/**
 * Starts a process that applies the first `rows` rows of the feed to `databaseUrl`, as the feed worker (`refresh`) or an
 * admin's upload (`import`) does, `batch` rows at a time (2,000 unless told); it prints `decided N` as its rows are
 * decided and `done {summary}` at its end.
 */
export function startFeedRun(databaseUrl: string, mode: 'refresh' | 'import', rows: number, batch?: number): FeedRunProcess {
  let output = '';
  const args = ['--require', 'tsx/cjs', 'apps/api/src/testing/apply-feed.ts', mode, String(rows), ...(batch ? [String(batch)] : [])];
  const child = spawn(process.execPath, args, {
    cwd: workspaceRoot,
    env: { PATH: process.env.PATH, TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json', NODE_ENV: 'test', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited: () => ended,
    printed: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        void ended.then(() => {
          if (!pattern.test(output)) reject(new Error(`the feed run ended without printing ${pattern}:\n${output}`));
        });
      }),
  };
}
