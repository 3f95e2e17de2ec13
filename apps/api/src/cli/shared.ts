import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openCatalogDatabase, type CatalogDatabase, type Storage } from '@pricehunt/storage';
import { type ImportSummary, recoverInterruptedImports } from '@pricehunt/catalog-core';
import type { Logger } from '../lib/logger';
import { createMailer } from '@pricehunt/notifications';
import { createPriceAlertChecker, type AlertCheck } from '@pricehunt/notifications';
import { present } from '@pricehunt/contracts';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A command-line failure: printed without a stack trace, exit code 1 (2 for usage errors). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** A command's way into the configured database: its ports, the catalog services on it, and what closes it. */
export interface OpenCatalog extends CatalogDatabase {
  config: AppConfig;
}

/** Opens the database DATABASE_URL names (migrations applied, either engine) with the catalog services on it. */
export async function openCatalog(env: Record<string, string | undefined> = process.env): Promise<OpenCatalog> {
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
  const open = await openCatalogDatabase(config.database);
  // Imports left `running` by a process that is gone say so; a run another live process is doing is left alone.
  for (const run of await recoverInterruptedImports(open.storage.catalog)) {
    const stored = await open.storage.catalog.getImportRun(run.id);
    const inserted = (stored?.inserted ?? 0).toLocaleString('en-US');
    const updated = stored?.updated ? ` and the ${stored.updated.toLocaleString('en-US')} it updated` : '';
    console.warn(
      `Import run ${run.id} (${stored?.source ?? 'unknown source'}) was left running: ${run.reason}. ` +
        `Marked interrupted; the ${inserted} offers it inserted${updated} are live in the catalog.`,
    );
  }
  return { ...open, config };
}

/**
 * Checks shoppers' price alerts against the prices an import just wrote, with the configured mailer (SMTP, or the
 * outbox table the API's log prints).
 */
export function checkPriceAlerts(storage: Storage, config: AppConfig): Promise<AlertCheck> {
  // Outside production the outbox prints each email, as the API's log does.
  const log: Logger = { debug: () => undefined, info: (_obj, msg) => console.log(msg ?? ''), warn: (obj, msg) => console.warn(msg ?? '', obj), error: (obj, msg) => console.error(msg ?? '', obj) };
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outbox: storage.outbox, log, production: config.NODE_ENV === 'production' });
  return createPriceAlertChecker({ repo: storage.priceAlerts, mailer, log, shopperAppUrl: config.SHOPPER_APP_URL }).check();
}

export const formatAlertCheck = (check: AlertCheck) =>
  check.skipped
    ? 'Price alerts: not checked, another instance is checking them'
    : `Price alerts: ${check.checked} checked, ${check.sent} email${check.sent === 1 ? '' : 's'} sent, ${check.rearmed} re-armed${check.failed ? `, ${check.failed} emails failed (tried again at the next check)` : ''}`;

/** Formats rows as an aligned text table (numbers right-aligned). */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : cell)))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => String(row[column] ?? '').length)));
  const numeric = header.map(
    (_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number' || /^[-+]?[\d,.]+(%| ms| s)?$/.test(String(row[column]))),
  );
  const line = (row: Array<string | number>) =>
    row.map((cell, column) => (numeric[column] ? String(cell).padStart(present(widths[column])) : String(cell).padEnd(present(widths[column])))).join('  ');
  return [line(present(cells[0])), widths.map((width) => '─'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** The import summary and the first row errors, as printed by the import commands. */
export function formatImportSummary(title: string, summary: ImportSummary, maxErrors = 20): string {
  const seconds = summary.durationMs / 1000;
  const lines = [
    `${title}: ${summary.status}`,
    table(
      ['', 'value'],
      [
        ['rows read', summary.rows],
        ['offers inserted', summary.inserted],
        ['offers updated', summary.updated],
        ['offers unchanged', summary.unchanged],
        ['rows skipped (errors)', summary.skipped],
        ['values left out of imported rows', summary.warningCount],
        ['products created', summary.productsCreated],
        ['duration (s)', seconds.toFixed(1)],
        ['offers per second', summary.offersPerSecond],
      ],
    ),
  ];
  if (summary.failure) lines.push(`\nImport stopped: ${summary.failure}`);
  if (summary.errorCount > 0) {
    const shown = summary.errors.slice(0, maxErrors);
    lines.push(`\nRow errors (${shown.length} of ${summary.errorCount.toLocaleString('en-US')}; the import run ${summary.runId} keeps the first 1,000):`);
    lines.push(table(['line', 'field', 'reason'], shown.map((error) => [error.line, error.field, error.reason])));
  }
  if (summary.warningCount > 0) {
    const shown = summary.warnings.slice(0, maxErrors);
    lines.push(`\nValues left out of imported rows (${shown.length} of ${summary.warningCount.toLocaleString('en-US')}; the import run keeps the first 1,000):`);
    lines.push(table(['line', 'field', 'reason'], shown.map((warning) => [warning.line, warning.field, warning.reason])));
  }
  return lines.join('\n');
}

/**
 * A command's options as `parseArgs` reads them; an option it does not know, or one without its value, is a usage
 * error that names it ("Unknown option '--bogus'") above the command's usage, not a stack trace.
 */
export function readCommandLine<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    // Node's own error, of a realm of its own under test runners: known by its code.
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) throw new CliError(`${String(message)}\n${usage}`, 2);
    throw error;
  }
}

/** Runs a command's main function: CliError → message and exit code; anything else → stack and 1. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      if (error instanceof CliError) {
        console.error(error.message);
        process.exit(error.exitCode);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
