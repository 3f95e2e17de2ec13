module.exports = {
  displayName: 'catalog-pricing',
  preset: '../../../jest.preset.js',
};
