import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './libs/server/storage/src/lib/db/schema/index.ts',
  out: './libs/server/storage/drizzle',
});
