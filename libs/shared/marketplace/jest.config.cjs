module.exports = {
  displayName: 'marketplace',
  preset: '../../../jest.preset.js',
};
