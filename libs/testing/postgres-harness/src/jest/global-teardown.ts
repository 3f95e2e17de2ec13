import { tearDownSharedPostgres } from '../lib/shared';

/** Jest globalTeardown: stops the run's shared PostgreSQL cluster, if a test started one, and removes its folder. */
export default async function globalTeardown(): Promise<void> {
  await tearDownSharedPostgres();
}
