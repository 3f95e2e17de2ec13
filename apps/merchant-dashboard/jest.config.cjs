module.exports = {
  displayName: 'merchant-dashboard',
  preset: '../../jest.preset.js',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['../../tools/jest/setup-dom.js'],
  // A page driven through many typed keys and clicks outlasts Jest's 5 s default while other projects' tests share the
  // machine's two cores.
  testTimeout: 20_000,
};
