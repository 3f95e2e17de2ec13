import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

/** What the request loggers need of the app logger (pino's). */
interface ParentLogger extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * The logger of one request: it carries the request id like a pino child, but the child is only made when
 * something is logged at an enabled level. Most requests log nothing (errors only, or nothing below
 * LOG_LEVEL), so they skip building a child logger.
 */
class RequestLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings));
  }

  private log(level: Level, args: LogArgs): void {
    if (this.real === undefined && !this.parent.isLevelEnabled(level)) return;
    this.logger[level](...args);
  }

  isLevelEnabled(level: string): boolean {
    return this.real ? (this.real as ParentLogger).isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  get level(): string {
    return this.real ? this.real.level : this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: LogArgs): void {
    this.log('fatal', args);
  }

  error(...args: LogArgs): void {
    this.log('error', args);
  }

  warn(...args: LogArgs): void {
    this.log('warn', args);
  }

  info(...args: LogArgs): void {
    this.log('info', args);
  }

  debug(...args: LogArgs): void {
    this.log('debug', args);
  }

  trace(...args: LogArgs): void {
    this.log('trace', args);
  }

  silent(): void {
    // Nothing, like pino's.
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a deferred request logger, or a real child when the route sets its own log level. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  const parent = logger as ParentLogger;
  if (options.level || options.serializers || typeof parent.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new RequestLogger(parent, bindings);
};

/**
 * One line per request instead of Fastify's two ("incoming request" and "request completed"): method, URL,
 * client, status and response time at `info` when the answer is sent, or the error at `error`.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {
    // Logged together with the outcome, in requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    // The line is only built when `info` is logged (most production levels skip it).
    else if ((reply.log as Partial<ParentLogger>).isLevelEnabled?.('info') !== false) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
