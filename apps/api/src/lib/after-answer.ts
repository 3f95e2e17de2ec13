import type { Logger } from './logger';

/**
 * Runs `work` once the current request has been answered (on the event loop's next check phase), logging a failure.
 * Work whose duration or outcome depends on whether an account exists (looking it up, writing a token, mailing)
 * goes here, so every answer leaves by the same path and at the same time.
 */
export function afterAnswer(log: Logger, what: string, work: () => unknown): void {
  setImmediate(() => {
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`));
  });
}
