export {
  DEBIAN_POSTGRES_BIN,
  attachPostgresCluster,
  clusterInfo,
  postgresBinDir,
  startPostgresCluster,
  type PostgresCluster,
  type PostgresClusterInfo,
  type StartPostgresOptions,
} from './lib/cluster';
export { SHARED_STATE_ENV, ensureTemplate, setUpSharedPostgres, sharedPostgresCluster, tearDownSharedPostgres } from './lib/shared';
