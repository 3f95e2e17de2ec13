import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const workspaceRoot = path.resolve(__dirname, '../../../..');

/** A command-line entry point of the API (`apps/api/src/cli/<script>`) run under tsx as the npm scripts run it, on the SQLite file given. */
export function cliProcess(script: string, args: string[], databasePath: string): ChildProcess & { output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', `apps/api/src/cli/${script}`, ...args], {
    cwd: workspaceRoot,
    env: { PATH: process.env.PATH, TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json', NODE_ENV: 'development', DATABASE_URL: `file:${databasePath}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

/** Resolves with the process's exit code (null when a signal ended it) once it has ended. */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
