import { buildTestApp, type TestApp } from '../../testing/test-app';
import { startDnsServer, type DnsFixture } from '../../testing/dns-server';
import { APP_ORIGIN, call, registerBusiness, STRONG_PASSWORD, verifyStoreDomain } from '../../testing/http';
import { anotherConnection, row, rows, run } from '../../testing/db';
import { present } from '@pricehunt/contracts';

interface ClickRecord {
  id: string;
  requested_url: string;
  target_url: string;
  host: string;
  source: string;
  session_id: string | null;
  referrer: string | null;
  user_agent: string | null;
  business_id: string | null;
  client_timestamp: number | null;
  signed: number;
}

describe('GET /api/redirect', () => {
  let t: TestApp;
  let dns: DnsFixture;
  let storeBusinessId: string;
  let storeCookie: string;
  beforeAll(async () => {
    dns = await startDnsServer();
    t = await buildTestApp({ AFFILIATE_AMAZON_TAG: 'phtest-20', DNS_SERVERS: dns.server });
    ({ cookie: storeCookie, business: { id: storeBusinessId } } = await registerBusiness(t.app, 'store@shop.example', undefined, { storeDomain: 'acme-store.example' }));
    await verifyStoreDomain(t.app, storeCookie, dns);
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  const redirect = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/redirect', query, headers });
  const clicks = () => rows<ClickRecord>(t.app, 'select * from clicks order by created_at, id');
  const lastClick = async () => present((await clicks()).at(-1));

  it('answers 302 to the affiliate-tagged URL and records the click', async () => {
    const before = (await clicks()).length;
    const res = await redirect(
      { to: 'https://www.amazon.com/dp/B0TEST1234?th=1', source: 'n8n_suggestion', timestamp: '1790000000000', pricehunt_session_id: 'sess-123' },
      { referer: 'http://localhost:4200/new-search/abc/x', 'user-agent': 'jest-agent' },
    );
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.hostname).toBe('www.amazon.com');
    expect(location.pathname).toBe('/dp/B0TEST1234');
    expect(location.searchParams.get('tag')).toBe('phtest-20');
    expect(location.searchParams.get('th')).toBe('1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await clicks()).toHaveLength(before + 1);
    expect(await lastClick()).toMatchObject({
      requested_url: 'https://www.amazon.com/dp/B0TEST1234?th=1',
      target_url: location.href,
      host: 'www.amazon.com',
      source: 'n8n_suggestion',
      session_id: 'sess-123',
      referrer: 'http://localhost:4200/new-search/abc/x',
      user_agent: 'jest-agent',
      business_id: null,
      client_timestamp: 1790000000000,
      signed: 0,
    });
  });

  it('defaults the source, and reads the session id from the pricehunt_session_id cookie', async () => {
    const res = await redirect({ to: 'https://www.walmart.com/ip/Some-Thing/12345' }, { cookie: 'pricehunt_session_id=cookie-sess-9' });
    expect(res.statusCode).toBe(302);
    expect(await lastClick()).toMatchObject({ source: 'product_suggestion', session_id: 'cookie-sess-9', host: 'www.walmart.com' });
    // Walmart links go through its Impact programme and lead back to the page.
    const location = new URL(res.headers.location as string);
    expect(location.hostname).toBe('goto.walmart.com');
    expect(location.searchParams.get('u')).toBe('https://www.walmart.com/ip/Some-Thing/12345');
    expect(location.searchParams.get('subId1')).toBe((await lastClick()).id);
  });

  it('allows a verified business store (and its subdomains) and attributes the click to it', async () => {
    const res = await redirect({ to: 'https://www.acme-store.example/products/widget' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.acme-store.example/products/widget');
    expect((await lastClick()).business_id).toBe(storeBusinessId);
    expect((await redirect({ to: 'https://shop.acme-store.example/x' })).statusCode).toBe(302);
  });

  it('refuses a store domain a business only claimed: a free account is no open redirect', async () => {
    await registerBusiness(t.app, 'attacker@evil.example', undefined, { storeDomain: 'evil-attacker.com' });
    const res = await redirect({ to: 'https://evil-attacker.com/phish' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'to' });
    expect((await redirect({ to: 'https://login.evil-attacker.com/phish' })).statusCode).toBe(400);
  });

  it.each(['github.io', 'myshopify.com', 'co.uk', 'blogspot.com'])('refuses %s as a store domain: a public suffix stands for every site under it', async (domain) => {
    const res = await call(t.app, 'POST', '/api/business/auth/register', { body: { email: `suffix-${domain}@shop.example`, password: STRONG_PASSWORD, storeDomain: domain } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'storeDomain' });
    expect(res.json().error).toContain('public suffix');
    const { cookie } = await registerBusiness(t.app, `later-${domain}@shop.example`);
    const put = await call(t.app, 'PUT', '/api/business/integration/domain', { cookie, body: { storeDomain: domain } });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ field: 'storeDomain' });
    expect((await redirect({ to: `https://someone-else.${domain}/phish` })).statusCode).toBe(400);
  });

  it('stops redirecting to a suspended business store, and attributing to it, until it is reactivated', async () => {
    const { cookie, business } = await registerBusiness(t.app, 'paused@shop.example', undefined, { storeDomain: 'paused-store.example' });
    await verifyStoreDomain(t.app, cookie, dns);
    expect((await redirect({ to: 'https://paused-store.example/p' })).statusCode).toBe(302);
    expect((await lastClick()).business_id).toBe(business.id);
    await run(t.app, "update businesses set status = 'suspended' where id = ?", [business.id]);
    const res = await redirect({ to: 'https://paused-store.example/p' });
    expect(res.statusCode).toBe(400);
    await run(t.app, "update businesses set status = 'active' where id = ?", [business.id]);
    expect((await redirect({ to: 'https://paused-store.example/p' })).statusCode).toBe(302);
  });

  it('follows the exact links of catalog offers from imported feeds, not other pages of their hosts', async () => {
    expect((await redirect({ to: 'https://www.abt.com/p/123' })).statusCode).toBe(400);
    await run(t.app, "insert into retailers (id, name, domains) values ('abt', 'Abt', '[\"abt.com\"]')");
    await run(
      t.app,
        `insert into offers (retailer_id, external_id, canonical_url, url, host, title, price_cents, currency)
         values ('abt', '123', 'https://abt.com/p/123', 'https://www.abt.com/p/123', 'abt.com', 'Thing', 1000, 'USD')`,
    );
    expect(t.app.redirectAllowList.checkNames).toContain('catalog offer links');
    expect((await redirect({ to: 'https://www.abt.com/p/123' })).statusCode).toBe(302);
    expect((await redirect({ to: 'https://www.abt.com/login?next=/account' })).statusCode).toBe(400);
    // A feed link written with capitals in its host is the same link.
    await run(
      t.app,
        `insert into offers (retailer_id, external_id, canonical_url, url, host, title, price_cents, currency)
         values ('abt', '124', 'https://abt.com/p/124', 'https://WWW.Abt.com/p/124', 'abt.com', 'Other thing', 1000, 'USD')`,
    );
    expect((await redirect({ to: 'https://WWW.Abt.com/p/124' })).statusCode).toBe(302);
    expect((await redirect({ to: 'https://abt.com.evil.example/p/123' })).statusCode).toBe(400);
  });

  it("does not trust the hosts of a merchant's feed links: a link off its store domain is refused at upload and at redirect", async () => {
    const feed = [
      'id\ttitle\tlink\tprice\tavailability',
      'A-1\tAcme Widget\thttps://acme-store.example/products/widget-1\t19.00 USD\tin stock',
      'A-2\tAcme Login\thttps://phish-offsite.example.net/login\t19.00 USD\tin stock',
    ].join('\n');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/business/products/feed?format=tsv',
      headers: { cookie: storeCookie, origin: APP_ORIGIN, 'content-type': 'text/tab-separated-values' },
      payload: feed,
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toMatchObject({ inserted: 1, skipped: 1 });
    expect(upload.json().errors[0]).toMatchObject({ line: 3, field: 'link' });
    expect(upload.json().errors[0].reason).toContain('acme-store.example');
    expect((await redirect({ to: 'https://phish-offsite.example.net/login' })).statusCode).toBe(400);
    expect((await redirect({ to: 'https://acme-store.example/products/widget-1' })).statusCode).toBe(302);
  });

  it('accepts targets from added checks', async () => {
    expect((await redirect({ to: 'https://offers-feed.example/item/1' })).statusCode).toBe(400);
    t.app.redirectAllowList.addCheck('test offers', (_url, host) => host === 'offers-feed.example');
    expect(await t.app.redirectAllowList.isAllowedRedirect(new URL('https://offers-feed.example/item/1'))).toBe(true);
    expect((await redirect({ to: 'https://offers-feed.example/item/1' })).statusCode).toBe(302);
  });

  it('answers 400 naming `to` when it is missing', async () => {
    const res = await redirect({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field: 'to' });
  });

  const tricks = [
    ['javascript:alert(1)'],
    ['//evil.com'],
    ['https://amazon.com.evil.com'],
    ['https://evil.com/?https://amazon.com'],
    ['https://amazon.com@evil.com'],
    ['https://evil.com\\@amazon.com'],
    ['https:\\\\evil.com'],
    ['https://evil.com#amazon.com'],
    ['data:text/html,<script>alert(1)</script>'],
    ['https://amazon.com/' + 'a'.repeat(3000)],
    ['ftp://amazon.com/file'],
    ['https://user:pass@amazon.com/'],
    ['https://amazon.com:8443/dp/B0'],
    ['https://127.0.0.1/'],
    ['https://notamazon.com/'],
    ['https://myshop.myshopify.com/products/x'],
    [' https://amazon.com/'],
    ['https://amazon.com/\r\nSet-Cookie: x=1'],
    ['HTTPS://evil.com'],
    ['/api/health'],
  ].map(([to]) => [present(to).length > 80 ? `${present(to).slice(0, 30)}… (${present(to).length} characters)` : JSON.stringify(to), present(to)]);
  it.each(tricks)('refuses %s with 400 naming `to`, and records nothing', async (_label, to) => {
    const before = (await clicks()).length;
    const res = await redirect({ to });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'to' });
    expect(res.headers.location).toBeUndefined();
    expect(await clicks()).toHaveLength(before);
  });

  describe('signed links', () => {
    it('follows a link the API signed to a host outside the allow-list through a page that names the host, never unasked', async () => {
      const to = 'https://unlisted-shop.example/p/42';
      const path = t.app.linkSigner.redirectPath(to, 'search_result');
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<title>Leaving PriceHunt for unlisted-shop.example</title>');
      expect(res.body).toContain(`<a href="${to}" rel="nofollow noopener noreferrer">Continue to unlisted-shop.example</a>`);
      expect(await lastClick()).toMatchObject({ signed: 1, source: 'search_result' });
    });

    it('sends a signed link to a host the allow-list holds straight there', async () => {
      const to = 'https://www.amazon.com/dp/B0863TXGM3';
      const res = await t.app.inject({ method: 'GET', url: t.app.linkSigner.redirectPath(to, 'search_result') });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toContain('https://www.amazon.com/dp/B0863TXGM3');
    });

    it('follows a signed link to an address or a port through the page too, never straight', async () => {
      for (const to of ['http://127.0.0.1:4610/p/grinder', 'https://www.amazon.com:8443/dp/B0863TXGM3']) {
        const res = await t.app.inject({ method: 'GET', url: t.app.linkSigner.redirectPath(to) });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('Continue to');
      }
      // Unsigned, neither is a target at all.
      expect((await redirect({ to: 'http://127.0.0.1:4610/p/grinder' })).statusCode).toBe(400);
    });

    it('writes the host and link of the page as text, never as markup', async () => {
      const to = 'https://unlisted-shop.example/p/"><script>alert(1)</script>';
      const res = await t.app.inject({ method: 'GET', url: t.app.linkSigner.redirectPath(to) });
      if (res.statusCode === 200) expect(res.body).not.toContain('<script>');
      else expect(res.statusCode).toBe(400);
    });

    it('refuses a wrong signature naming `sig`, and a signed non-http target naming `to`', async () => {
      const to = 'https://unlisted-shop.example/p/42';
      const forged = await redirect({ to, sig: t.app.linkSigner.sign('https://unlisted-shop.example/other') });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().field).toBe('sig');
      const js = await redirect({ to: 'javascript:alert(1)', sig: t.app.linkSigner.sign('javascript:alert(1)') });
      expect(js.statusCode).toBe(400);
      expect(js.json().field).toBe('to');
    });
  });

  it('is callable from any origin without credentials', async () => {
    const res = await redirect({ to: 'https://www.amazon.com/dp/B0TEST1234' }, { origin: 'https://some-blog.example' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers only after the click is committed: another connection sees it', async () => {
    const res = await redirect({ to: 'https://www.bestbuy.com/site/x/123.p?skuId=123', pricehunt_session_id: 'committed-check' });
    expect(res.statusCode).toBe(302);
    const other = await anotherConnection(t.databaseUrl);
    try {
      expect(await row(other, "select count(*) as n from clicks where session_id = 'committed-check'")).toEqual({ n: 1 });
    } finally {
      await other.close();
    }
  });
});
