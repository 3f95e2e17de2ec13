module.exports = {
  displayName: 'forwarding',
  preset: '../../../jest.preset.js',
};
