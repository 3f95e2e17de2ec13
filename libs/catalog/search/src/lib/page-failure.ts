import { FetchTimeoutError, FetchTooLargeError, PageReadError, RobotsUnavailableError } from '@pricehunt/catalog-identity';
import type { PageFailure } from '@pricehunt/contracts';
import { HostBusyError } from './host-gate';

/** A shop's answer other than 200 to a pasted page, or an answer that is no web page. */
export class PageAnswerError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly contentType: string | null = null,
  ) {
    super(status === 200 ? `${url} is no web page (${contentType ?? 'no content type'})` : `${url} answered ${status}`);
    this.name = 'PageAnswerError';
  }
}

/** A page the shop's robots.txt keeps crawlers from. */
export class RobotsRefusedError extends Error {
  constructor(readonly url: string) {
    super(`the robots.txt of ${new URL(url).host} asks crawlers not to read ${url}`);
    this.name = 'RobotsRefusedError';
  }
}

/** Why a pasted page could not be read, from what its fetch threw. */
export function pageFailureOf(error: unknown): PageFailure {
  if (error instanceof RobotsRefusedError) return 'robots';
  if (error instanceof RobotsUnavailableError) return error.reason;
  // Requests to the host queue past the longest wait: as good as no timely answer.
  if (error instanceof HostBusyError) return 'timeout';
  if (error instanceof FetchTimeoutError) return 'timeout';
  if (error instanceof FetchTooLargeError) return 'not-a-page';
  // The page came, but its reading was given up: past the time cap, or the thread reading it failed or died.
  if (error instanceof PageReadError) {
    if (error.code === 'READ_TOO_LARGE') return 'not-a-page';
    // Pages queue for the reading threads past the longest queue: as good as no timely answer.
    if (error.code === 'READ_BUSY') return 'timeout';
    return 'read-timeout';
  }
  if (error instanceof PageAnswerError) {
    if (error.status === 200) return 'not-a-page';
    if (error.status === 401 || error.status === 403 || error.status === 429) return 'blocked';
    if (error.status === 404 || error.status === 410) return 'not-found';
    return 'server-error';
  }
  // No answer at all: the host has no address, refused or dropped the connection, is no public address, or redirects on.
  return 'unreachable';
}
