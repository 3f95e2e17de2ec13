import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createProjectGraphAsync } from '@nx/devkit';

const root = path.resolve(__dirname, '../../..');

/** Lints snippets as if each were a file at its path in the workspace and returns each one's boundary-rule messages. */
function boundaryErrors(snippets: ReadonlyArray<{ file: string; code: string }>): string[][] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-snippet.mjs')], {
    cwd: root,
    input: JSON.stringify(snippets.map(({ file, code }) => ({ file: path.join(root, file), code }))),
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as Array<Array<{ ruleId: string | null; message: string }>>;
  // A snippet left unlinted must not read as one with no errors.
  if (results.length !== snippets.length) throw new Error(`eslint answered ${results.length} of ${snippets.length} snippets`);
  return results.map((messages) => messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message));
}

const HARNESS = "import { sharedPostgresCluster } from '@pricehunt/postgres-harness';\nexport const x = sharedPostgresCluster;\n";
/** Each case: a file's path and its text. */
const SNIPPETS = {
  browserSqlite: { file: 'libs/shared/tracking/src/probe.ts', code: "import Database from 'better-sqlite3';\nexport const db = Database;\n" },
  browserServer: { file: 'libs/shared/ui/src/probe.ts', code: "import Fastify from 'fastify';\nimport { sql } from 'drizzle-orm';\nexport const x = [Fastify, sql];\n" },
  utilReact: { file: 'libs/shared/affiliate/src/probe.ts', code: "import { useState } from 'react';\nexport const x = useState;\n" },
  sharedShopper: { file: 'libs/shared/ui/src/probe.ts', code: "import * as d from '@pricehunt/direct-url';\nexport const x = d;\n" },
  apiSqlite: { file: 'apps/api/src/probe.ts', code: "import Database from 'better-sqlite3';\nexport const db = Database;\n" },
  specHarness: { file: 'libs/server/storage/src/lib/feeds/probe.spec.ts', code: HARNESS },
  fixtureHarness: { file: 'libs/server/storage/src/testing/probe.ts', code: HARNESS },
  productionHarness: { file: 'libs/server/storage/src/lib/feeds/probe.ts', code: HARNESS },
};

describe('module boundaries', () => {
  jest.setTimeout(60_000);
  let errors: Record<keyof typeof SNIPPETS, string[]>;
  beforeAll(() => {
    const names = Object.keys(SNIPPETS) as Array<keyof typeof SNIPPETS>;
    const results = boundaryErrors(names.map((name) => SNIPPETS[name]));
    errors = Object.fromEntries(names.map((name, i) => [name, results[i]])) as typeof errors;
  });

  it('fails lint when a browser library imports better-sqlite3', () => {
    expect(errors.browserSqlite.join('\n')).toMatch(/not allowed to import "better-sqlite3"/);
  });

  it('fails lint when a browser library imports fastify or drizzle', () => {
    expect(errors.browserServer).toHaveLength(2);
  });

  it('fails lint when a util library imports react', () => {
    expect(errors.utilReact.join('\n')).toMatch(/type:util" is not allowed to import "react"/);
  });

  it('fails lint when a shared library depends on a shopper library', () => {
    expect(errors.sharedShopper.join('\n')).toMatch(/scope:shared" can only depend on libs tagged with "scope:shared"/);
  });

  it('lets the API import the database driver', () => {
    expect(errors.apiSqlite).toEqual([]);
  });

  it('lets the specs and fixtures of a server library use the throwaway database servers, and not its production code', () => {
    expect(errors.specHarness).toEqual([]);
    expect(errors.fixtureHarness).toEqual([]);
    expect(errors.productionHarness.join('\n')).toMatch(/scope:server" can only depend on libs tagged with "scope:shared", "scope:server"/);
  });

  it('keeps every app independent of every other app in the project graph', async () => {
    const graph = await createProjectGraphAsync({ exitOnError: false });
    const apps = Object.values(graph.nodes)
      .filter((node) => node.type === 'app' && !node.name.endsWith('-e2e'))
      .map((node) => node.name);
    expect(apps).toEqual(expect.arrayContaining(['api', 'shopper', 'merchant-dashboard', 'admin']));
    for (const app of apps) {
      const deps = (graph.dependencies[app] ?? []).map((dep) => dep.target).filter((target) => apps.includes(target));
      expect({ app, deps }).toEqual({ app, deps: [] });
    }
  });
});
