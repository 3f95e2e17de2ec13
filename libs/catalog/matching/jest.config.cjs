module.exports = {
  displayName: 'catalog-matching',
  preset: '../../../jest.preset.js',
};
