module.exports = {
  displayName: 'catalog-core',
  preset: '../../../jest.preset.js',
};
