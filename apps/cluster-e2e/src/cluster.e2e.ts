import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  closeTrafficAgents,
  launchBrowser,
  request,
  seedDatabase,
  startFleet,
  startOversizedPoster,
  startPostgresCluster,
  startShoppers,
  tempDir,
  type AttackerTally,
  type Fleet,
  type PostgresCluster,
  type ShopperTally,
} from '@pricehunt/e2e-harness';

/**
 * The fleet as `npm run start:cluster` runs it: nginx with the repository's configuration (deploy/nginx) in front of
 * two API instances of the production build on one PostgreSQL database, the shopper app's build served by nginx.
 * A shopper compares prices through it; a client posting oversized bodies costs the shoppers on other addresses
 * nothing; one instance is killed with SIGKILL in the middle of a burst of clicks and events while that client goes on:
 * every click and event the fleet acknowledged is a row in PostgreSQL, and the other instance answers after. Clients
 * come from loopback addresses of their own (127.0.0.0/8), as nginx's per-address limits tell clients apart.
 */
describe('the fleet: nginx, two API instances, PostgreSQL', () => {
  let pg: PostgresCluster;
  let database: string;
  let fleet: Fleet;
  let browser: Browser;
  let shopper: string;
  let demoLink: string;

  beforeAll(async () => {
    pg = await startPostgresCluster();
    const created = await pg.createDatabase();
    database = created.name;
    // Three days of price history: nothing here reads more of it, and each day is the whole catalog written again.
    const seedOutput = await seedDatabase(created.url, 0, {}, 3);
    demoLink = /demo product link: (\S+)/.exec(seedOutput)?.[1] ?? '';
    if (!demoLink) throw new Error(`the seed printed no demo product link:\n${seedOutput}`);
    fleet = await startFleet({ databaseUrl: created.url, dir: tempDir('pricehunt-cluster-') });
    shopper = fleet.sites.shopper;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    closeTrafficAgents();
    await browser?.close();
    await fleet?.stop();
    await pg?.stop();
  });

  /** Session ids of the rows of `table` among `ids`. */
  async function stored(table: 'clicks' | 'events', ids: string[]): Promise<Set<string>> {
    const rows = await pg.query<{ session_id: string }>(`SELECT session_id FROM ${table} WHERE session_id = ANY($1::text[])`, [ids], database);
    return new Set(rows.map((row) => row.session_id));
  }
  const count = async (table: 'clicks' | 'events') => Number((await pg.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`, [], database))[0]?.n);

  /** A browser context whose traffic stays on 127.0.0.1, recording what /api/redirect answers (without following). */
  async function localContext(redirects: Array<{ status: number; location: string }>): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname !== '127.0.0.1') return route.abort();
      if (url.pathname === '/api/redirect') {
        const response = await route.fetch({ maxRedirects: 0 });
        redirects.push({ status: response.status(), location: response.headers()['location'] ?? '' });
        return route.fulfill({ response });
      }
      return route.continue();
    });
    return context;
  }

  /** Compares the pasted link's prices and follows "Go to <Retailer>" of the cheapest offer: the redirect's answer. */
  async function compareAndGo(page: Page, context: BrowserContext, redirects: Array<{ status: number; location: string }>) {
    const offers = page.getByRole('list', { name: 'Offers, cheapest first' }).getByRole('listitem');
    await offers.first().waitFor({ timeout: 30_000 });
    expect(await offers.count()).toBeGreaterThanOrEqual(2);
    const go = offers.first().getByRole('link', { name: /^Go to / });
    const href = (await go.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/redirect\?to=/);
    const target = new URL(new URL(href, shopper).searchParams.get('to') ?? '');
    const popup = context.waitForEvent('page');
    await go.click();
    await (await popup).close();
    const answer = redirects.at(-1);
    expect(answer?.status).toBe(302);
    // The tagged retailer link: the retailer's own page with its affiliate tag, or its network's link wrapping it.
    const location = new URL(answer?.location ?? '');
    if (location.hostname === target.hostname) {
      expect(location.pathname).toBe(target.pathname);
      expect(location.href).not.toBe(target.href);
    } else {
      expect(decodeURIComponent(location.href)).toContain(`${target.hostname}${target.pathname}`);
    }
  }

  it('compares a pasted link through nginx, and "Go to <Retailer>" answers a 302 to the tagged retailer link', async () => {
    const redirects: Array<{ status: number; location: string }> = [];
    const context = await localContext(redirects);
    const page = await context.newPage();
    await page.goto(`${shopper}/`);
    await page.getByRole('combobox', { name: 'Paste a product link or search' }).fill(demoLink);
    await page.getByRole('button', { name: 'Compare prices' }).click();
    await page.waitForURL(/\/new-search\/[0-9a-f-]{36}\/[a-z0-9-]+$/).catch(async (caught: unknown) => {
      // Where the shopper was left instead, and what the page said there.
      const said = await page.locator('[role="alert"], [role="status"]').allTextContents();
      throw new Error(`still at ${page.url()}, the page saying ${JSON.stringify(said)}: ${String(caught)}`);
    });
    await compareAndGo(page, context, redirects);
    // A deep link is a page too (the shopper site's server renders it): reloading the results page shows them again.
    await page.reload();
    await page.getByRole('list', { name: 'Offers, cheapest first' }).waitFor();
    await context.close();
  });

  /** What the oversized client got: every request an answer, a 4xx (413 at the edge, or 429 once over its rate). */
  function expectRefusedAtTheEdge(attacker: AttackerTally) {
    expect(attacker.requests).toBeGreaterThan(0);
    expect(attacker.unanswered).toBe(0);
    for (const status of Object.keys(attacker.statuses).map(Number)) expect([413, 429]).toContain(status);
    const refusal = attacker.samples.find((answer) => answer.status === 413);
    expect(JSON.parse(refusal?.body ?? '{}')).toEqual({ success: false, error: expect.any(String), code: 'PAYLOAD_TOO_LARGE', statusCode: 413 });
  }

  /** Shoppers lost at most `share` of their requests (a 5xx or no answer), and every click answered 302 is stored. */
  async function expectShoppersServed(shoppers: ShopperTally, share: number) {
    expect(shoppers.requests).toBeGreaterThan(200);
    expect(shoppers.lost / shoppers.requests).toBeLessThanOrEqual(share);
    expect((await stored('clicks', shoppers.clicks)).size).toBe(shoppers.clicks.length);
  }

  it('serves shoppers while a client posts 2 MB bodies four times a second: refused at the edge, no instance counted failed', async () => {
    const errorLogBefore = fleet.nginx.errorLog().length;
    const attacker = startOversizedPoster(shopper, { localAddress: '127.0.0.2', perSecond: 4, bytes: 2 * 1024 * 1024 });
    const shoppers = startShoppers(shopper, { count: 8, firstHost: 10, sessionPrefix: 'abuse' });
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const [shopperTally, attackerTally] = await Promise.all([shoppers.stop(), attacker.stop()]);
    console.log(`12 s of 2 MB bodies, 4 a second: client answered ${JSON.stringify(attackerTally.statuses)}; shoppers ${shopperTally.requests} requests, ${shopperTally.lost} lost ${JSON.stringify(shopperTally.losses)}`);
    expect(attackerTally.requests).toBeGreaterThanOrEqual(45);
    expectRefusedAtTheEdge(attackerTally);
    await expectShoppersServed(shopperTally, 0.005);
    // No instance failed in nginx's eyes: no broken pipe, no instance taken out of the rotation.
    const errors = fleet.nginx.errorLog().slice(errorLogBefore);
    expect(errors).not.toMatch(/sendfile\(\) failed|upstream server temporarily disabled|no live upstreams|prematurely closed/);
    expect(errors).toContain('client intended to send too large body');
  }, 60_000);

  it('keeps every acknowledged click and event when an instance is killed mid-burst; the other answers after', async () => {
    const [api1, api2] = fleet.apis;
    const [port1, port2] = fleet.apiPorts;
    const clicksBefore = await count('clicks');
    const target = encodeURIComponent('https://www.ebay.com/itm/110358675107');
    const total = 1200;
    const killAt = 400;
    const workers = 16;
    const clicked: string[] = [];
    const eventsAcknowledged: string[] = [];
    const failures: Record<string, number> = {};
    const fail = (what: string) => (failures[what] = (failures[what] ?? 0) + 1);
    let next = 0;
    // Each burst worker is a client of its own (127.0.1.<n>), under nginx's per-address tracking rate.
    const worker = async (n: number) => {
      const localAddress = `127.0.1.${n + 1}`;
      while (next < total) {
        const i = next++;
        if (i === killAt) process.kill(api1?.child.pid ?? 0, 'SIGKILL');
        const id = `burst-${i}`;
        if (i % 3 === 2) {
          const res = await request(`${shopper}/api/track-event`, {
            localAddress,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ eventType: 'page_view', eventData: { sessionId: id, url: 'https://store.example/p/1' } }),
          });
          if (res.status >= 200 && res.status < 300) eventsAcknowledged.push(id);
          else fail(`track-event ${res.status || res.error}`);
        } else {
          const res = await request(`${shopper}/api/redirect?to=${target}&source=cluster_test&pricehunt_session_id=${id}`, { localAddress });
          if (res.status >= 300 && res.status < 400) clicked.push(id);
          else fail(`redirect ${res.status || res.error}`);
        }
      }
    };
    // The client posting oversized bodies goes on through the burst, from before it to after the kill, beside eight
    // shoppers who follow redirects and read /api/health.
    const attacker = startOversizedPoster(shopper, { localAddress: '127.0.0.2', perSecond: 4, bytes: 2 * 1024 * 1024 });
    const shoppers = startShoppers(shopper, { count: 8, firstHost: 20, sessionPrefix: 'kill' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await Promise.all(Array.from({ length: workers }, (_, n) => worker(n)));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const [shopperTally, attackerTally] = await Promise.all([shoppers.stop(), attacker.stop()]);
    console.log(`kill -9 of api-1 mid-burst, oversized client going on: client answered ${JSON.stringify(attackerTally.statuses)}; shoppers ${shopperTally.requests} requests, ${shopperTally.lost} lost ${JSON.stringify(shopperTally.losses)}`);
    expectRefusedAtTheEdge(attackerTally);
    await expectShoppersServed(shopperTally, 0.01);
    await new Promise((resolve) => (api1?.exited ? resolve(null) : api1?.child.once('exit', resolve)));
    expect(api1?.child.signalCode).toBe('SIGKILL');

    // Both instances answered part of the burst: the kill came in its middle.
    const burstLines = fleet.nginx.accessLog().split('\n').filter((line) => line.includes('pricehunt_session_id=burst-') || line.includes('/api/track-event'));
    expect(burstLines.some((line) => line.endsWith(`upstream=127.0.0.1:${port1} upstream_status=302`))).toBe(true);
    expect(burstLines.some((line) => line.endsWith(`upstream=127.0.0.1:${port2} upstream_status=302`))).toBe(true);

    // Every acknowledged click and event is a row; clicks grew by at least the 3xx answers.
    expect([...(await stored('clicks', clicked))].length).toBe(clicked.length);
    expect([...(await stored('events', eventsAcknowledged))].length).toBe(eventsAcknowledged.length);
    expect((await count('clicks')) - clicksBefore).toBeGreaterThanOrEqual(clicked.length);
    // nginx passes a redirect the dead instance failed to the other one; a POST it had sent is not sent twice, so
    // only the events under way in the killed instance (one a worker at most) may have failed.
    expect(clicked.length).toBe(total - Math.floor(total / 3));
    expect(total - clicked.length - eventsAcknowledged.length).toBeLessThanOrEqual(workers);
    console.log(
      `burst of ${total} through nginx, api-1 killed at request ${killAt}: ${clicked.length} redirects answered 3xx, ` +
        `${eventsAcknowledged.length} events acknowledged, failures ${JSON.stringify(failures)}`,
    );

    // After the kill: every request is answered by api-2, and the shopper flow goes on through it.
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${shopper}/api/redirect?to=${target}&source=cluster_test&pricehunt_session_id=after-${i}`, { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status).toBe(302);
    }
    // nginx writes a request's log line once it has answered it: the last one may come a moment after its answer.
    const afterLinesOf = () => fleet.nginx.accessLog().split('\n').filter((line) => line.includes('pricehunt_session_id=after-'));
    for (let wait = 0; afterLinesOf().length < 20 && wait < 40; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    const afterLines = afterLinesOf();
    expect(afterLines).toHaveLength(20);
    for (const line of afterLines) expect(line).toMatch(new RegExp(`upstream=(127\\.0\\.0\\.1:${port1}, )?127\\.0\\.0\\.1:${port2} upstream_status=(502, )?302$`));
    expect((await stored('clicks', Array.from({ length: 20 }, (_, i) => `after-${i}`))).size).toBe(20);

    const redirects: Array<{ status: number; location: string }> = [];
    const context = await localContext(redirects);
    const page = await context.newPage();
    // The pasted link as a shopper types it after the site's address.
    await page.goto(`${shopper}/${demoLink}`);
    await page.waitForURL(/\/new-search\//);
    await compareAndGo(page, context, redirects);
    await context.close();
    expect(api2?.exited).toBe(false);
  });

  it("serves the shopper site's pages rendered by its server through nginx, and the app's shell while that server is down", async () => {
    const answer = (await (await fetch(`${shopper}/api/browse?pageSize=1`)).json()) as { items: Array<{ id: number; title: string }> };
    const product = answer.items[0] as { id: number; title: string };
    const first = await fetch(`${shopper}/product/${product.id}/x`, { redirect: 'manual' });
    expect(first.status).toBe(301);
    const html = await (await fetch(`${shopper}${first.headers.get('location')}`)).text();
    expect(html).toContain('"@type":"Product"');
    expect(html).toContain('id="product-title"');
    // A pasted link: the server asked the API (through nginx) and answers with the comparison.
    const pasted = await (await fetch(`${shopper}/${demoLink}`)).text();
    expect(pasted).toMatch(/history\.replaceState\(null,'',"\/new-search\//);
    await fleet.shopperServer.stop();
    const shell = await fetch(`${shopper}/product/${product.id}/x`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).not.toContain('id="product-title"');
  });
});
