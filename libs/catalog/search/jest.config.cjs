module.exports = {
  displayName: 'catalog-search',
  preset: '../../../jest.preset.js',
};
