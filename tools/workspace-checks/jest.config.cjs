module.exports = {
  displayName: 'workspace-checks',
  preset: '../../jest.preset.js',
  // The pure parts of the command-line tools (tools/eval) are tested here too.
  roots: ['<rootDir>/src', '<rootDir>/../eval'],
};
