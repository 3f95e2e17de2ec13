module.exports = {
  displayName: 'e2e-harness',
  preset: '../../../jest.preset.js',
};
