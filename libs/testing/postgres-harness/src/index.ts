export {
  DEBIAN_POSTGRES_BIN,
  attachPostgresCluster,
  clusterInfo,
  postgresBinDir,
  startKeptPostgresCluster,
  startPostgresCluster,
  type KeptPostgresCluster,
  type PostgresCluster,
  type PostgresClusterInfo,
  type StartPostgresOptions,
} from './lib/cluster';
export { SHARED_STATE_ENV, ensureTemplate, setUpSharedPostgres, sharedPostgresCluster, tearDownSharedPostgres } from './lib/shared';
