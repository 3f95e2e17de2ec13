import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type DatabaseConfig, type DatabaseConnection, type DatabaseHandle, type Db, openStorage, type Storage } from '@pricehunt/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database and its engine, for the few places that need the engine itself. */
    database: DatabaseConnection;
    /** SQLite's drizzle database, for code that works on SQLite alone (reading it on PostgreSQL throws). */
    db: Db;
    /** SQLite's connection, for code that works on SQLite alone (reading it on PostgreSQL throws). */
    sqlite: DatabaseHandle['sqlite'];
    /** Every domain's storage port. */
    storage: Storage;
  }
}

const sqliteOnly = (name: string) => () => {
  throw new Error(`app.${name} is SQLite's connection, but DATABASE_URL names PostgreSQL: read app.storage (or app.database)`);
};

/** Opens the database DATABASE_URL names (migrations applied) with every storage port on it, and closes it with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseConfig }) => {
    const { connection, storage, close } = await openStorage(options.database, { groupCommit: app.config.GROUP_COMMIT });
    app.decorate<DatabaseConnection>('database', connection);
    if (connection.engine === 'sqlite') {
      app.decorate('db', connection.handle.db);
      app.decorate('sqlite', connection.handle.sqlite);
    } else {
      app.decorate('db', { getter: sqliteOnly('db') });
      app.decorate('sqlite', { getter: sqliteOnly('sqlite') });
    }
    app.decorate('storage', storage);
    app.addHook('onClose', close);
  },
  { name: 'db' },
);
