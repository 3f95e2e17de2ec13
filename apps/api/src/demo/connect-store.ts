import type { IntegrationResponse, StoreSync, VerifyDomainResponse } from '@pricehunt/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';

export interface ConnectDemoStoreOptions {
  email: string;
  password: string;
  /**
   * Puts HTML into the `<head>` of every page of the store, as a merchant pastes the tracking script tag into the
   * store's theme (the demo store reads its head from a file).
   */
  installHead(html: string): Promise<void> | void;
  /** The API's address as stores load the tracking script from it (`http://127.0.0.1:3000`). */
  apiOrigin: string;
  /** How long to wait for the store's import. */
  syncTimeoutMs?: number;
}

export interface ConnectedStore {
  storeDomain: string;
  /** True when this call proved the domain (false: it was proved already). */
  verifiedNow: boolean;
  /** The store's import, when this call ran one. */
  sync: StoreSync | null;
  /** A fresh API key of the business (for the conversions API). */
  apiKey: string;
}

export class DemoSetupError extends Error {}

/**
 * Connects the demo merchant's store the way a merchant does in the dashboard, through the API's own endpoints: signs
 * in, installs the tracking script tag the Integrate page gives (`installHead`), has the domain verified (the API
 * fetches the store's home page and finds the tag), imports the store's products (store sync of `/products.json`) and
 * makes an API key for the store's server. Steps already done are skipped, so it may run again.
 */
/** Calls of the API as a signed-in merchant (its session cookie kept), with the Origin the merchant dashboard's (or the admin console's) browser sends. */
export interface MerchantCalls {
  call<T>(request: InjectOptions & { url: string }, expected?: number[]): Promise<T>;
  signOut(): Promise<void>;
}

/** Signs a business in through POST /api/business/auth/login; a refusal throws DemoSetupError. */
export async function signInMerchant(app: FastifyInstance, options: { email: string; password: string; apiOrigin: string }): Promise<MerchantCalls> {
  const host = new URL(options.apiOrigin).host;
  const [merchantOrigin, adminOrigin] = [app.config.writeOrigins.merchant[0], app.config.writeOrigins.admin[0]];
  const cookies = new Map<string, string>();
  async function call<T>(request: InjectOptions & { url: string }, expected: number[] = [200]): Promise<T> {
    const response = await app.inject({
      ...request,
      // The Origin the app making the call sends: the admin console's for /api/admin, the merchant dashboard's else.
      headers: { host, origin: /^\/api\/admin(?:[/?]|$)/.test(request.url) ? adminOrigin : merchantOrigin, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(request.headers ?? {}) },
    });
    if (!expected.includes(response.statusCode)) {
      throw new DemoSetupError(`${request.method} ${request.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';')[0] as string;
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return (response.body ? JSON.parse(response.body) : null) as T;
  }
  await call({ method: 'POST', url: '/api/business/auth/login', payload: { email: options.email, password: options.password } });
  return { call, signOut: async () => void (await call({ method: 'POST', url: '/api/business/auth/logout' }, [200, 204])) };
}

/**
 * Connects the demo merchant's store the way a merchant does in the dashboard, through the API's own endpoints: signs
 * in, installs the tracking script tag the Integrate page gives (`installHead`), has the domain verified (the API
 * fetches the store's home page and finds the tag), imports the store's products (store sync of `/products.json`) and
 * makes an API key for the store's server. Steps already done are skipped, so it may run again.
 */
export async function connectDemoStore(app: FastifyInstance, options: ConnectDemoStoreOptions): Promise<ConnectedStore> {
  const { call, signOut } = await signInMerchant(app, options);
  let integration = await call<IntegrationResponse>({ method: 'GET', url: '/api/business/integration' });
  const storeDomain = integration.storeDomain;
  if (!storeDomain) throw new DemoSetupError(`${options.email} has no store domain`);

  let verifiedNow = false;
  if (!integration.verified) {
    await options.installHead(integration.scriptTag);
    const verified = await call<VerifyDomainResponse>({ method: 'POST', url: '/api/business/integration/verify' });
    if (!verified.verified) throw new DemoSetupError(`The demo store could not be verified: ${verified.message}`);
    verifiedNow = true;
    integration = await call<IntegrationResponse>({ method: 'GET', url: '/api/business/integration' });
  }

  let sync: StoreSync | null = null;
  if (integration.lastSync?.status !== 'succeeded') {
    sync = await call<StoreSync>({ method: 'POST', url: '/api/business/integration/shopify-sync' }, [202]);
    const deadline = Date.now() + (options.syncTimeoutMs ?? 120_000);
    while (sync.status === 'running') {
      if (Date.now() > deadline) throw new DemoSetupError('The demo store import did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
      sync = await call<StoreSync>({ method: 'GET', url: `/api/business/integration/syncs/${sync.id}` });
    }
    if (sync.status !== 'succeeded') throw new DemoSetupError(`The demo store import failed: ${sync.error ?? 'no reason given'}`);
  }

  const key = await call<{ apiKey: string }>({ method: 'POST', url: '/api/business/settings/api-key' });
  await signOut();
  return { storeDomain, verifiedNow, sync, apiKey: key.apiKey };
}
