/**
 * A page fetcher that can only reach public addresses.
 *
 * For every hop it: accepts http(s) only, without credentials; resolves the host itself (numeric
 * hosts in any notation are read as addresses, never looked up); refuses the hop if any resolved
 * address is loopback, private, link-local, shared, reserved or multicast; then connects to the
 * checked address only (the socket's lookup is pinned to it, so a second DNS answer cannot
 * rebind). Redirects are followed by hand up to a limit, each one checked again. The body is
 * counted while it streams and cut at the size cap; one deadline covers the whole fetch.
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import {
  FetchFailedError,
  FetchTimeoutError,
  FetchTooLargeError,
  InvalidUrlError,
  SafeFetchError,
  SsrfBlockedError,
  TooManyRedirectsError,
} from './errors';
import { checkAddress, literalAddress } from './ip-guard';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name → addresses. The default asks the system resolver for every address. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetcherOptions {
  /** Deadline for the whole fetch including redirects and body (default 8000). */
  timeoutMs?: number;
  /** Largest body accepted, in bytes (default 3 MB). */
  maxBytes?: number;
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  /** Let 127.0.0.0/8 and ::1 through. For tests against local fixture servers only: refused unless NODE_ENV=test. */
  allowLoopback?: boolean;
  /** Replace DNS resolution (tests map names to fixture addresses with it). */
  resolve?: Resolver;
  userAgent?: string;
}

export interface FetchedPage {
  finalUrl: string;
  status: number;
  contentType: string | null;
  body: string;
}

export interface SafeFetcher {
  fetch(url: string): Promise<FetchedPage>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function positiveInt(value: number | undefined, fallback: number, field: string, allowZero = false): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new TypeError(`${field} must be a ${allowZero ? 'non-negative' : 'positive'} integer`);
  }
  return value;
}

function parseTarget(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new InvalidUrlError(`not a valid URL: ${raw}`, raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidUrlError(`only http and https URLs can be fetched, not ${url.protocol}`, url.href);
  }
  if (url.username || url.password) throw new InvalidUrlError('URLs with credentials are not fetched', url.href);
  if (!url.hostname) throw new InvalidUrlError('URL has no host', url.href);
  return url;
}

/** Charset from the Content-Type header, else from a <meta charset> / http-equiv in the first 2 KB, else UTF-8. */
export function charsetOf(contentType: string | null, bytes: Uint8Array): string {
  const header = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  if (header?.[1]) return header[1].toLowerCase();
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return meta?.[1]?.toLowerCase() ?? 'utf-8';
}

