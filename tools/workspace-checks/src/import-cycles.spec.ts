import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCycles, importGraph, importedSpecifiers, sourceFiles } from './import-cycles';

const root = path.resolve(__dirname, '../../..');

describe('import cycles', () => {
  jest.setTimeout(120_000);

  it('finds no circle of imports among the apps, libraries and tools', () => {
    const files = sourceFiles(root, ['apps', 'libs', 'tools']);
    const cycles = importCycles(importGraph(files, path.join(root, 'tsconfig.base.json')));
    expect(cycles.map((cycle) => cycle.map((file) => path.relative(root, file)))).toEqual([]);
  });

  it('finds a circle of two files, one through a third, and one of type imports', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
    try {
      const write = (name: string, text: string): string => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, text);
        return file;
      };
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "strict": true } }');
      const files = [
        write('a.ts', "import { b } from './b';\nexport const a = () => b;\n"),
        write('b.ts', "import { a } from './a';\nexport const b = () => a;\n"),
        write('c.ts', "export { d } from './d';\nexport const c = 1;\n"),
        write('d.ts', "import e from './e';\nexport const d = e;\n"),
        write('e.ts', "const { c } = require('./c');\nexport default c;\n"),
        write('f.ts', "import type { G } from './g';\nexport type F = G;\n"),
        write('g.ts', "import { type F } from './f';\nexport type G = F | 1;\n"),
        write('h.ts', "import { a } from './a';\nexport const h = a;\n"),
      ];
      const cycles = importCycles(importGraph(files, path.join(dir, 'tsconfig.json'))).map((cycle) => cycle.map((file) => path.basename(file)));
      expect(cycles.sort()).toEqual([
        ['a.ts', 'b.ts'],
        ['c.ts', 'd.ts', 'e.ts'],
        ['f.ts', 'g.ts'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads re-exports, dynamic imports and require calls', () => {
    expect(importedSpecifiers('x.ts', "export type { T } from './t';\nexport * from './u';\nconst m = import('./m');\nconst r = require('./r');\n")).toEqual(['./t', './u', './m', './r']);
  });
});
