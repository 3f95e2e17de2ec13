#!/usr/bin/env node
// Runs every project's checks: lint, typecheck, unit/API tests (the API's on SQLite, `test`, and on PostgreSQL,
// `test-pg`) and the browser tests (`e2e`, after the builds they need), in two Nx runs at once.
// Exits non-zero when anything fails, and then repeats each failed test's report at the very end, where a reader of
// the log's last lines finds it (the streamed output of several tasks at once buries it among passing suites).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { failureDigest } from './failure-digest.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const nx = path.join(root, 'node_modules/.bin/nx');

// Two lanes at once. The API's suites on SQLite and on PostgreSQL are the longest tasks and wait on disk syncs, child
// processes and the database server more than they compute, yet Nx starts the tasks of the most depended-on projects
// first, which left them to begin after every library's checks; their own lane starts them at once. The other lane
// runs every other project's lint, typecheck, unit and browser tests (after the builds they need), then the API's
// lint and typecheck. Two tasks at a time in each lane keep two cores busy while tasks wait.
const lanes = [
  [['API tests on SQLite and PostgreSQL', ['run-many', '-t', 'test', 'test-pg', '-p', 'api', '--parallel=2', '--outputStyle=stream']]],
  [
    ['lint, typecheck, unit and browser tests', ['run-many', '-t', 'lint', 'typecheck', 'test', 'test-pg', 'e2e', '--exclude=api', '--parallel=2', '--outputStyle=stream']],
    ['API lint and typecheck', ['run-many', '-t', 'lint', 'typecheck', '-p', 'api', '--parallel=2', '--outputStyle=stream']],
  ],
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

let failed = 0;
let steps = 0;
/** Runs a lane's steps one after another, each to its end whatever the one before gave. */
async function runLane(lane) {
  for (const [name, args] of lane) {
    steps++;
    console.log(`\n=== ${name} ===`);
    const started = Date.now();
    const result = await run(nx, args);
    console.log(`\n=== ${name}: ${Math.round((Date.now() - started) / 1000)} s ===`);
    if (result.status !== 0) {
      console.error(`\n${name} failed (exit ${result.status ?? result.signal})`);
      const digest = failureDigest(result.output);
      if (digest) console.error(`\n=== what failed in ${name} ===\n${digest}`);
      failed++;
    }
  }
}

const started = Date.now();
// The project graph is computed once, before the two runs read it.
const graph = await run(nx, ['show', 'projects']);
if (graph.status !== 0) {
  console.error('\nthe project graph could not be computed');
  process.exit(1);
}
await Promise.all(lanes.map(runLane));
console.log(`\n=== all checks: ${Math.round((Date.now() - started) / 1000)} s ===`);
console.log(failed ? `\n${failed} step(s) failed` : '\nall checks passed');
console.log(`steps: ${steps - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
