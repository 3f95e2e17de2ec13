import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { Browser } from 'playwright-core';
import { chromiumArgs, launchBrowser } from './browser';

describe('chromiumArgs', () => {
  it('keeps the names a test maps, in its order, before the rule that resolves every other name to nothing', () => {
    const args = chromiumArgs(['--ignore-certificate-errors', '--host-resolver-rules=MAP shop.test 127.0.0.1:4567, MAP www.amazon.com 127.0.0.1:4568']);
    const rules = args.filter((arg) => arg.startsWith('--host-resolver-rules='));
    expect(rules).toEqual(['--host-resolver-rules=MAP shop.test 127.0.0.1:4567, MAP www.amazon.com 127.0.0.1:4568, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost']);
    expect(args).toContain('--ignore-certificate-errors');
    expect(args).toContain('--headless=new');
  });

  it('adds the rule when the test maps no name', () => {
    expect(chromiumArgs().filter((arg) => arg.startsWith('--host-resolver-rules='))).toEqual(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost']);
  });
});

describe('launchBrowser', () => {
  let server: http.Server;
  let port = 0;
  let browser: Browser;
  const seen: string[] = [];

  beforeAll(async () => {
    // Listens on every loopback address, so that only the browser's rules decide what it reaches.
    server = http.createServer((request, response) => {
      seen.push(`${request.headers.host}${request.url}`);
      response.writeHead(200, { 'content-type': 'text/html' }).end('<title>local</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as AddressInfo).port;
    browser = await launchBrowser({ args: [`--host-resolver-rules=MAP shop.test 127.0.0.1:${port}`] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reaches 127.0.0.1 and the names the test maps there, and no other address, loopback ones included', async () => {
    const page = await browser.newPage();
    expect((await page.goto(`http://127.0.0.1:${port}/a`))?.status()).toBe(200);
    expect((await page.goto('http://shop.test/b'))?.status()).toBe(200);
    // Another loopback address, and the machine's own name (which its hosts file resolves): the server hears neither.
    await expect(page.goto(`http://127.0.0.2:${port}/c`)).rejects.toThrow(/ERR_NAME_NOT_RESOLVED/);
    await expect(page.goto(`http://${os.hostname()}:${port}/d`)).rejects.toThrow(/ERR_NAME_NOT_RESOLVED/);
    expect(seen.filter((url) => !url.endsWith('/favicon.ico'))).toEqual([`127.0.0.1:${port}/a`, 'shop.test/b']);
    await page.close();
  }, 60_000);
});
