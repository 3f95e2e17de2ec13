/**
 * Reads `read()` every `everyMs` until `done` holds for its value, and returns that value. After `timeoutMs` it throws
 * `failure(last value)`: what a test waits for that the page or the API does some time after an action.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 10_000, everyMs = 100, failure }: { timeoutMs?: number; everyMs?: number; failure: (last: T) => string },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(failure(value));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
