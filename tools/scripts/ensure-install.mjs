#!/usr/bin/env node
// Installs what a fresh clone lacks before `npm start` / `npm test`:
// npm packages (when node_modules is missing or older than package-lock.json) and, for tests, Debian's Chromium.
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
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const sudo = isRoot ? '' : 'sudo ';
    console.log('Installing Debian Chromium for the browser tests…');
    try {
      run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`);
    } catch {
      console.error('Could not install Chromium. Install it by hand: sudo apt-get update && sudo apt-get install -y chromium');
      process.exit(1);
    }
  }
}
