import http from 'node:http';
import {
  FetchFailedError,
  FetchTimeoutError,
  FetchTooLargeError,
  InvalidUrlError,
  SsrfBlockedError,
  TooManyRedirectsError,
} from './errors';
import { decodePage } from './charset';
import { createSafeFetcher, type Resolver } from './safe-fetch';
import { startHandlerServer } from '../testing';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface Fixture {
  origin: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

async function serve(handler: Handler): Promise<Fixture> {
  const requests: string[] = [];
  const { port, close } = await startHandlerServer((req, res) => {
    requests.push(`${req.headers.host}${req.url}`);
    handler(req, res);
  });
  return { origin: `http://127.0.0.1:${port}`, port, requests, close };
}

/** A resolver that never asks real DNS: fixture names only, anything else fails the test. */
function fakeDns(table: Record<string, string>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const fn = async (hostname: string) => {
    calls.push(hostname);
    const address = table[hostname];
    if (!address) throw new Error(`unexpected lookup of ${hostname}`);
    return [{ address, family: address.includes(':') ? (6 as const) : (4 as const) }];
  };
  return Object.assign(fn, { calls });
}

const PAGE = '<html><head><title>Fixture product</title></head></html>';

describe('decodePage', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  const page = (charset: string, body: string) => `<html><head><meta http-equiv="Content-Type" content="text/html; charset=${charset}" /></head><body>${body}</body></html>`;

  it('reads a page in the charset its Content-Type names, else its <meta>, else UTF-8', () => {
    expect(decodePage(latin1(page('ISO-8859-1', 'Référence fabricant')), null)).toContain('Référence fabricant');
    expect(decodePage(latin1('<p>Référence</p>'), 'text/html; charset=windows-1252')).toContain('Référence');
    expect(decodePage(Buffer.from('<p>Référence</p>'), 'text/html')).toContain('Référence');
    expect(decodePage(Buffer.from(page('no-such-charset', 'Référence')), null)).toContain('Référence');
  });

  it('reads UTF-8 where a page names a single-byte charset but its bytes are UTF-8 beyond ASCII', () => {
    expect(decodePage(Buffer.from(page('iso-8859-1', 'Référence fabricant')), null)).toContain('Référence fabricant');
    expect(decodePage(Buffer.from('<p>Größe</p>'), 'text/html; charset=ISO-8859-1')).toContain('Größe');
    // Latin-1 text that is not valid UTF-8 keeps the charset it names.
    expect(decodePage(latin1(page('iso-8859-15', 'Größe')), null)).toContain('Größe');
  });

  it('reads the charset a <meta> names further down the head when the bytes are not UTF-8 (scripts saved before it)', () => {
    const scripts = `<script src="/a.js"></script>`.repeat(100);
    const utf8Page = (body: string) => Buffer.concat([Buffer.from(`<html><head>${scripts}<meta charset="gbk"><title>`), Buffer.from(new TextEncoder().encode(body)), Buffer.from('</title></head></html>')]);
    // "苹果" in GBK.
    const bytes = Buffer.concat([Buffer.from(`<html><head>${scripts}<meta charset="gbk"><title>Apple/`), Buffer.from([0xc6, 0xbb, 0xb9, 0xfb]), Buffer.from('</title></head></html>')]);
    expect(decodePage(bytes, null)).toContain('Apple/苹果');
    // UTF-8 bytes stay UTF-8 whatever a later <meta> says, and a <meta> in the body names nothing.
    expect(decodePage(utf8Page('Größe'), null)).toContain('Größe');
    const inBody = Buffer.concat([Buffer.from(`<html><head>${scripts}</head><body><meta charset="gbk">`), Buffer.from([0xe9]), Buffer.from('</body></html>')]);
    expect(decodePage(inBody, null)).toContain('\ufffd');
  });
});

