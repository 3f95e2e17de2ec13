import { defineConfig } from 'drizzle-kit';

// The PostgreSQL engine's schema and migrations (the SQLite ones: drizzle.config.ts). Generate with
// `npx drizzle-kit generate --config apps/api/drizzle-pg.config.ts --name <name>`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/pg-schema/index.ts',
  out: './apps/api/drizzle-pg',
});
