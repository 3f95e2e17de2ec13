import { readDelimitedSniffed } from './delimited';
import type { FeedRow, RowError } from './offer';
import { FeedFormatError, type TextSource } from './stream';

/** A header's column names compared without case, spaces, underscores or punctuation: `CurrentPrice` is `current_price`. */
export function columnKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** One column of a header: where it is and its name as the file writes it (for error messages). */
export interface Column {
  index: number;
  name: string;
}

/** A feed's header row, looked up by `columnKey`. The first of two columns with one key wins. */
export class ColumnHeader {
  private readonly columns = new Map<string, Column>();

  constructor(readonly names: readonly string[]) {
    names.forEach((raw, index) => {
      const key = columnKey(raw);
      if (key && !this.columns.has(key)) this.columns.set(key, { index, name: raw.trim() });
    });
  }

  get width(): number {
    return this.names.length;
  }

  /** The first of `keys` the header has. */
  column(...keys: string[]): Column | undefined {
    for (const key of keys) {
      const column = this.columns.get(key);
      if (column) return column;
    }
    return undefined;
  }

  /** The first value among the columns `keys` name that is not blank, trimmed, with the column it came from. */
  pick(fields: readonly string[], ...keys: string[]): { value: string; column: Column } | undefined {
    for (const key of keys) {
      const column = this.columns.get(key);
      if (!column) continue;
      const value = fields[column.index]?.trim();
      if (value) return { value, column };
    }
    return undefined;
  }

  /** The name to report a field under: the first of `keys` the header has, else the first key. */
  nameOf(...keys: string[]): string {
    return this.column(...keys)?.name ?? keys[0] ?? 'row';
  }
}

/** A column the feed must have, or one of several that stand for each other. */
export interface RequiredColumn {
  /** Column keys (`columnKey` form), the first one named in the error. */
  keys: string[];
  /** How the error names it, e.g. `search_price (or store_price)`. */
  label: string;
}

export interface ColumnFeedSpec {
  /** The feed's name in errors, e.g. `Awin product feed`. */
  name: string;
  required: RequiredColumn[];
  /** The id column's name in duplicate errors. */
  idColumn(header: ColumnHeader): string;
  /** One data row into an offer or its errors. */
  row(header: ColumnHeader, fields: readonly string[], line: number): FeedRow;
}

/**
 * The reading every delimited feed with a header row shares: the delimiter read from the header line, the required
 * columns checked (a `FeedFormatError` naming those missing), then per row: a quoted field never closed and values
 * beyond the header's columns are row errors, and an id seen before is one (`duplicates the id on line N`).
 */
export async function* readColumnFeed(source: TextSource, spec: ColumnFeedSpec): AsyncGenerator<FeedRow> {
  let header: ColumnHeader | undefined;
  const seen = new Map<string, number>();
  for await (const record of readDelimitedSniffed(source)) {
    if (!header) {
      header = new ColumnHeader(record.fields);
      const missing = spec.required.filter((column) => !header?.column(...column.keys)).map((column) => column.label);
      if (missing.length > 0) {
        throw new FeedFormatError(
          `The header row of the ${spec.name} lacks the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
          'header',
          record.line,
        );
      }
      continue;
    }
    const line = record.line;
    if (record.unterminated) {
      yield { line, errors: [{ line, field: 'row', reason: 'has a quoted field that is never closed' }] };
      continue;
    }
    if (record.fields.slice(header.width).some((value) => value.trim() !== '')) {
      yield { line, errors: [{ line, field: 'row', reason: `has ${record.fields.length} columns but the header has ${header.width}` }] };
      continue;
    }
    const row = spec.row(header, record.fields, line);
    if (row.offer) {
      const first = seen.get(row.offer.externalId);
      if (first !== undefined) {
        yield { line, errors: [{ line, field: spec.idColumn(header), reason: `duplicates the id on line ${first}` }] };
        continue;
      }
      seen.set(row.offer.externalId, line);
    }
    yield row;
  }
  if (!header) throw new FeedFormatError(`The ${spec.name} is empty: expected a header row of column names`, 'header', 1);
}

/** Adds `warnings` to a good row (an errors row is returned as it is: its warnings no longer matter). */
export function withWarnings(row: FeedRow, warnings: RowError[]): FeedRow {
  if (!row.offer || warnings.length === 0) return row;
  return { ...row, warnings: [...warnings, ...(row.warnings ?? [])] };
}

const YES = new Set(['1', 'y', 'yes', 'true', 't']);
const NO = new Set(['0', 'n', 'no', 'false', 'f']);

/** `1`/`0`, `yes`/`no`, `true`/`false` (any case); undefined for anything else. */
export function flag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const word = value.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return undefined;
}
