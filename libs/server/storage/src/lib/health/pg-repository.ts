import type { PostgresHandle } from '../db/pg-client';
import type { HealthRepository } from './repository';

export function createPgHealthRepository({ pool }: Pick<PostgresHandle, 'pool'>): HealthRepository {
  return {
    // drizzle's node-postgres migrator keeps its journal in the `drizzle` schema.
    migrationsApplied: async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0]?.n ?? 0,
  };
}
