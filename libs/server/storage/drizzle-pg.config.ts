import { defineConfig } from 'drizzle-kit';

// The PostgreSQL engine's schema and migrations (the SQLite ones: drizzle.config.ts). Generate with
// `npx drizzle-kit generate --config libs/server/storage/drizzle-pg.config.ts --name <name>`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/server/storage/src/lib/db/pg-schema/index.ts',
  out: './libs/server/storage/drizzle-pg',
});
