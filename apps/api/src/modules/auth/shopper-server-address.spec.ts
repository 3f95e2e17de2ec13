import http from 'node:http';
import type { AddressInfo } from 'node:net';
// The shopper site's server passes browsers' calls on to the API: this spec runs its proxy in front of a real API, as
// `npm start` and the fleet do, to check the address the API counts sign-in failures by.
import { createApiProxy, trustedPeers } from '@pricehunt/forwarding';
import { APP_ORIGIN, registerBusiness, STRONG_PASSWORD } from '../../testing/http';
import { settableClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../testing/test-app';

const LIMITS = { RATE_LIMIT_ENABLED: 'true', SIGN_IN_FREE_FAILURES: '3', SIGN_IN_FREE_FAILURES_PER_ADDRESS: '8', SIGN_IN_MAX_WAIT_SECONDS: '900' };

/** A sign-in sent to the shopper site's server from the loopback address `from` (127.0.0.x: a client of its own). */
function signInThrough(port: number, from: string, email: string, password: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, localAddress: from, method: 'POST', path: '/api/business/auth/login', headers: { 'content-type': 'application/json', origin: APP_ORIGIN, ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('sign-in limits through the shopper site’s server', () => {
  let t: TestApp;
  let shopperServer: http.Server;
  let port: number;
  beforeAll(async () => {
    // The API trusts the shopper site's server (on 127.0.0.1); the server faces browsers directly (no proxy it trusts).
    // The guard's clock stands still, so a wait does not end while a slow machine hashes the next attempt's password.
    t = await buildTestApp({ ...LIMITS, TRUST_PROXY: '127.0.0.1' }, { clock: settableClock(Date.now()) });
    await registerBusiness(t.app, 'owner@shop.example');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const apiUrl = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    shopperServer = http.createServer(createApiProxy(apiUrl, trustedPeers(undefined)));
    await new Promise<void>((resolve) => shopperServer.listen(0, '127.0.0.1', resolve));
    port = (shopperServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => shopperServer.close(resolve));
    await t.close();
  });

  it('gives a client no extra guesses for a forged X-Forwarded-For, and keeps other clients signing in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(await signInThrough(port, '127.0.0.2', 'owner@shop.example', `guess-number-${i}`, { 'x-forwarded-for': `198.51.100.${10 + i}` }));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // The right password from the guessing client waits too; another client (another address) signs in.
    expect(await signInThrough(port, '127.0.0.2', 'owner@shop.example', STRONG_PASSWORD, { 'x-forwarded-for': '198.51.100.99' })).toBe(429);
    expect(await signInThrough(port, '127.0.0.3', 'owner@shop.example', STRONG_PASSWORD)).toBe(200);
  });

  it('counts each client by its own address, so one client’s failures lock no other client out', async () => {
    // An account of its own: the first test's failures count on the owner's account from unknown devices.
    await registerBusiness(t.app, 'second@shop.example');
    for (let i = 0; i < 4; i++) await signInThrough(port, '127.0.0.4', 'second@shop.example', `wrong-password-${i}`);
    expect(await signInThrough(port, '127.0.0.4', 'second@shop.example', STRONG_PASSWORD)).toBe(429);
    expect(await signInThrough(port, '127.0.0.5', 'second@shop.example', STRONG_PASSWORD)).toBe(200);
  });
});
