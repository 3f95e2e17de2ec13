import { defineConfig } from 'drizzle-kit';

// The PostgreSQL engine's schema and migrations (the SQLite ones: drizzle.config.ts). Generate with
// `npx drizzle-kit generate --config libs/server/storage/drizzle-pg.config.ts --name <name>`.
export default defineConfig({
  dialect: 'postgresql',
  // Each domain's twin beside its SQLite tables (`src/lib/<domain>/pg-schema.ts`; `db/pg-schema` re-exports them all).
  schema: './libs/server/storage/src/lib/*/pg-schema.ts',
  out: './libs/server/storage/drizzle-pg',
});
