import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  freePort,
  launchBrowser,
  startNginx,
  startPostgresCluster,
  startProcess,
  tempDir,
  waitForHttp,
  workspaceRoot,
  type ManagedProcess,
  type PostgresCluster,
  type RunningNginx,
} from '@pricehunt/e2e-harness';

/**
 * The fleet as `npm run start:cluster` runs it: nginx with the repository's configuration in front of two API
 * instances (the API's production build) on one PostgreSQL database, the shopper app's production build served by nginx. A shopper compares
 * prices through it; one instance is killed with SIGKILL in the middle of a burst of clicks and events, and every
 * click and event the fleet acknowledged is in PostgreSQL, and the other instance goes on answering.
 */
describe('the fleet: nginx, two API instances, PostgreSQL', () => {
  let pg: PostgresCluster;
  let databaseUrl: string;
  let nginx: RunningNginx;
  let browser: Browser;
  let shopper: string;
  let demoLink: string;
  const apis: ManagedProcess[] = [];
  const tsx = path.join(workspaceRoot, 'node_modules/.bin/tsx');

  let databaseName: string;
  const count = async (table: 'clicks' | 'events') => Number((await pg.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`, [], databaseName))[0]!.n);

  beforeAll(async () => {
    pg = await startPostgresCluster();
    ({ name: databaseName, url: databaseUrl } = await pg.createDatabase());
    const apiPorts = [await freePort(), await freePort()];
    const sitePorts = { shopper: await freePort(), merchant: await freePort(), admin: await freePort() };
    shopper = `http://127.0.0.1:${sitePorts.shopper}`;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'cluster-secret-cluster-secret-cluster-0123456789',
      // The burst comes from one address; the limits are the rate-limit tests' business.
      RATE_LIMIT_ENABLED: 'false',
      TRUST_PROXY: '127.0.0.1',
      HOST: '127.0.0.1',
      DNS_SERVERS: `127.0.0.1:${await freePort()}`,
      TSX_TSCONFIG_PATH: path.join(workspaceRoot, 'tsconfig.base.json'),
    };
    const seed = startProcess('seed', tsx, ['apps/api/src/cli/seed.ts', '--offers', '600'], env);
    const seeded = await new Promise<number | null>((resolve) => seed.child.once('exit', resolve));
    if (seeded !== 0) throw new Error(`seeding failed:\n${seed.output()}`);
    demoLink = /demo product link: (\S+)/.exec(seed.output())![1]!;
    for (const [index, port] of apiPorts.entries()) {
      // The production build, as start:cluster runs it: the process killed below is the server itself.
      const api = startProcess(`api-${index + 1}`, process.execPath, ['dist/apps/api/main.js'], { ...env, PORT: String(port) });
      apis.push(api);
      await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000, api);
    }
    nginx = await startNginx({ dir: tempDir('pricehunt-cluster-nginx-'), sitePorts, apiPorts });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    await Promise.all(apis.map((api) => api.stop()));
    await pg?.stop();
  });

  /** Pastes the demo link after the site's address and answers the page once the offers are listed. */
  async function compare(): Promise<Page> {
    const page = await browser.newPage();
    // Nothing leaves the machine: a retailer's page is answered here.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>retailer</h1>' }));
    await page.goto(`${shopper}/${demoLink}`);
    await page.getByRole('link', { name: /^Go to / }).first().waitFor({ timeout: 30_000 });
    return page;
  }

  it('compares prices through nginx, and "Go to <Retailer>" is a 302 to the tagged retailer link', async () => {
    const page = await compare();
    const go = page.getByRole('link', { name: /^Go to / }).first();
    const href = (await go.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/redirect\?to=/);
    const answer = await page.request.get(`${shopper}${href}`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    const target = new URL(href, shopper).searchParams.get('to')!;
    expect(answer.headers().location).toContain(new URL(target).hostname);
    expect(answer.headers().location).not.toBe(target);

    // The click opens a tab that follows the redirect to the retailer (the redirected request is not routed: it fails
    // here, offline, but it is asked for).
    const asked = page.context().waitForEvent('request', (request) => new URL(request.url()).hostname === new URL(target).hostname);
    await go.click();
    // The same tagged link, with a click id of its own.
    const withoutClickId = (url: string) => url.replace(/([?&])(customid|subId1|u1|clickref)=[^&]*/g, '$1');
    expect(withoutClickId((await asked).url())).toBe(withoutClickId(answer.headers().location!));
    expect((await asked).url()).not.toBe(answer.headers().location);
    await page.context().close();
  });

  it('loses no acknowledged click or event when an instance is killed mid-burst, and the other answers after', async () => {
    const clicksBefore = await count('clicks');
    const eventsBefore = await count('events');
    const target = encodeURIComponent('https://www.ebay.com/itm/110358675107');
    const total = 1200;
    let next = 0;
    let redirected = 0;
    let acknowledged = 0;
    const failures: Record<string, number> = {};
    const worker = async () => {
      while (next < total) {
        const i = next++;
        if (i === 300) apis[0]!.child.kill('SIGKILL');
        try {
          if (i % 3 === 2) {
            const res = await fetch(`${shopper}/api/track-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ eventType: 'page_view' }) });
            if (res.status === 201) acknowledged++;
            else failures[`event ${res.status}`] = (failures[`event ${res.status}`] ?? 0) + 1;
            await res.arrayBuffer();
          } else {
            const res = await fetch(`${shopper}/api/redirect?to=${target}&source=product_suggestion&timestamp=${Date.now()}`, { redirect: 'manual' });
            if (res.status >= 300 && res.status < 400) redirected++;
            else failures[`redirect ${res.status}`] = (failures[`redirect ${res.status}`] ?? 0) + 1;
            await res.arrayBuffer();
          }
        } catch (error) {
          failures[String(error)] = (failures[String(error)] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await new Promise((resolve) => apis[0]!.child.exitCode !== null || apis[0]!.child.signalCode !== null ? resolve(null) : apis[0]!.child.once('exit', resolve));

    expect(apis[0]!.exited).toBe(true);
    expect(await count('clicks')).toBeGreaterThanOrEqual(clicksBefore + redirected);
    expect(await count('events')).toBeGreaterThanOrEqual(eventsBefore + acknowledged);
    // nginx took the killed instance's requests to the other one: only those under way in it as it died (one per
    // worker at most) may have failed.
    expect(redirected + acknowledged).toBeGreaterThanOrEqual(total - 16);

    // After the kill: the shopper flow, answered by the instance left.
    const page = await compare();
    expect(await page.getByRole('link', { name: /^Go to / }).count()).toBeGreaterThan(1);
    expect((await fetch(`${shopper}/api/health`)).status).toBe(200);
    await page.context().close();
  });
});
