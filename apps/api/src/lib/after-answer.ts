import type { Logger } from './logger';

/** The work `afterAnswer` started that has not ended yet (so tests and shutdowns can wait for it). */
const running = new Set<Promise<unknown>>();

/**
 * Runs `work` once the current request has been answered (on the event loop's next check phase), logging a failure.
 * Work whose duration or outcome depends on whether an account exists (looking it up, writing a token, mailing)
 * goes here, so every answer leaves by the same path and at the same time.
 */
export function afterAnswer(log: Logger, what: string, work: () => unknown): void {
  setImmediate(() => {
    const done = Promise.resolve()
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`));
    running.add(done);
    void done.finally(() => running.delete(done));
  });
}

/** Resolves once the work started by `afterAnswer` so far (and any it started in turn) has ended. */
export async function afterAnswerIdle(): Promise<void> {
  do {
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([...running]);
  } while (running.size > 0);
}
