import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchOptions {
  /** Extra Chromium switches, e.g. `--host-resolver-rules=MAP shop.test 127.0.0.1:4567` for a local fixture site. */
  args?: string[];
}

/** Debian's Chromium headless, as this machine runs it: no sandbox, no GPU, no background network. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const HOST_RULES = '--host-resolver-rules=';

/**
 * The switches a browser starts with: the machine's, the caller's, and one host-resolver rule list that keeps every
 * page on this machine. The names a test maps to a local server (its own `--host-resolver-rules=MAP …`) come first; any
 * other name resolves to nothing, so a page's request to a shop, a font or an analytics host fails in the browser
 * without leaving the machine. Requests are not intercepted for this: interception turns Chromium's HTTP cache off, and
 * every page would then load and compile the apps' scripts afresh.
 */
export function chromiumArgs(args: readonly string[] = []): string[] {
  const mapped = args.filter((arg) => arg.startsWith(HOST_RULES)).flatMap((arg) => arg.slice(HOST_RULES.length).split(','));
  const rules = [...mapped, 'MAP * ~NOTFOUND', 'EXCLUDE 127.0.0.1', 'EXCLUDE localhost'].map((rule) => rule.trim()).filter(Boolean);
  return [...CHROMIUM_FLAGS, ...args.filter((arg) => !arg.startsWith(HOST_RULES)), `${HOST_RULES}${rules.join(', ')}`];
}

function requireChromium(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`);
  }
}

/** Launches Debian's Chromium headless with the flags this machine needs (no sandbox, no background network, local hosts only). */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  requireChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: chromiumArgs(options.args),
  });
}

/** Chromium with an unpacked extension loaded, in a throwaway profile. */
export interface ExtensionBrowser {
  context: BrowserContext;
  /** The extension's id (chrome-extension://<id>/), read from its running background service worker. */
  extensionId: string;
  close(): Promise<void>;
}

/**
 * Launches Debian's Chromium headless (the new headless mode, which runs extensions) with the unpacked extension in
 * `dir` and no other, on an empty profile removed at close.
 */
export async function launchWithExtension(dir: string, options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  requireChromium();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-extension-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false,
    args: chromiumArgs([`--disable-extensions-except=${dir}`, `--load-extension=${dir}`, ...(options.args ?? [])]),
  });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const extensionId = new URL(worker.url()).host;
    return { context, extensionId, close };
  } catch (error) {
    await close();
    throw error;
  }
}
