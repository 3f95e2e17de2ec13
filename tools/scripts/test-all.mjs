#!/usr/bin/env node
// Runs every project's checks in one Nx run: lint, typecheck, unit/API tests (the API's on SQLite, `test`, and on
// PostgreSQL, `test-pg`) and the browser tests (`e2e`, after the builds they need).
// Exits non-zero when anything fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const nx = path.join(root, 'node_modules/.bin/nx');

// One run of every target: the browser tests and the API's suites wait on browsers, disk syncs and database servers
// more than they compute, so three tasks at once (on two cores) keep the cores busy while each waits.
const steps = [['lint, typecheck, unit/API and browser tests', ['run-many', '-t', 'lint', 'typecheck', 'test', 'test-pg', 'e2e', '--parallel=3', '--outputStyle=stream']]];

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
