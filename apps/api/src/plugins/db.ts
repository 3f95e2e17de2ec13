import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Db, type DatabaseHandle } from '../db/client';
import { createSqliteStorage, type Storage } from '../db/storage';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    sqlite: DatabaseHandle['sqlite'];
    /** Every domain's storage port. */
    storage: Storage;
  }
}

/** Opens the database (migrations applied) and closes it with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { databasePath: string }) => {
    const handle = openDatabase(options.databasePath);
    app.decorate('db', handle.db);
    app.decorate('sqlite', handle.sqlite);
    app.decorate('storage', createSqliteStorage(handle, { groupCommit: app.config.GROUP_COMMIT }));
    app.addHook('onClose', async () => handle.close());
  },
  { name: 'db' },
);
