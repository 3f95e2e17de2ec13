/** A CSV cell: a number is written as a number, a string as text, null and undefined as an empty cell. */
export type CsvCell = string | number | null | undefined;

/**
 * Every CSV export of the dashboard (analytics, attribution) is written by `toCsv`, and every text cell it
 * writes is neutralised: a spreadsheet (Excel, LibreOffice, Google Sheets, Numbers) reads no formula or command in it,
 * whichever separator the file is opened with (`,` or `;`).
 *
 * Text a spreadsheet could take for a formula or a command begins with one of `=`, `+`, `-`, `@` (OWASP, CSV
 * injection), their fullwidth forms `＝` `＋` `－` `＠` (which spreadsheets in East Asian locales read as the ASCII
 * sign), or any of them after characters a spreadsheet skips or a reader does not see: spaces and tabs, carriage
 * returns and line feeds, no-break and ideographic spaces, and the zero-width characters (U+200B–U+200D, U+2060,
 * U+FEFF). A text that begins with a tab or a carriage return is defused whatever follows.
 *
 * The files carry no comment line saying so: spreadsheets and CSV readers would take it for the header row, and a
 * download made in the browser has no HTTP header to carry it; this comment is the record.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\u00a0\u200b-\u200d\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

/** Quoted when holding a quote, a line break, or a separator: `,`, or `;` (the separator of many locales). */
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One cell of CSV text. The cell's type decides: a finite JS number is written as a number (a negative amount
 * stays `-12.5`); a string is text, whatever it looks like, so one that begins like a formula (see `FORMULA_START`)
 * is defused with a leading single quote (and then quoted). Cells holding a quote, a comma, a semicolon or a line
 * break are quoted (RFC 4180).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = String(value);
  if (FORMULA_START.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
