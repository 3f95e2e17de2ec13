module.exports = {
  displayName: 'postgres-harness',
  preset: '../../../jest.preset.js',
  // initdb and a server start: on a busy machine longer than Jest's 5 s default.
  testTimeout: 60_000,
};
