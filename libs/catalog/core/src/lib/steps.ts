/**
 * Catalog work written once for both engines: a step is a generator that asks for one operation at a time (a read or
 * a write of the catalog, named after a method of `Ops`) and is given its answer. The same step runs synchronously
 * inside a SQLite transaction (`runSync`) and asynchronously on a PostgreSQL transaction's client (`runAsync`): the
 * decisions are made by the same code, whatever answers them.
 */

/** Operations by name (an interface of methods). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Operations<Ops> = { [K in keyof Ops]: (...args: any[]) => unknown };

/** One operation a step asks for. */
export type Call<Ops extends Operations<Ops>> = { [K in keyof Ops]: { method: K; args: Parameters<Ops[K]> } }[keyof Ops];

/** A step: asks for operations of `Ops`, one at a time, and answers T. */
export type Step<Ops extends Operations<Ops>, T> = Generator<Call<Ops>, T, unknown>;

/** `Ops` answered asynchronously. */
export type AsyncOps<Ops extends Operations<Ops>> = { [K in keyof Ops]: (...args: Parameters<Ops[K]>) => Promise<Awaited<ReturnType<Ops[K]>>> };

/** Asks for one operation (`yield* perform(...)` answers it). */
export function* perform<Ops extends Operations<Ops>, K extends keyof Ops>(method: K, ...args: Parameters<Ops[K]>): Step<Ops, ReturnType<Ops[K]>> {
  return (yield { method, args }) as ReturnType<Ops[K]>;
}

/** Runs a step with synchronous operations (inside a transaction of the engine's own connection). */
export function runSync<Ops extends Operations<Ops>, T>(step: Step<Ops, T>, ops: Ops): T {
  let next = step.next();
  while (!next.done) {
    const { method, args } = next.value;
    next = step.next((ops[method] as (...a: unknown[]) => unknown)(...args));
  }
  return next.value;
}

/** Runs a step with asynchronous operations. */
export async function runAsync<Ops extends Operations<Ops>, T>(step: Step<Ops, T>, ops: AsyncOps<Ops>): Promise<T> {
  let next = step.next();
  while (!next.done) {
    const { method, args } = next.value;
    next = step.next(await (ops[method] as (...a: unknown[]) => Promise<unknown>)(...args));
  }
  return next.value;
}
