#!/usr/bin/env node
// Installs what a fresh clone lacks before `npm start` / `npm test` / `npm run start:cluster`:
// npm packages (when node_modules is missing or older than package-lock.json) and the Debian packages the tests drive
// (`--browser`: Chromium, nginx, PostgreSQL) or the local cluster runs on (`--cluster`: nginx, PostgreSQL).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const marker = path.join(root, 'node_modules/.package-lock.json');
const lock = path.join(root, 'package-lock.json');
// Native packages (better-sqlite3) are built for one Node ABI: a tree installed under another Node is installed again.
const abiMarker = path.join(root, 'node_modules/.node-abi');
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is older than the project's Node 24: run through tools/scripts/node24.mjs or . tools/scripts/use-node24.sh`);
  process.exit(1);
}
const installedAbi = fs.existsSync(abiMarker) ? fs.readFileSync(abiMarker, 'utf8').trim() : null;
const stale =
  !fs.existsSync(marker) ||
  installedAbi !== process.versions.modules ||
  (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
if (stale) {
  console.log(`Installing npm packages for Node ${process.versions.node}…`);
  run('npm ci --no-audit --no-fund');
  fs.writeFileSync(abiMarker, `${process.versions.modules}\n`);
}

// Debian packages the tests use: Chromium for the browser tests, nginx for the load balancer's configuration and the
// cluster tests, PostgreSQL 15 (Debian 12's) with its contrib modules (pg_trgm) for the API tests' throwaway clusters.
const debianPackages = [
  { binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', packages: ['chromium'], what: 'Chromium' },
  { binary: process.env.NGINX_PATH ?? '/usr/sbin/nginx', packages: ['nginx'], what: 'nginx' },
  { binary: '/usr/lib/postgresql/15/bin/initdb', packages: ['postgresql', 'postgresql-contrib'], what: 'PostgreSQL 15' },
];

const wanted = process.argv.includes('--browser')
  ? debianPackages
  : process.argv.includes('--cluster')
    ? debianPackages.filter(({ what }) => what !== 'Chromium')
    : [];
if (wanted.length > 0) {
  const missing = wanted.filter(({ binary }) => !fs.existsSync(binary));
  if (missing.length > 0) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const sudo = isRoot ? '' : 'sudo ';
    const packages = missing.flatMap((entry) => entry.packages).join(' ');
    console.log(`Installing Debian's ${missing.map((entry) => entry.what).join(', ')}…`);
    try {
      run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`);
    } catch {
      console.error(`Could not install them. Install them by hand: sudo apt-get update && sudo apt-get install -y ${packages}`);
      process.exit(1);
    }
  }
}
