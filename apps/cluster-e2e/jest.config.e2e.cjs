// The fleet's browser test: nginx with the repository's configuration, two API instances of the production build on
// a throwaway PostgreSQL, the shopper app's build, Debian's Chromium.
module.exports = {
  displayName: 'cluster-e2e',
  preset: '../../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  testTimeout: 120000,
  maxWorkers: 1,
};
