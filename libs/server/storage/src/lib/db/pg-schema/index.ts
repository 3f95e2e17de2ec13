// The PostgreSQL schema: one twin per file of ../schema (SQLite), table for table. Migrations: libs/server/storage/drizzle-pg.
export * from './accounts';
export * from './catalog';
export * from './tracking';
export * from './merchant';
export * from './admin';
export * from './shopper';
export * from './feeds';
export * from './watches';
