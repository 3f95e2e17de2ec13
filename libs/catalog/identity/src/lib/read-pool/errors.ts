/** Why the page-reading pool gave no reading of a page. `code` is stable for callers to branch on. */
export type PageReadErrorCode = 'READ_TIMEOUT' | 'READ_TOO_LARGE' | 'READ_BUSY' | 'READ_FAILED' | 'READ_CLOSED';

export class PageReadError extends Error {
  constructor(
    readonly code: PageReadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The page was still being read when its time ran out: its thread was stopped and replaced. */
export class PageReadTimeoutError extends PageReadError {
  constructor(readonly timeoutMs: number) {
    super('READ_TIMEOUT', `page took too long to read (more than ${timeoutMs} ms)`);
  }
}

/** The page is larger than the pool reads. */
export class PageReadTooLargeError extends PageReadError {
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super('READ_TOO_LARGE', `page is too large to read (${bytes} bytes, at most ${maxBytes})`);
  }
}

/** More pages wait to be read than the pool queues. */
export class PageReadBusyError extends PageReadError {
  constructor(readonly maxQueued: number) {
    super('READ_BUSY', `too many pages are waiting to be read (${maxQueued})`);
  }
}

/** The thread reading the page failed (the reader threw, or the thread died, e.g. past its memory limit). */
export class PageReadFailedError extends PageReadError {
  constructor(message: string) {
    super('READ_FAILED', `page could not be read: ${message}`);
  }
}

/** The pool was closed before the page was read. */
export class PageReadPoolClosedError extends PageReadError {
  constructor() {
    super('READ_CLOSED', 'the page-reading pool is closed');
  }
}