function decode(bytes: Uint8Array, contentType: string | null): string {
  try {
    return new TextDecoder(charsetOf(contentType, bytes)).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** `message` with every one of `addresses` replaced by the host name that resolved to it. */
function withoutAddresses(message: string, hostname: string, addresses: readonly string[] | undefined): string {
  let text = message;
  for (const address of addresses ?? []) text = text.split(address).join(hostname);
  return text;
}

/** A lookup that answers only the checked address for the expected host. */
function pinnedLookup(hostname: string, pinned: ResolvedAddress): LookupFunction {
  return ((host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (host !== hostname) {
      callback(Object.assign(new Error(`unexpected lookup of ${host}`), { code: 'ENOTFOUND' }));
      return;
    }
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const timeoutMs = positiveInt(options.timeoutMs, 8000, 'timeoutMs');
  const maxBytes = positiveInt(options.maxBytes, 3 * 1024 * 1024, 'maxBytes');
  const maxRedirects = positiveInt(options.maxRedirects, 5, 'maxRedirects', true);
  const allowLoopback = options.allowLoopback === true;
  if (allowLoopback && process.env['NODE_ENV'] !== 'test') {
    throw new TypeError('allowLoopback is only for tests (NODE_ENV=test)');
  }
  const resolve = options.resolve ?? systemResolver;
  const userAgent = options.userAgent ?? 'PriceHuntBot/1.0 (+https://pricehunt.example/bot)';

  /**
   * Resolve and check a hop's host; the address to connect to. The addresses a host name resolved to go into
   * `resolved`, so that error messages can leave them out.
   */
  async function guard(url: URL, resolved: string[]): Promise<ResolvedAddress> {
    const literal = literalAddress(url.hostname);
    const candidates = literal ? [literal] : await resolveName(url);
    if (!literal) resolved.push(...candidates.map((c) => c.address));
    if (candidates.length === 0) throw new FetchFailedError(url.href, `no address for ${url.hostname}`);
    for (const c of candidates) {
      const verdict = checkAddress(c.address, { allowLoopback });
      if (!verdict.allowed) throw new SsrfBlockedError(url.href, c.address, verdict.reason, literal ? null : url.hostname);
    }
    return candidates[0] as ResolvedAddress;
  }

  async function resolveName(url: URL): Promise<ResolvedAddress[]> {
    try {
      return await resolve(url.hostname);
    } catch (err) {
      throw new FetchFailedError(url.href, `cannot resolve ${url.hostname}`, err);
    }
  }

  async function hop(url: URL, signal: AbortSignal, resolved: string[]): Promise<FetchedPage | { redirect: string }> {
    const pinned = await guard(url, resolved);
    if (signal.aborted) throw signal.reason;
    const agent = new Agent({
      connect: { lookup: pinnedLookup(url.hostname, pinned) },
      connections: 1,
      pipelining: 0,
    });
    try {
      const res = await request(url, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: {
          'user-agent': userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-language': 'en-US,en;q=0.8',
        },
      });
      const location = res.headers['location'];
      if (REDIRECT_STATUSES.has(res.statusCode) && location) {
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        return { redirect: Array.isArray(location) ? (location[0] as string) : location };
      }
      const ct = res.headers['content-type'];
      const contentType = (Array.isArray(ct) ? ct[0] : ct) ?? null;
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.body.destroy();
        throw new FetchTooLargeError(url.href, maxBytes);
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        total += buf.length;
        if (total > maxBytes) {
          res.body.destroy();
          throw new FetchTooLargeError(url.href, maxBytes);
        }
        chunks.push(buf);
      }
      return { finalUrl: url.href, status: res.statusCode, contentType, body: decode(Buffer.concat(chunks), contentType) };
    } finally {
      agent.destroy().catch(() => undefined);
    }
  }

  async function fetchPage(rawUrl: string): Promise<FetchedPage> {
    if (typeof rawUrl !== 'string' || rawUrl.length === 0) throw new InvalidUrlError('url must be a non-empty string', String(rawUrl));
    let url = parseTarget(rawUrl);
    const controller = new AbortController();
    const timeout = new FetchTimeoutError(url.href, timeoutMs);
    const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
    const deadline = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
    });
    deadline.catch(() => undefined);
    try {
      for (let redirects = 0; ; redirects++) {
        const current = url;
        const resolved: string[] = [];
        const result = await Promise.race([hop(current, controller.signal, resolved), deadline]).catch((err: unknown) => {
          if (err instanceof SafeFetchError) throw err;
          if (controller.signal.aborted) throw new FetchTimeoutError(current.href, timeoutMs);
          const message = err instanceof Error ? err.message : String(err);
          // A connection error names the address the host resolved to ("connect ECONNREFUSED 203.0.113.5:443"):
          // the message, shown to users, names the host instead (the cause keeps the address).
          throw new FetchFailedError(current.href, withoutAddresses(message, current.hostname, resolved), err);
        });
        if (!('redirect' in result)) return result;
        if (redirects >= maxRedirects) throw new TooManyRedirectsError(rawUrl, maxRedirects);
        url = parseTarget(result.redirect, current.href);
      }
    } finally {
      clearTimeout(timer);
      if (!controller.signal.aborted) controller.abort(new Error('fetch finished'));
    }
  }

  return { fetch: fetchPage };
}
