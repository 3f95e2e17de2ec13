module.exports = {
  displayName: 'shop-server',
  preset: '../../../jest.preset.js',
};
