module.exports = {
  displayName: 'catalog-feeds',
  preset: '../../../jest.preset.js',
};
