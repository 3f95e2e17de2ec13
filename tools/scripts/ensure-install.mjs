#!/usr/bin/env node
// Installs what a fresh clone lacks before `npm start` / `npm test`:
// npm packages (when node_modules is missing or older than package-lock.json) and, for tests, Debian's Chromium and
// PostgreSQL 15 with its contrib modules (pg_trgm): the API's tests also run on throwaway PostgreSQL clusters.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const marker = path.join(root, 'node_modules/.package-lock.json');
const lock = path.join(root, 'package-lock.json');
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

const stale = !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
if (stale) {
  console.log('Installing npm packages…');
  // `npm install` rather than `npm ci`: npm records platform-specific optional packages (@swc/core-*) inconsistently in the lock file.
  run('npm install --no-audit --no-fund');
}

if (process.argv.includes('--browser')) {
  const packages = [];
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) packages.push('chromium');
  // Debian 12's PostgreSQL is 15; pg_trgm (typo and prefix look-ups) comes with postgresql-contrib.
  if (!fs.existsSync('/usr/lib/postgresql/15/bin/initdb')) packages.push('postgresql', 'postgresql-contrib');
  if (packages.length > 0) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const sudo = isRoot ? '' : 'sudo ';
    console.log(`Installing Debian packages for the tests: ${packages.join(', ')}…`);
    try {
      run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`);
    } catch {
      console.error(`Could not install them. Install them by hand: sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
      process.exit(1);
    }
  }
}
