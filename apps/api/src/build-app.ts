import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { app } from './app';
import type { AppConfig } from './config';

/** Creates a Fastify instance with the API registered, ready to `listen` or `inject`. */
export async function buildApp(config: AppConfig, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const instance = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization', 'body.password'] },
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();
  await instance.register(app, { config });
  await instance.ready();
  return instance;
}
