/**
 * An event handler for asynchronous work (an `onClick` that signs out, an `onSubmit` that posts): it starts `run` and
 * reports a failure on the console rather than leaving a rejected promise that nothing handles. `run` starts at once,
 * so whatever it does before its first `await` (`event.preventDefault()`) happens inside the event.
 */
export function handleAsync<A extends unknown[]>(run: (...args: A) => Promise<unknown>, failure = 'The action failed:'): (...args: A) => void {
  return (...args) => {
    run(...args).catch((error: unknown) => console.error(failure, error));
  };
}
