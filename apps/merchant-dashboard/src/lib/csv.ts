/** A CSV cell: a number is written as a number, a string as text, null and undefined as an empty cell. */
export type CsvCell = string | number | null | undefined;

/**
 * Text a spreadsheet could take for a formula or a command begins with one of these (OWASP, CSV injection):
 * `=`, `+`, `-`, `@`, a tab or a carriage return.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of CSV text. The cell's type decides: a finite JS number is written as a number (a negative amount
 * stays `-12.5`); a string is text, whatever it looks like, so one that begins like a formula is defused with a
 * leading single quote (and then quoted). Cells holding a quote, a comma or a line break are quoted (RFC 4180).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = String(value);
  if (FORMULA_START.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text (RFC 4180 quoting, formulas defused: see `csvCell`) of a header row and data rows. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** An amount in cents as a number of currency units (12.5 for 1250), for a CSV cell. */
export function centsToUnits(cents: number): number {
  return Math.round(cents) / 100;
}

/** Offers `text` as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
