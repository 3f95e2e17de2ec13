import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  // The build configuration is workspace tooling, not app code: it shares tools/vite/app-config.mts by path.
  { files: ['vite.config.mts'], rules: { '@nx/enforce-module-boundaries': 'off' } },
];
