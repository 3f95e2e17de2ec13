const os = require('node:os');

module.exports = {
  displayName: 'storage',
  preset: '../../../jest.preset.js',
  // Each domain's contract spec runs its cases on both engines: SQLite files and databases on one throwaway
  // PostgreSQL cluster per run, started by the first spec that asks for it; the teardown stops it.
  globalSetup: '<rootDir>/../../testing/postgres-harness/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../../testing/postgres-harness/src/jest/global-teardown.ts',
  // A guard against a test that hangs, not a measure of speed: fsyncs and the database server slow down many times
  // over when `npm test` runs browser tests beside this suite on two cores.
  testTimeout: 120_000,
  // The specs wait on disk syncs and the database server more than they compute.
  maxWorkers: os.availableParallelism(),
};
