// The SQLite schema, each domain's tables beside its storage (`<domain>/sqlite-schema.ts`). Migrations: libs/server/storage/drizzle.
export * from '../../accounts/sqlite-schema';
export * from '../../catalog/sqlite-schema';
export * from '../../tracking/sqlite-schema';
export * from '../../merchant/sqlite-schema';
export * from '../../admin/sqlite-schema';
export * from '../../shopper/sqlite-schema';
export * from '../../feeds/sqlite-schema';
export * from '../../watches/sqlite-schema';
