module.exports = {
  displayName: 'api-client',
  preset: '../../../jest.preset.js',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['../../../tools/jest/setup-dom.js'],
};
