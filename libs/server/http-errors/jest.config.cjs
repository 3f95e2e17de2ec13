module.exports = {
  displayName: 'http-errors',
  preset: '../../../jest.preset.js',
};
