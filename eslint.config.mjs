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
    files: ['**/*.tsx', '**/*.jsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
];
