#!/usr/bin/env node
// Creates the standard files of a workspace project:
//   node tools/scripts/scaffold-project.mjs <dir> <name> <tags,comma,separated> [--dom] [--app]
// project.json, tsconfig.json, jest.config.cjs, eslint.config.mjs and src/index.ts (libraries).
import fs from 'node:fs';
import path from 'node:path';

const [dir, name, tagList, ...flags] = process.argv.slice(2);
if (!dir || !name || !tagList) {
  console.error('usage: scaffold-project.mjs <dir> <name> <tags> [--dom] [--app]');
  process.exit(2);
}
const dom = flags.includes('--dom');
const app = flags.includes('--app');
const up = path.relative(dir, '.') || '.';
const tags = tagList.split(',');
fs.mkdirSync(path.join(dir, 'src'), { recursive: true });

const write = (file, text) => {
  const target = path.join(dir, file);
  if (fs.existsSync(target)) return;
  fs.writeFileSync(target, text);
};

write(
  'project.json',
  JSON.stringify(
    {
      name,
      $schema: `${up}/node_modules/nx/schemas/project-schema.json`,
      sourceRoot: `${dir}/src`,
      projectType: app ? 'application' : 'library',
      tags,
      targets: {
        typecheck: { command: `tsc -p ${dir}/tsconfig.json --noEmit`, cache: true, inputs: ['default', '^production'] },
      },
    },
    null,
    2,
  ) + '\n',
);
write(
  'tsconfig.json',
  JSON.stringify(
    {
      extends: `${up}/tsconfig.base.json`,
      compilerOptions: { types: dom ? ['node', 'jest', '@testing-library/jest-dom'] : ['node', 'jest'] },
      include: ['src/**/*.ts', 'src/**/*.tsx', '*.mts'],
    },
    null,
    2,
  ) + '\n',
);
write(
  'jest.config.cjs',
  `module.exports = {
  displayName: '${name}',
  preset: '${up}/jest.preset.js',
${dom ? `  testEnvironment: 'jsdom',\n  setupFilesAfterEnv: ['${up}/tools/jest/setup-dom.js'],\n` : ''}};
`,
);
write('eslint.config.mjs', `import baseConfig from '${up}/eslint.config.mjs';\n\nexport default [...baseConfig];\n`);
if (!app) write('src/index.ts', 'export {};\n');
console.log(`scaffolded ${name} in ${dir}`);
