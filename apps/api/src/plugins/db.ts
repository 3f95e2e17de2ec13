import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Db, type DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    sqlite: DatabaseHandle['sqlite'];
  }
}

/** Opens the database (migrations applied) and closes it with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { databasePath: string }) => {
    const handle = openDatabase(options.databasePath);
    app.decorate('db', handle.db);
    app.decorate('sqlite', handle.sqlite);
    app.addHook('onClose', async () => handle.close());
  },
  { name: 'db' },
);
