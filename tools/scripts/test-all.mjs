#!/usr/bin/env node
// Runs every check: lint and typecheck over the whole workspace at once (`lint-workspace`, `typecheck-workspace`: one
// ESLint and one TypeScript program, where a run per project parsed and typed the shared libraries again for every
// project that imports them), unit/API tests (the API's on SQLite, `test`, and on PostgreSQL, `test-pg`) and the
// browser tests (`e2e`, after the builds they need).
// Exits non-zero when anything fails, and then repeats each failed test's report at the very end, where a reader of
// the log's last lines finds it (the streamed output of three tasks at once buries it among passing suites).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { failureDigest } from './failure-digest.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const nx = path.join(root, 'node_modules/.bin/nx');

// Three tasks at once: the browser tests and the API's suites wait on browsers, disk syncs and database servers more
// than they compute, so three (on two cores) keep the cores busy while each waits. They run as two Nx runs side by
// side. The API's suite on PostgreSQL, the longest task, has a run of its own and starts at once: in one run Nx starts
// first the tests of the libraries most projects depend on, and the API's suites minutes later, so that the
// PostgreSQL suite ended the run alone, with the second core idle.
const runs = [
  ['the API on PostgreSQL', ['run', 'api:test-pg', '--outputStyle=stream']],
  ['lint, typecheck, unit/API and browser tests', ['run-many', '-t', 'lint-workspace', 'typecheck-workspace', 'test', 'e2e', '--parallel=2', '--outputStyle=stream']],
];

/** Runs a command with its output passed through as it comes, and also kept as text. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
    const kept = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      kept.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      kept.push(chunk);
    });
    child.on('close', (status, signal) => resolve({ status, signal, output: Buffer.concat(kept).toString('utf8') }));
  });
}

const results = await Promise.all(
  runs.map(async ([name, args]) => {
    console.log(`\n=== ${name} ===`);
    const started = Date.now();
    const result = await run(nx, args);
    console.log(`\n=== ${name}: ${Math.round((Date.now() - started) / 1000)} s ===`);
    return { name, result };
  }),
);
let failed = 0;
for (const { name, result } of results) {
  if (result.status === 0) continue;
  console.error(`\n${name} failed (exit ${result.status ?? result.signal})`);
  const digest = failureDigest(result.output);
  if (digest) console.error(`\n=== what failed in ${name} ===\n${digest}`);
  failed++;
}
console.log(failed ? `\n${failed} of ${runs.length} runs failed` : '\nall checks passed');
process.exit(failed ? 1 : 0);