describe('createSafeFetcher', () => {
  let fixture: Fixture;
  afterEach(async () => {
    await fixture?.close();
  });

  it('fetches a page from a loopback fixture when loopback is allowed', async () => {
    fixture = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    const page = await createSafeFetcher({ allowLoopback: true }).fetch(`${fixture.origin}/p/1`);
    expect(page).toEqual({ finalUrl: `${fixture.origin}/p/1`, status: 200, contentType: 'text/html; charset=utf-8', body: PAGE, etag: null, lastModified: null });
  });

  it('decodes the body in the charset the header or the page declares', async () => {
    fixture = await serve((req, res) => {
      const latin1 = Buffer.from('<html><head><meta charset="windows-1252"><title>Caf\u00e9 cr\u00e8me</title></head></html>', 'latin1');
      if (req.url === '/header') res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      else res.writeHead(200, { 'content-type': 'text/html' });
      res.end(latin1);
    });
    const fetcher = createSafeFetcher({ allowLoopback: true });
    expect((await fetcher.fetch(`${fixture.origin}/header`)).body).toContain('Caf\u00e9 cr\u00e8me');
    expect((await fetcher.fetch(`${fixture.origin}/meta`)).body).toContain('Caf\u00e9 cr\u00e8me');
  });

  it('refuses loopback without allowLoopback and never connects', async () => {
    fixture = await serve((_req, res) => res.end(PAGE));
    const fetcher = createSafeFetcher();
    await expect(fetcher.fetch(`${fixture.origin}/`)).rejects.toBeInstanceOf(SsrfBlockedError);
    await expect(fetcher.fetch(`http://[::1]:${fixture.port}/`)).rejects.toBeInstanceOf(SsrfBlockedError);
    expect(fixture.requests).toEqual([]);
  });

  it.each([
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://0177.0.0.1/',
    'http://0.0.0.0/',
    'http://100.64.1.1/',
    'http://192.168.0.1:8080/admin',
  ])('refuses %s before resolving or connecting', async (url) => {
    const dns = fakeDns({});
    const err = await createSafeFetcher({ resolve: dns }).fetch(url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SsrfBlockedError);
    expect((err as SsrfBlockedError).code).toBe('SSRF_BLOCKED');
    expect(dns.calls).toEqual([]);
  });

  it('refuses a host name that resolves to a private address (even with loopback allowed)', async () => {
    const dns = fakeDns({ 'internal.shop.test': '10.1.2.3', 'meta.shop.test': '169.254.169.254' });
    const fetcher = createSafeFetcher({ resolve: dns, allowLoopback: true });
    await expect(fetcher.fetch('http://internal.shop.test/')).rejects.toThrow('internal.shop.test resolves to a private or reserved address');
    await expect(fetcher.fetch('http://meta.shop.test/')).rejects.toBeInstanceOf(SsrfBlockedError);
  });

  it('names neither the private address a host resolved to nor its range in the message users see, only in the error’s fields', async () => {
    const dns = fakeDns({ 'intranet.shop.test': '10.20.30.40', 'v6.shop.test': 'fd12:3456::7' });
    const fetcher = createSafeFetcher({ resolve: dns });
    for (const [url, address] of [
      ['http://intranet.shop.test/', '10.20.30.40'],
      ['http://v6.shop.test/', 'fd12:3456::7'],
    ] as const) {
      const err = (await fetcher.fetch(url).catch((e: unknown) => e)) as SsrfBlockedError;
      expect(err).toBeInstanceOf(SsrfBlockedError);
      expect(err.message).toBe(`refused to fetch ${url}: ${new URL(url).hostname} resolves to a private or reserved address`);
      expect(err.message).not.toMatch(/10\.|fd12|fc00|\/\d+\)/);
      // For the server's logs.
      expect(err.address).toBe(address);
      expect(err.reason).toMatch(/address/);
      expect(err.hostname).toBe(new URL(url).hostname);
    }
  });

  it('names the host instead of the address it resolved to when the connection fails', async () => {
    const closed = await serve((_req, res) => res.end());
    const port = closed.port;
    await closed.close();
    const err = (await createSafeFetcher({ resolve: fakeDns({ 'down.shop.test': '127.0.0.1' }), allowLoopback: true })
      .fetch(`http://down.shop.test:${port}/`)
      .catch((e: unknown) => e)) as FetchFailedError;
    expect(err).toBeInstanceOf(FetchFailedError);
    expect(err.message).toContain('down.shop.test');
    expect(err.message.replace(`http://down.shop.test:${port}/`, '')).not.toContain('127.0.0.1');
  });

  it('connects to the address it checked, not to a fresh DNS answer', async () => {
    fixture = await serve((req, res) => res.end(`host=${req.headers.host}`));
    const dns = fakeDns({ 'shop.test': '127.0.0.1' });
    const page = await createSafeFetcher({ resolve: dns, allowLoopback: true }).fetch(`http://shop.test:${fixture.port}/item`);
    expect(page.body).toBe(`host=shop.test:${fixture.port}`);
    expect(dns.calls).toEqual(['shop.test']);
  });

  it('follows redirects and re-checks every hop: a redirect to a private address is refused', async () => {
    fixture = await serve((req, res) => {
      if (req.url === '/start') res.writeHead(302, { location: '/middle' }).end();
      else if (req.url === '/middle') res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/to-ten') res.writeHead(307, { location: 'http://10.0.0.1/' }).end();
      else if (req.url === '/to-name') res.writeHead(302, { location: 'http://intranet.test/' }).end();
      else if (req.url === '/good') res.writeHead(302, { location: '/final' }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    });
    const dns = fakeDns({ 'intranet.test': '192.168.10.10' });
    const fetcher = createSafeFetcher({ allowLoopback: true, resolve: dns });

    const ok = await fetcher.fetch(`${fixture.origin}/good`);
    expect(ok.finalUrl).toBe(`${fixture.origin}/final`);
    expect(ok.body).toBe(PAGE);

    const blocked = await fetcher.fetch(`${fixture.origin}/start`).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(SsrfBlockedError);
    expect((blocked as SsrfBlockedError).address).toBe('169.254.169.254');
    expect((blocked as SsrfBlockedError).url).toBe('http://169.254.169.254/latest/meta-data/');
    await expect(fetcher.fetch(`${fixture.origin}/to-ten`)).rejects.toBeInstanceOf(SsrfBlockedError);
    await expect(fetcher.fetch(`${fixture.origin}/to-name`)).rejects.toThrow('intranet.test resolves to a private or reserved address');
  });

  it('POSTs a body (notification webhooks) without following a redirect, and refuses a private address as a GET does', async () => {
    const bodies: string[] = [];
    fixture = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push(`${req.method} ${req.headers['content-type']} ${Buffer.concat(chunks).toString('utf8')}`);
        if (req.url === '/moved') res.writeHead(307, { location: 'http://10.0.0.1/' }).end();
        else res.writeHead(202).end('ok');
      });
    });
    const fetcher = createSafeFetcher({ allowLoopback: true, resolve: fakeDns({ 'hooks.internal.test': '10.1.2.3' }) });
    const post = (url: string) =>
      fetcher.request(url, { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' }, read: async (response) => response.status });
    expect(await post(`${fixture.origin}/hook`)).toBe(202);
    expect(await post(`${fixture.origin}/moved`)).toBe(307);
    expect(bodies).toEqual(['POST application/json {"a":1}', 'POST application/json {"a":1}']);
    await expect(post('http://hooks.internal.test/hook')).rejects.toBeInstanceOf(SsrfBlockedError);
    await expect(createSafeFetcher({ resolve: fakeDns({}) }).request(`${fixture.origin}/hook`, { method: 'POST', body: 'x', read: async (r) => r.status })).rejects.toBeInstanceOf(SsrfBlockedError);
  });

  it('stops after the redirect limit', async () => {
    fixture = await serve((req, res) => {
      const n = Number((req.url ?? '/0').slice(1));
      res.writeHead(302, { location: `/${n + 1}` }).end();
    });
    const err = await createSafeFetcher({ allowLoopback: true, maxRedirects: 3 }).fetch(`${fixture.origin}/0`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRedirectsError);
    expect(fixture.requests.map((r) => r.replace(/^[^/]*/, ''))).toEqual(['/0', '/1', '/2', '/3']);
  });

  it('refuses a body over the size cap, declared or streamed', async () => {
    const big = 'x'.repeat(64 * 1024);
    fixture = await serve((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': String(big.length * 4) });
        res.end(big.repeat(4));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' }); // chunked, no length
      let sent = 0;
      const pump = () => {
        while (sent < 100 && res.write(big)) sent++;
        if (sent < 100) res.once('drain', pump);
        else res.end();
      };
      res.on('error', () => undefined);
      pump();
    });
    const fetcher = createSafeFetcher({ allowLoopback: true, maxBytes: 100_000 });
    await expect(fetcher.fetch(`${fixture.origin}/declared`)).rejects.toBeInstanceOf(FetchTooLargeError);
    await expect(fetcher.fetch(`${fixture.origin}/streamed`)).rejects.toBeInstanceOf(FetchTooLargeError);
  });

  it('gives up at the deadline when a server does not answer', async () => {
    fixture = await serve(() => {
      // never responds
    });
    const err = await createSafeFetcher({ allowLoopback: true, timeoutMs: 150 }).fetch(`${fixture.origin}/slow`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchTimeoutError);
    expect((err as FetchTimeoutError).code).toBe('TIMEOUT');
  });

  it('refuses other schemes, credentials and garbage', async () => {
    const fetcher = createSafeFetcher();
    await expect(fetcher.fetch('file:///etc/passwd')).rejects.toBeInstanceOf(InvalidUrlError);
    await expect(fetcher.fetch('gopher://example.com/')).rejects.toBeInstanceOf(InvalidUrlError);
    await expect(fetcher.fetch('http://user:pw@example.com/')).rejects.toBeInstanceOf(InvalidUrlError);
    await expect(fetcher.fetch('not a url')).rejects.toBeInstanceOf(InvalidUrlError);
  });

  it('reports a refused connection as a fetch failure', async () => {
    fixture = await serve((_req, res) => res.end());
    const port = fixture.port;
    await fixture.close();
    await expect(createSafeFetcher({ allowLoopback: true }).fetch(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(FetchFailedError);
    fixture = await serve((_req, res) => res.end());
  });

  it('validates its options and keeps allowLoopback for tests', () => {
    expect(() => createSafeFetcher({ timeoutMs: 0 })).toThrow('timeoutMs');
    expect(() => createSafeFetcher({ maxBytes: -1 })).toThrow('maxBytes');
    const env = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'production';
    try {
      expect(() => createSafeFetcher({ allowLoopback: true })).toThrow('allowLoopback is only for tests');
    } finally {
      process.env['NODE_ENV'] = env;
    }
  });
});
