import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { app } from './app';
import type { Clock } from './lib/clock';
import type { AppConfig } from './config';
import { OneLineRequestLog, requestLoggerFactory } from './lib/request-logging';
import { frameworkErrors } from './plugins/error-handler';

/**
 * Creates a Fastify instance with the API registered, ready to `listen` or `inject`. `clock` is where its services
 * read the time (the system's unless given).
 */
export async function buildApp(config: AppConfig, options: FastifyServerOptions = {}, { clock }: { clock?: Clock } = {}): Promise<FastifyInstance> {
  const logging: FastifyServerOptions =
    config.LOG_LEVEL === 'silent'
      ? { logger: false }
      : {
          logger: { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization', 'body.password'] },
          // One log line per request; a request's child logger is only built when it logs something.
          logController: new OneLineRequestLog(),
          childLoggerFactory: requestLoggerFactory,
        };
  const instance = Fastify({
    ...logging,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // No deadline on a plugin's start: opening the database waits for the migrations, which take as long as the data
    // needs, and on PostgreSQL for another instance that holds the migration lock while it migrates. Fastify's 10 s
    // default failed such a start ("Plugin did not start in time: 'db'"); a server that cannot be reached fails the
    // start through its driver's error instead, and one that takes the connection and never answers a first query
    // within PG_ANSWER_TIMEOUT_MS through a PostgresSilentError (`openPostgres`).
    pluginTimeout: 0,
    frameworkErrors,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();
  await instance.register(app, { config, clock });
  await instance.ready();
  return instance;
}
