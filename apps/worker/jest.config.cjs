module.exports = {
  displayName: 'worker',
  preset: '../../jest.preset.js',
  // Real databases, real HTTP servers on 127.0.0.1 and child processes: slower than Jest's 5 s default on a busy machine.
  testTimeout: 60_000,
  // The PostgreSQL cases share one throwaway cluster per run, started by the first of them (as the API's tests do).
  globalSetup: '<rootDir>/../../libs/testing/postgres-harness/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/testing/postgres-harness/src/jest/global-teardown.ts',
};
