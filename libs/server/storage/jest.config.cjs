const os = require('node:os');

module.exports = {
  displayName: 'storage',
  preset: '../../../jest.preset.js',
  // Each domain's contract spec runs its cases on both engines: SQLite files and databases on one throwaway
  // PostgreSQL cluster per run, started by the first spec that asks for it; the teardown stops it.
  globalSetup: '<rootDir>/../../testing/postgres-harness/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../../testing/postgres-harness/src/jest/global-teardown.ts',
  // Real scrypt hashing and fsyncs: on a busy machine a suite's setup can take longer than Jest's 5 s default.
  testTimeout: 30_000,
  // The specs wait on disk syncs and the database server more than they compute.
  maxWorkers: os.availableParallelism(),
};
