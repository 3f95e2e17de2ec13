#!/usr/bin/env node
// Runs every project's checks: lint, typecheck and unit/API tests (the API's on SQLite, `test`, and on PostgreSQL,
// `test-pg`), then the browser tests.
// Exits non-zero when anything fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const nx = path.join(root, 'node_modules/.bin/nx');

const steps = [
  ['lint, typecheck and tests', ['run-many', '-t', 'lint', 'typecheck', 'test', 'test-pg', '--parallel=2', '--outputStyle=stream']],
  ['browser tests', ['run-many', '-t', 'e2e', '--parallel=1', '--outputStyle=stream']],
];

let failed = 0;
for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(nx, args, { cwd: root, env, stdio: 'inherit' });
  console.log(`\n=== ${name}: ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal})`);
    failed++;
  }
}
console.log(failed ? `\n${failed} step(s) failed` : '\nall checks passed');
console.log(`steps: ${steps.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
