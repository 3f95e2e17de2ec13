module.exports = {
  displayName: 'catalog-identity',
  preset: '../../../jest.preset.js',
};
