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
import { Agent, type Dispatcher, request } from 'undici';
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
import { decodePage } from './charset';

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
  /**
   * Let 127.0.0.0/8 and ::1 through, for tests and local runs against servers on this machine: refused in production,
   * and elsewhere unless NODE_ENV=test or FETCH_ALLOW_LOOPBACK=true (as the API's configuration allows it).
   */
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
  /** The page's validators, for a conditional request next time (`If-None-Match`, `If-Modified-Since`). */
  etag?: string | null;
  lastModified?: string | null;
}

/** A conditional GET: the validators of the copy kept (a 304 answers that it is still the page). */
export interface PageConditions {
  etag?: string | null;
  lastModified?: string | null;
}

/** The final answer of a `request`, handed to its `read`. */
export interface SafeResponse {
  /** The URL that answered (after any redirects). */
  finalUrl: string;
  status: number;
  /** Response headers by lower-case name (the first value of a repeated header). */
  headers: Readonly<Record<string, string | undefined>>;
  contentType: string | null;
  /** The Content-Length the server announced, when it announced one. */
  declaredLength: number | null;
  /** The body as it arrives, raw (no content decoding), counted against `maxBytes` (`FetchTooLargeError` beyond). */
  body: AsyncIterable<Buffer>;
  /** Aborted at the fetch's deadline. */
  signal: AbortSignal;
}

export interface SafeRequestOptions<T> {
  /** GET unless told. A POST follows no redirect: a redirect is its answer. */
  method?: 'GET' | 'POST';
  /** The body of a POST. */
  body?: string;
  /** Request headers added to (or replacing) the fetcher's own (`user-agent`, `accept`, `accept-language`). */
  headers?: Record<string, string>;
  /** Reads the final answer; runs within the fetch's deadline. What it throws is the request's failure. */
  read: (response: SafeResponse) => Promise<T>;
}

/** What page readers take: one guarded GET answering the page. */
export interface SafeFetcher {
  fetch(url: string, conditions?: PageConditions): Promise<FetchedPage>;
}

/** What `createSafeFetcher` gives: `fetch`, and `request` for callers that send headers and read the body themselves. */
export interface SafeHttpClient extends SafeFetcher {
  /**
   * One GET (or POST: notification webhooks) through the same guard as `fetch` (every hop checked, a GET's redirects
   * followed by hand, one deadline), with request headers of the caller's, whose answer (status, headers, raw body)
   * `read` reads.
   */
  request<T>(url: string, options: SafeRequestOptions<T>): Promise<T>;
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

/**
 * Whether this process may reach loopback addresses when a caller asks to: never in production; under tests
 * (NODE_ENV=test), and where FETCH_ALLOW_LOOPBACK is true (`true` or `1`), as the API's configuration allows it outside
 * production.
 */
export function loopbackAllowedHere(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env['NODE_ENV'] === 'production') return false;
  return env['NODE_ENV'] === 'test' || env['FETCH_ALLOW_LOOPBACK'] === 'true' || env['FETCH_ALLOW_LOOPBACK'] === '1';
}

