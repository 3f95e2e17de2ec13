#!/usr/bin/env node
// Runs every check: lint and typecheck over the whole workspace at once (`lint-workspace`, `typecheck-workspace`: one
// ESLint and one TypeScript program, where a run per project parsed and typed the shared libraries again for every
// project that imports them), unit/API tests (the API's on SQLite, `test`, and on PostgreSQL, `test-pg`) and the
// browser tests (`e2e`, after the builds they need).
// Exits non-zero when anything fails, and then repeats each failed test's report at the very end, where a reader of
// the log's last lines finds it, after a table of how long each step took.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { failureDigest } from './failure-digest.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const nx = path.join(root, 'node_modules/.bin/nx');

// One step at a time, each using both cores on its own: the API's suites run a Jest worker per core, the browser
// suites two Chromium pages at once, lint and typecheck beside each other. Run all at once (two streams of three tasks
// on two cores), the same checks took 31 minutes where these steps one after another take under 20: every suite
// slowed five- to sevenfold beside the others (the demo story's browser test 55 s alone, 335 s there), far more than
// sharing the cores explains.
const steps = [
  ['the API on SQLite', ['run', 'api:test', '--outputStyle=stream']],
  ['the API on PostgreSQL', ['run', 'api:test-pg', '--outputStyle=stream']],
  ['lint and typecheck', ['run-many', '-t', 'lint-workspace', 'typecheck-workspace', '--parallel=2', '--outputStyle=stream']],
  ['the other projects’ unit tests', ['run-many', '-t', 'test', '--exclude', 'api', '--parallel=2', '--outputStyle=stream']],
  ['browser tests, after the builds they need', ['run-many', '-t', 'e2e', '--parallel=1', '--outputStyle=stream']],
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

// Every step runs, whatever an earlier one did: one failure does not hide the others.
const results = [];
for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = await run(nx, args);
  results.push({ name, result, seconds: Math.round((Date.now() - started) / 1000) });
}

const width = Math.max(...results.map(({ name }) => name.length));
console.log(`\n${'step'.padEnd(width)}  seconds  result`);
for (const { name, result, seconds } of results) {
  console.log(`${name.padEnd(width)}  ${String(seconds).padStart(7)}  ${result.status === 0 ? 'passed' : `failed (exit ${result.status ?? result.signal})`}`);
}
const failed = results.filter(({ result }) => result.status !== 0);
for (const { name, result } of failed) {
  const digest = failureDigest(result.output);
  if (digest) console.error(`\n=== what failed in ${name} ===\n${digest}`);
}
console.log(failed.length ? `\n${failed.length} of ${steps.length} steps failed` : '\nall checks passed');
process.exit(failed.length ? 1 : 0);
