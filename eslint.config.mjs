import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';

// Packages that only the server may load. Browser scopes (shared, shopper, merchant, admin, extension) never import them.
const serverOnly = [
  'better-sqlite3',
  'drizzle-orm',
  'drizzle-orm/*',
  'drizzle-kit',
  'fastify',
  'fastify-plugin',
  'fastify-type-provider-zod',
  '@fastify/*',
  'nodemailer',
  'undici',
];
const uiPackages = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', '@tanstack/react-query'];

/**
 * Who may import whom (`@nx/enforce-module-boundaries` on the `scope:*` and `type:*` tags). `testCode`: the rules for a
 * server library's specs and test fixtures (`*.spec.ts`, `src/testing.ts`, `src/testing/`), which may also use the
 * test infrastructure (throwaway database servers) that production code never loads.
 */
function boundaries(testCode) {
  const serverMay = ['scope:shared', 'scope:server', ...(testCode ? ['scope:testing'] : [])];
  return [
    'error',
    {
      enforceBuildableLibDependency: true,
      allow: [],
      depConstraints: [
        // Scopes: who may use whom.
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'], bannedExternalImports: serverOnly },
        { sourceTag: 'scope:shopper', onlyDependOnLibsWithTags: ['scope:shared', 'scope:shopper'], bannedExternalImports: serverOnly },
        { sourceTag: 'scope:merchant', onlyDependOnLibsWithTags: ['scope:shared', 'scope:merchant'], bannedExternalImports: serverOnly },
        { sourceTag: 'scope:admin', onlyDependOnLibsWithTags: ['scope:shared', 'scope:admin'], bannedExternalImports: serverOnly },
        { sourceTag: 'scope:extension', onlyDependOnLibsWithTags: ['scope:shared', 'scope:extension'], bannedExternalImports: serverOnly },
        { sourceTag: 'scope:server', onlyDependOnLibsWithTags: serverMay, bannedExternalImports: uiPackages },
        { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server', 'scope:testing'], bannedExternalImports: uiPackages },
        { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:e2e', 'scope:testing'], bannedExternalImports: uiPackages },
        // Test infrastructure that the API's tests, browser tests and commands share (throwaway database servers).
        { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:testing'], bannedExternalImports: [...uiPackages, ...serverOnly] },
        // Types: layers.
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'] },
        { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing'] },
        { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:util'] },
        { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util'] },
        { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
        { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
        {
          sourceTag: 'type:util',
          onlyDependOnLibsWithTags: ['type:util'],
          bannedExternalImports: [...uiPackages, 'fastify', 'fastify-plugin', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'better-sqlite3'],
        },
      ],
    },
  ];
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/node_modules', '**/.nx', '**/tmp', '**/vite.config.*.timestamp*'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(false),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Relative to whichever config lints the file (the root's, or a project's that spreads it): only server-scoped
    // projects gain anything from it.
    files: ['**/*.spec.ts', '**/src/testing.ts', '**/src/testing/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(true) },
  },
  {
    // Type-aware rules for every TypeScript file. Each project's tsconfig.json includes its sources and its *.mts
    // build configuration; the few files no tsconfig includes (command-line scripts beside a library, drizzle-kit's
    // configuration) get the workspace's base compiler options.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['libs/catalog/core/scripts/*.ts', 'libs/server/storage/*.config.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      // The apps mount declarative routers (BrowserRouter, StaticRouter), whose navigate returns nothing: its type says
      // `void | Promise<void>` only because data routers return a promise.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] }],
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-unsafe-unary-minus': 'error',
      // Numbers and booleans read as themselves; so do null and undefined, which messages and test names show on purpose.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true, allowAny: true, allowRegExp: true, allowNever: false }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.jsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
];
