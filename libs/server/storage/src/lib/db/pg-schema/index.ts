// The PostgreSQL schema: each domain's twin of its SQLite tables (`<domain>/pg-schema.ts`), table for table. Migrations: libs/server/storage/drizzle-pg.
export * from '../../accounts/pg-schema';
export * from '../../catalog/pg-schema';
export * from '../../tracking/pg-schema';
export * from '../../merchant/pg-schema';
export * from '../../admin/pg-schema';
export * from '../../shopper/pg-schema';
export * from '../../feeds/pg-schema';
export * from '../../watches/pg-schema';
