import { setUpSharedPostgres } from '../lib/shared';

/**
 * Jest globalSetup: lets the run's test files share one throwaway PostgreSQL cluster, started when the first of
 * them asks for it (`sharedPostgresCluster`). Referenced by path from a project's jest config.
 */
export default async function globalSetup(): Promise<void> {
  await setUpSharedPostgres();
}
