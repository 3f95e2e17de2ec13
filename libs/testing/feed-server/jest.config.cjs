module.exports = {
  displayName: 'feed-server',
  preset: '../../../jest.preset.js',
};
