/** Typed failures of the safe page fetcher. `code` is stable for callers to branch on. */
export type SafeFetchErrorCode =
  | 'INVALID_URL'
  | 'SSRF_BLOCKED'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'TOO_MANY_REDIRECTS'
  | 'FETCH_FAILED'
  | 'HTTP_STATUS'
  | 'TRUNCATED';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    /** The URL being fetched when it failed (after any redirects). */
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class InvalidUrlError extends SafeFetchError {
  constructor(message: string, url: string) {
    super('INVALID_URL', message, url);
  }
}

/**
 * A hop refused because its host is, or resolves to, an address that is not public. The message, which callers show
 * to users, names neither the address nor its range (that would map internal DNS): `address` and `reason` hold them
 * for the server's own logs.
 */
export class SsrfBlockedError extends SafeFetchError {
  constructor(
    url: string,
    readonly address: string,
    readonly reason: string,
    /** The host name that resolved to `address`; null when the URL's host is the address itself. */
    readonly hostname: string | null = null,
  ) {
    super(
      'SSRF_BLOCKED',
      hostname ? `refused to fetch ${url}: ${hostname} resolves to a private or reserved address` : `refused to fetch ${url}: its host is a private or reserved address`,
      url,
    );
  }
}

export class FetchTooLargeError extends SafeFetchError {
  constructor(
    url: string,
    readonly maxBytes: number,
  ) {
    super('TOO_LARGE', `response from ${url} is larger than ${maxBytes} bytes`, url);
  }
}

export class FetchTimeoutError extends SafeFetchError {
  constructor(
    url: string,
    readonly timeoutMs: number,
  ) {
    super('TIMEOUT', `fetching ${url} took longer than ${timeoutMs} ms`, url);
  }
}

export class TooManyRedirectsError extends SafeFetchError {
  constructor(
    url: string,
    readonly maxRedirects: number,
  ) {
    super('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects starting from ${url}`, url);
  }
}

export class FetchFailedError extends SafeFetchError {
  constructor(url: string, message: string, cause?: unknown) {
    super('FETCH_FAILED', `fetching ${url} failed: ${message}`, url, { cause });
  }
}

/** A feed's server answered a status other than 2xx or 304 (after redirects). */
export class FeedHttpError extends SafeFetchError {
  constructor(
    url: string,
    readonly status: number,
  ) {
    super('HTTP_STATUS', `${url} answered HTTP ${status}`, url);
  }
}

/**
 * A feed's body ended before it was whole: the connection closed before the Content-Length the server announced, or
 * a gzip stream stopped before its end. Nothing of it is returned.
 */
export class FeedTruncatedError extends SafeFetchError {
  constructor(
    url: string,
    /** Bytes that arrived (as sent, before decompression). */
    readonly receivedBytes: number,
    /** The Content-Length announced, when there was one. */
    readonly expectedBytes: number | null,
    detail: string,
    cause?: unknown,
  ) {
    super('TRUNCATED', `the body of ${url} was cut short: ${detail}`, url, { cause });
  }
}
