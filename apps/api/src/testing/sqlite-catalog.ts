import type { FastifyInstance } from 'fastify';
import { createSqliteCatalogServices, type SqliteCatalogServices } from '@pricehunt/storage';

/**
 * The catalog services of an app on SQLite with the connection's own store and full-text index in reach, for tests of
 * what only SQLite has (its FTS5 index, its bulk writer thread); what any engine does is tested through `app.catalog`.
 */
export const sqliteCatalogOf = (app: FastifyInstance): SqliteCatalogServices =>
  createSqliteCatalogServices(app.sqlite, { catalog: app.storage.catalog, searchIndex: app.storage.searchIndex });
