// The fleet: nginx in front of two API instances on a throwaway PostgreSQL cluster, Debian's Chromium.
module.exports = {
  displayName: 'cluster-e2e',
  preset: '../../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  testTimeout: 180000,
  maxWorkers: 1,
};
