import fs from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread whose code is its own TypeScript file, `<name>.ts` in `dir` (the caller's `__dirname`). In the
 * API bundle `dir` is the bundle's directory and the thread runs the built `<name>.js` that `nx build api` emits beside
 * `main.js` (an esbuild entry point); from the sources (tsx, Jest), where no such file exists, it runs `<name>.ts`
 * through tsx's require hook.
 */
export function startWorkerThread(dir: string, name: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  const built = path.join(dir, `${name}.js`);
  if (fs.existsSync(built)) return new Worker(built, options);
  return new Worker(path.join(dir, `${name}.ts`), { ...options, execArgv: ['--require', require.resolve('tsx/cjs')] });
}
