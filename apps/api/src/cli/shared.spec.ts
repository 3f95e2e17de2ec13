import type { ImportSummary } from '@pricehunt/catalog-core';
import { CliError, formatImportSummary, readCommandLine } from './shared';

const summary = (overrides: Partial<ImportSummary> = {}): ImportSummary => ({
  runId: 'run-1',
  status: 'succeeded',
  rows: 3,
  inserted: 2,
  updated: 0,
  unchanged: 0,
  skipped: 1,
  productsCreated: 2,
  errors: [{ line: 4, field: 'price', reason: 'price is required' }],
  errorCount: 1,
  warnings: [],
  warningCount: 0,
  durationMs: 1500,
  offersPerSecond: 2,
  ...overrides,
});

describe('the import commands\' summary', () => {
  it('counts the values good rows were imported without, and lists them under the row errors', () => {
    const text = formatImportSummary('Import of feed.tsv (gmc)', summary({ warnings: [{ line: 2, field: 'gtin', reason: 'gtin "123" is not a valid GTIN; left out' }], warningCount: 1 }));
    expect(text).toMatch(/values left out of imported rows\s+1\n/);
    expect(text).toContain('Row errors (1 of 1;');
    expect(text).toContain('Values left out of imported rows (1 of 1;');
    expect(text.slice(text.indexOf('Values left out'))).toMatch(/\n\s*2\s+gtin\s+gtin "123" is not a valid GTIN; left out/);
  });

  it('says nothing more when no value was left out', () => {
    const text = formatImportSummary('Import of feed.tsv (gmc)', summary());
    expect(text).toMatch(/values left out of imported rows\s+0\n/);
    expect(text).not.toContain('Values left out of imported rows (');
  });
});

describe("a command's options", () => {
  const usage = 'Usage: npm run some:command -- --offers N';
  const config = (args: string[]) => ({ args, options: { offers: { type: 'string' as const } } });

  it('are read as parseArgs reads them', () => {
    expect(readCommandLine(config(['--offers', '12']), usage).values.offers).toBe('12');
  });

  it('are a usage error naming the option when one is unknown or lacks its value, with exit code 2', () => {
    expect(() => readCommandLine(config(['--bogus']), usage)).toThrow(CliError);
    expect(() => readCommandLine(config(['--bogus']), usage)).toThrow("Unknown option '--bogus'");
    expect(() => readCommandLine(config(['--offers']), usage)).toThrow(/--offers.*\n.*Usage: npm run some:command/s);
    try {
      readCommandLine(config(['--bogus']), usage);
    } catch (error) {
      expect((error as CliError).exitCode).toBe(2);
    }
  });
});
