module.exports = {
  displayName: 'workspace-checks',
  preset: '../../jest.preset.js',
};
