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
  // tsx resolves the workspace's import aliases (`@pricehunt/…`) through the tsconfig it is pointed at.
  const env = { ...process.env, ...(options.env && typeof options.env === 'object' ? options.env : {}) };
  env['TSX_TSCONFIG_PATH'] ??= workspaceTsconfig(dir);
  return new Worker(path.join(dir, `${name}.ts`), { ...options, env, execArgv: ['--require', require.resolve('tsx/cjs')] });
}

/** The workspace's base tsconfig (its import aliases), in `dir` or the nearest folder above it that has one. */
function workspaceTsconfig(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const candidate = path.join(at, 'tsconfig.base.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(at) === at) return undefined;
  }
}
