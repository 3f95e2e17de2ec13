// Shared Jest preset: TypeScript and TSX through SWC, workspace path aliases from tsconfig.base.json.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = {};
for (const [alias, targets] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = path.join(__dirname, targets[0]);
}

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  moduleNameMapper: {
    ...moduleNameMapper,
    '\\.(css|svg|png)$': path.join(__dirname, 'tools/jest/style-stub.js'),
  },
  testMatch: ['**/?(*.)+(spec|test).[jt]s?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // A guard against a test that hangs: Jest's 5 s default fails sound tests when `npm test` runs browser tests and
  // database servers beside them on two cores. Projects whose tests drive servers set their own.
  testTimeout: 60_000,
  // ESM-only dependencies are compiled to CommonJS like our own sources: `cookie` 2, also where a package keeps its
  // own copy (node_modules/light-my-request/node_modules/cookie).
  transformIgnorePatterns: ['/node_modules/(?!cookie/)(?!.*/node_modules/cookie/)'],
};
