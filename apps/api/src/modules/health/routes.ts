import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@pricehunt/contracts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const migrations = app.sqlite.prepare('select count(*) as n from __drizzle_migrations');
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponseSchema } } },
    async () => {
      const row = migrations.get() as { n: number };
      return { status: 'ok' as const, database: 'ok' as const, migrations: row.n, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
