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
// than they compute, so three (on two cores) keep the cores busy while each waits. They run as two streams side by
// side, each one Nx run after another. The API's suite on PostgreSQL, the longest task, starts the first stream at
// once: in one run Nx starts first the tests of the libraries most projects depend on, and the API's suites minutes
// later, so that the PostgreSQL suite ended the run alone, with the second core idle. Lint and typecheck, which need
// no build, follow it in that stream: it ended eight minutes before the other, whose last minutes they had filled
// while one task at a time was left to run beside them.
const runs = [
  [
    'the API on PostgreSQL, then lint and typecheck',
    [
      ['run', 'api:test-pg', '--outputStyle=stream'],
      ['run-many', '-t', 'lint-workspace', 'typecheck-workspace', '--parallel=1', '--outputStyle=stream'],
    ],
  ],
  ['unit/API and browser tests', [['run-many', '-t', 'test', 'e2e', '--parallel=2', '--outputStyle=stream']]],
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

/** Runs each Nx run of a stream in turn, all of them whatever fails; the stream fails when one of them did. */
async function stream(steps) {
  const results = [];
  for (const args of steps) results.push(await run(nx, args));
  const failed = results.find((result) => result.status !== 0);
  return { status: failed ? failed.status : 0, signal: failed?.signal, output: results.map((result) => result.output).join('\n') };
}

const results = await Promise.all(
  runs.map(async ([name, steps]) => {
    console.log(`\n=== ${name} ===`);
    const started = Date.now();
    const result = await stream(steps);
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
