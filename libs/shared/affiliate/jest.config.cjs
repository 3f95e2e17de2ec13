module.exports = {
  displayName: 'affiliate',
  preset: '../../../jest.preset.js',
};
