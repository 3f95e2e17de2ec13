import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProductionFile, longFiles, longFunctions, longFunctionsIn, MAX_FILE_LINES, MAX_FUNCTION_LINES } from './long-functions';

const root = path.resolve(__dirname, '../../..');

/** `file#name` of each long function, in order (a name twice in a file is listed twice). */
const keys = (found: { file: string; name: string }[]) => found.map((fn) => `${fn.file}#${fn.name}`).sort();

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('long functions', () => {
  jest.setTimeout(120_000);

  it(`finds no function over ${MAX_FUNCTION_LINES} lines in production code`, () => {
    expect(keys(longFunctions(root, ['apps', 'libs']))).toEqual([]);
  });

  it(`finds no production file over ${MAX_FILE_LINES} lines`, () => {
    expect(longFiles(root, ['apps', 'libs'])).toEqual([]);
  });

  it('counts a file by its lines', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-files-'));
    fs.mkdirSync(path.join(dir, 'libs'));
    fs.writeFileSync(path.join(dir, 'libs/short.ts'), 'const a = 1;\n'.repeat(MAX_FILE_LINES));
    fs.writeFileSync(path.join(dir, 'libs/long.ts'), 'const a = 1;\n'.repeat(MAX_FILE_LINES + 1));
    fs.writeFileSync(path.join(dir, 'libs/long.spec.ts'), 'const a = 1;\n'.repeat(MAX_FILE_LINES + 1));
    expect(longFiles(dir, ['libs'])).toEqual([{ file: 'libs/long.ts', lines: MAX_FILE_LINES + 1 }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('measures declarations, arrows, methods, React components and nested functions, each on its own', () => {
    const text = [
      `export function declared() {\n${body(81)}\n}`,
      `export const arrow = async () => {\n${body(78)}\n};`,
      `class Store {\n  method() {\n${body(90)}\n  }\n}`,
      `export function Page() {\n  const inner = () => {\n${body(85)}\n  };\n  return <div>{String(inner)}</div>;\n}`,
      `const service = {\n  handle: function () {\n${body(100)}\n  },\n};`,
      `app.get('/path', async () => {\n${body(82)}\n});`,
    ].join('\n');
    const found = longFunctionsIn('sample.tsx', text).map(({ name, lines }) => `${name}:${lines}`);
    expect(found).toEqual(['declared:83', 'method:92', 'Page:90', 'inner:87', 'handle:102', 'app.get(/path):84']);
  });

  it('counts apps and libraries but not tests, test fixtures or browser-test apps', () => {
    expect(isProductionFile('apps/api/src/app.ts')).toBe(true);
    expect(isProductionFile('libs/shared/ui/src/lib/chart.tsx')).toBe(true);
    expect(isProductionFile('apps/api/src/app.spec.ts')).toBe(false);
    expect(isProductionFile('apps/api/src/testing/test-app.ts')).toBe(false);
    expect(isProductionFile('libs/catalog/feeds/src/testing.ts')).toBe(false);
    expect(isProductionFile('libs/testing/feed-server/src/index.ts')).toBe(false);
    expect(isProductionFile('apps/shopper-e2e/src/search.spec.ts')).toBe(false);
    expect(isProductionFile('apps/shopper-e2e/src/support/pages.ts')).toBe(false);
  });
});
