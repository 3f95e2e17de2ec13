import { spawnSync } from 'node:child_process';
import path from 'node:path';

const digestModule = path.join(__dirname, '../../scripts/failure-digest.mjs');

/** Runs the CI's failure digest (an ES module of the test runner) on a streamed Nx log. */
function digest(log: string): string {
  const script = `import { failureDigest } from ${JSON.stringify(digestModule)};
let text = ''; process.stdin.on('data', (c) => (text += c)); process.stdin.on('end', () => process.stdout.write(failureDigest(text)));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: log, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout;
}

describe('the failure digest printed at the end of a failed CI run', () => {
  it("keeps a failed test's report with its project's lines only, and leaves passing suites and console blocks out", () => {
    const log = [
      'shopper: PASS shopper src/a.spec.ts',
      'shopper: FAIL shopper src/routes/results.spec.tsx',
      'shopper:   ● results › shows the best price',
      'api: PASS api src/b.spec.ts',
      'shopper:     expect(received).toBe(expected)',
      'shopper:     Expected: 1',
      'shopper:   ● Console',
      'shopper:     console.log noise',
      'shopper: PASS shopper src/z.spec.ts',
      'shopper: Test Suites: 1 failed, 2 passed, 3 total',
    ].join('\n');
    expect(digest(log)).toBe(
      [
        'shopper: FAIL shopper src/routes/results.spec.tsx',
        '',
        'shopper:   ● results › shows the best price',
        'shopper:     expect(received).toBe(expected)',
        'shopper:     Expected: 1',
      ].join('\n'),
    );
  });

  it('keeps type and lint errors, and gives nothing for a log of passing suites', () => {
    expect(digest("api: src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\napi: PASS api src/y.spec.ts")).toBe(
      "api: src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(digest('api: PASS api src/y.spec.ts\napi: Tests: 3 passed, 3 total')).toBe('');
  });
});
