// Browser test: the built extension in Debian's Chromium, a real API on a temporary database, fixture shops on 127.0.0.1.
module.exports = {
  displayName: 'extension-e2e',
  preset: '../../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  testTimeout: 60000,
  maxWorkers: 1,
};
