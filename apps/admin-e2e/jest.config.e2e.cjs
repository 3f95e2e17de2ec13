// Browser tests: real API on a temporary database, the built app served by `vite preview`, Debian's Chromium.
module.exports = {
  displayName: 'admin-e2e',
  preset: '../../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  testTimeout: 120000,
  // Each file starts its own stack on free ports and mostly waits on the browser: two run at once.
  maxWorkers: 2,
};
