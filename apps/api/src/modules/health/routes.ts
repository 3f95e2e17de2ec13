import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@pricehunt/contracts';

/** How long a database check answers for: load balancers may poll often, and each check is a read. */
export const HEALTH_CHECK_TTL_MS = 1000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health } = app.storage;
  let checked = { at: -Infinity, migrations: 0 };
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponseSchema } } },
    async () => {
      const now = Date.now();
      // The database is read at most once per HEALTH_CHECK_TTL_MS; a failing read fails the check (500).
      if (now - checked.at >= HEALTH_CHECK_TTL_MS) checked = { at: now, migrations: await health.migrationsApplied() };
      return { status: 'ok' as const, database: 'ok' as const, migrations: checked.migrations, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
