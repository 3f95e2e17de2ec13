import type { Logger } from '@pricehunt/notifications';

export type { Logger };

const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number] | 'fatal' | 'trace';

const errorFields = (value: unknown) => (value instanceof Error ? { message: value.message, stack: value.stack } : value);

/** A logger of the surface the notifications and the worker's parts take, writing `{time, level, msg, …fields}` lines at `level` and above. */
export function createLogger(level: LogLevel, name = 'worker'): Logger {
  const floor = level === 'trace' ? 0 : level === 'fatal' ? 3 : LEVELS.indexOf(level);
  const write = (at: number, obj: object, msg?: string) => {
    if (at < floor) return;
    const fields = Object.fromEntries(Object.entries(obj).map(([key, value]) => [key, key === 'err' ? errorFields(value) : value]));
    const line = JSON.stringify({ time: new Date().toISOString(), level: LEVELS[at], name, msg, ...fields });
    (at >= 2 ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (obj, msg) => write(0, obj, msg),
    info: (obj, msg) => write(1, obj, msg),
    warn: (obj, msg) => write(2, obj, msg),
    error: (obj, msg) => write(3, obj, msg),
  };
}
