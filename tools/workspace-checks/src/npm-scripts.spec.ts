import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/**
 * The root scripts run TypeScript with tsx, which finds the workspace's `@pricehunt/*` aliases only through a
 * tsconfig that extends tsconfig.base.json. There is no tsconfig.json at the root, so a tsx command that names
 * none fails as soon as what it runs imports a library by its alias.
 */
function tsxWithoutTsconfig(scripts: Record<string, string>): string[] {
  return Object.entries(scripts)
    .filter(([, command]) => /TSX_TSCONFIG_PATH=/.test(command) === false)
    .filter(([, command]) => command.split(/&&|;|\|\|/).some((part) => /(^|[\s'])tsx\s/.test(part) && !/--tsconfig\s/.test(part)))
    .map(([name]) => name);
}

describe('root npm scripts', () => {
  it('name a tsconfig on every tsx command', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(tsxWithoutTsconfig(pkg.scripts)).toEqual([]);
  });

  it('finds a tsx command without a tsconfig anywhere in a chain', () => {
    expect(
      tsxWithoutTsconfig({
        a: "node x.mjs 'tsx tools/a.ts'",
        b: "node x.mjs 'tsx --tsconfig tools/tsconfig.json tools/b.ts'",
        c: "node x.mjs 'nx run-many -t build && tsx tools/c.ts'",
        d: "node x.mjs 'TSX_TSCONFIG_PATH=apps/api/tsconfig.json node --import tsx tools/d.ts'",
        e: "node x.mjs 'node ensure.mjs && tsx --tsconfig tools/tsconfig.json tools/e.ts'",
      }),
    ).toEqual(['a', 'c']);
  });
});
