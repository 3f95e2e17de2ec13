import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createProjectGraphAsync } from '@nx/devkit';

const root = path.resolve(__dirname, '../../..');

/** Lints a snippet as if it were a file at `file` in the workspace and returns the boundary-rule messages. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-snippet.mjs'), path.join(root, file)], {
    cwd: root,
    input: code,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  const messages = JSON.parse(run.stdout) as Array<{ ruleId: string | null; message: string }>;
  return messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

describe('module boundaries', () => {
  jest.setTimeout(60_000);

  it('fails lint when a browser library imports better-sqlite3', async () => {
    const errors = await boundaryErrors('libs/shared/tracking/src/probe.ts', "import Database from 'better-sqlite3';\nexport const db = Database;\n");
    expect(errors.join('\n')).toMatch(/not allowed to import "better-sqlite3"/);
  });

  it('fails lint when a browser library imports fastify or drizzle', async () => {
    const errors = await boundaryErrors('libs/shared/ui/src/probe.ts', "import Fastify from 'fastify';\nimport { sql } from 'drizzle-orm';\nexport const x = [Fastify, sql];\n");
    expect(errors).toHaveLength(2);
  });

  it('fails lint when a util library imports react', async () => {
    const errors = await boundaryErrors('libs/shared/affiliate/src/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n");
    expect(errors.join('\n')).toMatch(/type:util" is not allowed to import "react"/);
  });

  it('fails lint when a shared library depends on a shopper library', async () => {
    const errors = await boundaryErrors('libs/shared/ui/src/probe.ts', "import * as d from '@pricehunt/direct-url';\nexport const x = d;\n");
    expect(errors.join('\n')).toMatch(/scope:shared" can only depend on libs tagged with "scope:shared"/);
  });

  it('lets the API import the database driver', async () => {
    expect(await boundaryErrors('apps/api/src/probe.ts', "import Database from 'better-sqlite3';\nexport const db = Database;\n")).toEqual([]);
  });

  it('lets the specs and fixtures of a server library use the throwaway database servers, and not its production code', async () => {
    const code = "import { sharedPostgresCluster } from '@pricehunt/postgres-harness';\nexport const x = sharedPostgresCluster;\n";
    expect(await boundaryErrors('libs/server/storage/src/lib/feeds/probe.spec.ts', code)).toEqual([]);
    expect(await boundaryErrors('libs/server/storage/src/testing/probe.ts', code)).toEqual([]);
    const production = await boundaryErrors('libs/server/storage/src/lib/feeds/probe.ts', code);
    expect(production.join('\n')).toMatch(/scope:server" can only depend on libs tagged with "scope:shared", "scope:server"/);
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
