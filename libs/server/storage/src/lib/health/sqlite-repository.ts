import type { DatabaseHandle } from '../db/client';
import type { HealthRepository } from './repository';

export function createSqliteHealthRepository({ sqlite }: Pick<DatabaseHandle, 'sqlite'>): HealthRepository {
  const migrations = sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck();
  return { migrationsApplied: async () => migrations.get() as number };
}
