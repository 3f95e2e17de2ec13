import fs from 'node:fs';
import path from 'node:path';
import { sessionCookie, workspaceRoot, writeOriginFor } from '@pricehunt/e2e-harness';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.join(workspaceRoot, 'screenshots');

/** The demo admin's login, as the seed printed it. */
export function demoAdminLogin(seedOutput: string): { email: string; password: string } {
  const match = seedOutput.match(/admin console login: (\S+) \/ (\S+)/);
  if (!match) throw new Error(`The seed printed no admin login:\n${seedOutput}`);
  return { email: match[1] as string, password: match[2] as string };
}

/** Calls the API as a non-browser client would; answers the status, the JSON body and the session cookie. */
export async function api(apiUrl: string, method: string, route: string, options: { body?: unknown; cookie?: string } = {}) {
  const res = await fetch(`${apiUrl}${route}`, {
    method,
    // The Origin the admin console (or, for business calls, the merchant dashboard) sends.
    headers: { origin: writeOriginFor(apiUrl, route), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookie: sessionCookie(res) };
}

/** Page object of the admin console: actions by role and accessible name, as an admin sees them. */
/**
 * A desktop-sized context of its own and the console in it (the browser reaches 127.0.0.1 alone: see launchBrowser);
 * close the context after the test.
 */
export async function openConsole(browser: Browser, appUrl: string): Promise<{ context: BrowserContext; console_: AdminConsole }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, console_: new AdminConsole(page, appUrl) };
}

export class AdminConsole {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(route: string) {
    await this.page.goto(`${this.baseUrl}${route}`);
  }

  async logIn(email: string, password: string) {
    await this.open('/admin-login');
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }

  async findBusiness(email: string) {
    await this.page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Businesses' }).click();
    await this.page.getByRole('searchbox', { name: 'Search businesses' }).fill(email);
    await this.page.getByRole('button', { name: 'Search' }).click();
    await this.page.getByRole('status').filter({ hasText: `matching “${email}”` }).waitFor();
    await this.page.getByRole('link', { name: email, exact: true }).click();
    await this.page.getByRole('heading', { level: 1, name: email }).waitFor();
  }

  /** Clicks an action button, then the same-named button in its confirmation dialog. */
  async confirmAction(name: 'Suspend' | 'Reactivate' | 'Make admin' | 'Revoke admin') {
    await this.page.getByRole('main').getByRole('button', { name, exact: true }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  auditRows() {
    return this.page.getByRole('region', { name: 'Audit log' }).getByRole('row');
  }

  async screenshot(name: string) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // Let charts and fonts settle: no request in flight and no skeleton on screen. Only the picture depends on it,
    // so a page that keeps polling is photographed as it is rather than failing the test.
    await this.page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await this.page.getByRole('status', { name: 'Loading…' }).waitFor({ state: 'detached' }).catch(() => undefined);
    await this.page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }
}
