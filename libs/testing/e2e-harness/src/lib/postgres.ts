// Browser tests of the fleet start their PostgreSQL as the API's tests do: a throwaway cluster of Debian's server.
export { startPostgresCluster, type PostgresCluster } from '@pricehunt/postgres-harness';
