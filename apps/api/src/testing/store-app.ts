import { startDnsServer, type DnsFixture } from './dns-server';
import { registerBusiness, verifyStoreDomain } from './http';
import { buildTestApp, type TestApp } from './test-app';

/** A test app with one business whose store domain is verified, and the DNS server that answered its proof. */
export interface StoreTestApp extends TestApp {
  /** The app's DNS server: serves TXT records for more proofs (`verifyStoreDomain`). */
  dns: DnsFixture;
  businessId: string;
  /** The business's session cookie. */
  cookie: string;
}

/**
 * `buildTestApp` with a DNS server of the test's own, and a business registered as `email` that has proved `storeDomain`
 * through it. `close` closes the app and the DNS server.
 */
export async function buildStoreTestApp(email: string, storeDomain: string, env: Record<string, string> = {}): Promise<StoreTestApp> {
  const dns = await startDnsServer();
  let t: TestApp | undefined;
  try {
    t = await buildTestApp({ ...env, DNS_SERVERS: dns.server });
    const owner = await registerBusiness(t.app, email, undefined, { storeDomain });
    await verifyStoreDomain(t.app, owner.cookie, dns);
    const app = t;
    const close = async () => {
      await app.close();
      await dns.close();
    };
    return { ...app, dns, businessId: owner.business.id, cookie: owner.cookie, close };
  } catch (error) {
    await t?.close();
    await dns.close();
    throw error;
  }
}
