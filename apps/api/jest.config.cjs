const os = require('node:os');
const preset = require('../../jest.preset.js');

module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.js',
  // @fastify/cookie loads the ESM-only `cookie` with a dynamic import(); compiled to require() it runs under Jest's CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(cookie|@fastify/cookie)/)(?!.*/node_modules/cookie/)'],
  transform: preset.transform,
  // buildTestApp() runs on the engine PRICEHUNT_TEST_ENGINE names (sqlite unless told; `nx run api:test-pg` runs the
  // suite on postgres). The specs that pick their engines themselves (port contracts, the composed storage, the schema
  // comparison, both backups, openPostgres) run in the SQLite run only; specs about SQLite alone say so with
  // describeOnEngine/itOnEngine.
  testPathIgnorePatterns: [
    ...preset.testPathIgnorePatterns,
    ...(process.env.PRICEHUNT_TEST_ENGINE === 'postgres' ? ['\\.contract\\.spec\\.ts$', '/schema-drift\\.spec\\.ts$', '/db-backup\\.spec\\.ts$', '/db/storage\\.spec\\.ts$', '/db/pg-client\\.spec\\.ts$'] : []),
  ],
  // A guard against a test that hangs, not a measure of speed: real scrypt hashing, fsyncs and database servers slow
  // down many times over when `npm test` runs browser tests and PostgreSQL beside this suite on two cores (a bulk
  // import's test that takes 3.5 s alone took 16 s under a CPU and disk load here, and over 30 s in a full run).
  testTimeout: 120_000,
  // The specs wait on disk syncs, child processes and the database server more than they compute: a worker per core
  // keeps the cores busy (alone on two cores, three workers took the suite from 330 s to 190 s; `npm test` runs other
  // projects' tasks beside it, so it keeps to one per core).
  maxWorkers: os.availableParallelism(),
  // Tests on PostgreSQL share one throwaway cluster per run, started by the first of them that asks for it
  // (`@pricehunt/storage/testing`); the teardown stops it. A run of SQLite tests alone starts none.
  globalSetup: '<rootDir>/../../libs/testing/postgres-harness/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/testing/postgres-harness/src/jest/global-teardown.ts',
};
