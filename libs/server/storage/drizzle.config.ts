import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  // Each domain's tables beside its storage (`src/lib/<domain>/sqlite-schema.ts`; `db/schema` re-exports them all).
  schema: './libs/server/storage/src/lib/*/sqlite-schema.ts',
  out: './libs/server/storage/drizzle',
});