/** Throws unless `loopbackAllowedHere()`; for the fetchers that take `allowLoopback`. */
export function assertLoopbackAllowed(): void {
  if (!loopbackAllowedHere()) {
    throw new TypeError('allowLoopback is only for tests and local runs (NODE_ENV=test, or FETCH_ALLOW_LOOPBACK=true outside production)');
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

type ResponseData = Dispatcher.ResponseData;

/** Marks a hop's redirect, so that no answer a caller's `read` gives is taken for one. */
const REDIRECT = Symbol('redirect');

function isRedirect(value: unknown): value is { redirect: string } {
  return typeof value === 'object' && value !== null && (value as { [REDIRECT]?: true })[REDIRECT] === true;
}

/** The fetcher's settings and its steps: a hop's checks, the hop itself, reading a body, following redirects. */
class GuardedFetcher {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly allowLoopback: boolean;
  private readonly resolve: Resolver;
  private readonly userAgent: string;

  constructor(options: SafeFetcherOptions) {
    this.timeoutMs = positiveInt(options.timeoutMs, 8000, 'timeoutMs');
    this.maxBytes = positiveInt(options.maxBytes, 3 * 1024 * 1024, 'maxBytes');
    this.maxRedirects = positiveInt(options.maxRedirects, 5, 'maxRedirects', true);
    this.allowLoopback = options.allowLoopback === true;
    if (this.allowLoopback) assertLoopbackAllowed();
    this.resolve = options.resolve ?? systemResolver;
    this.userAgent = options.userAgent ?? 'PriceHuntBot/1.0 (+https://pricehunt.example/bot)';
  }

  /**
   * Resolve and check a hop's host; the address to connect to. The addresses a host name resolved to go into
   * `resolved`, so that error messages can leave them out.
   */
  private async guard(url: URL, resolved: string[]): Promise<ResolvedAddress> {
    const literal = literalAddress(url.hostname);
    const candidates = literal ? [literal] : await this.resolveName(url);
    if (!literal) resolved.push(...candidates.map((c) => c.address));
    if (candidates.length === 0) throw new FetchFailedError(url.href, `no address for ${url.hostname}`);
    for (const c of candidates) {
      const verdict = checkAddress(c.address, { allowLoopback: this.allowLoopback });
      if (!verdict.allowed) throw new SsrfBlockedError(url.href, c.address, verdict.reason, literal ? null : url.hostname);
    }
    return candidates[0] as ResolvedAddress;
  }

  private async resolveName(url: URL): Promise<ResolvedAddress[]> {
    try {
      return await this.resolve(url.hostname);
    } catch (err) {
      throw new FetchFailedError(url.href, `cannot resolve ${url.hostname}`, err);
    }
  }

  /** One hop: the answer's body is read by `read` unless the answer is a redirect. */
  private async hop<T>(
    url: URL,
    signal: AbortSignal,
    resolved: string[],
    headers: Record<string, string>,
    read: (res: ResponseData, url: URL) => Promise<T>,
    send: { method: 'GET' | 'POST'; body?: string } = { method: 'GET' },
  ): Promise<T | { redirect: string }> {
    const pinned = await this.guard(url, resolved);
    if (signal.aborted) throw signal.reason;
    const agent = new Agent({
      connect: { lookup: pinnedLookup(url.hostname, pinned) },
      connections: 1,
      pipelining: 0,
    });
    try {
      const res = await request(url, {
        method: send.method,
        ...(send.body !== undefined ? { body: send.body } : {}),
        dispatcher: agent,
        signal,
        headers: {
          'user-agent': this.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-language': 'en-US,en;q=0.8',
          ...headers,
        },
      });
      const location = res.headers['location'];
      if (send.method === 'GET' && REDIRECT_STATUSES.has(res.statusCode) && location) {
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        return { [REDIRECT]: true, redirect: Array.isArray(location) ? (location[0] as string) : location } as { redirect: string };
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > this.maxBytes) {
        res.body.destroy();
        throw new FetchTooLargeError(url.href, this.maxBytes);
      }
      return await read(res, url);
    } finally {
      agent.destroy().catch(() => undefined);
    }
  }

  /** The whole body of a page, cut at the size cap and decoded in its charset. */
  private async readPage(res: ResponseData, url: URL): Promise<FetchedPage> {
    const contentType = firstHeader(res.headers['content-type']) ?? null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.counted(res, url)) chunks.push(chunk);
    return {
      finalUrl: url.href,
      status: res.statusCode,
      contentType,
      body: decodePage(Buffer.concat(chunks), contentType),
      etag: firstHeader(res.headers['etag']) ?? null,
      lastModified: firstHeader(res.headers['last-modified']) ?? null,
    };
  }

  /** The raw body, counted: `FetchTooLargeError` once it passes the size cap. */
  private async *counted(res: ResponseData, url: URL): AsyncGenerator<Buffer> {
    let total = 0;
    for await (const chunk of res.body) {
      const buf = chunk as Buffer;
      total += buf.length;
      if (total > this.maxBytes) {
        res.body.destroy();
        throw new FetchTooLargeError(url.href, this.maxBytes);
      }
      yield buf;
    }
  }

  async fetchPage(rawUrl: string, conditions: PageConditions = {}): Promise<FetchedPage> {
    const headers: Record<string, string> = {};
    if (conditions.etag) headers['if-none-match'] = conditions.etag;
    if (conditions.lastModified) headers['if-modified-since'] = conditions.lastModified;
    return this.run(rawUrl, headers, { method: 'GET' }, (res, url) => this.readPage(res, url));
  }

  async fetchWith<T>(rawUrl: string, requestOptions: SafeRequestOptions<T>): Promise<T> {
    const headers = Object.fromEntries(Object.entries(requestOptions.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    const send = { method: requestOptions.method ?? 'GET', ...(requestOptions.body !== undefined ? { body: requestOptions.body } : {}) };
    return this.run(rawUrl, headers, send, (res, url, signal) => {
      const declared = Number(res.headers['content-length']);
      const lowerHeaders: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(res.headers)) lowerHeaders[name.toLowerCase()] = firstHeader(value);
      return requestOptions.read({
        finalUrl: url.href,
        status: res.statusCode,
        headers: lowerHeaders,
        contentType: lowerHeaders['content-type'] ?? null,
        declaredLength: Number.isFinite(declared) && res.headers['content-length'] !== undefined ? declared : null,
        body: this.counted(res, url),
        signal,
      });
    });
  }

  /** Follows redirects hop by hop under one deadline; the final answer goes to `read`. */
  private async run<T>(
    rawUrl: string,
    headers: Record<string, string>,
    send: { method: 'GET' | 'POST'; body?: string },
    read: (res: ResponseData, url: URL, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (typeof rawUrl !== 'string' || rawUrl.length === 0) throw new InvalidUrlError('url must be a non-empty string', String(rawUrl));
    let url = parseTarget(rawUrl);
    const controller = new AbortController();
    const { timeoutMs, maxRedirects } = this;
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
        const readHere = (res: ResponseData, url: URL) => read(res, url, controller.signal);
        const result = await Promise.race([this.hop(current, controller.signal, resolved, headers, readHere, send), deadline]).catch((err: unknown) => {
          if (err instanceof SafeFetchError) throw err;
          if (controller.signal.aborted) throw new FetchTimeoutError(current.href, timeoutMs);
          const message = err instanceof Error ? err.message : String(err);
          // A connection error names the address the host resolved to ("connect ECONNREFUSED 203.0.113.5:443"):
          // the message, shown to users, names the host instead (the cause keeps the address).
          throw new FetchFailedError(current.href, withoutAddresses(message, current.hostname, resolved), err);
        });
        if (!isRedirect(result)) return result;
        if (redirects >= maxRedirects) throw new TooManyRedirectsError(rawUrl, maxRedirects);
        url = parseTarget(result.redirect, current.href);
      }
    } finally {
      clearTimeout(timer);
      if (!controller.signal.aborted) controller.abort(new Error('fetch finished'));
    }
  }

}

/**
 * A client for addresses users and feeds name: each hop's host is resolved and checked (no private, loopback or
 * link-local address unless allowed for tests), the connection is pinned to the checked address, bodies are cut at a
 * size cap, redirects are followed up to a limit, all under one deadline.
 */
export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeHttpClient {
  const fetcher = new GuardedFetcher(options);
  return { fetch: (url, conditions) => fetcher.fetchPage(url, conditions), request: (url, requestOptions) => fetcher.fetchWith(url, requestOptions) };
}

