import { type TextSource, textChunks } from './stream';

/** One record of delimited text and the 1-based line it starts on. */
export interface DelimitedRecord {
  line: number;
  fields: string[];
  /** Set on the last record when the input ended inside a quoted field. */
  unterminated?: true;
}

export interface DelimitedOptions {
  /** Field separator: `,` for CSV, `\t` for TSV. */
  delimiter: string;
}

/**
 * Incremental RFC 4180 reader for CSV and TSV: quoted fields with `""` escapes, delimiters and line
 * breaks inside quotes, LF, CRLF and lone CR line ends, a leading byte-order mark. A quote inside an
 * unquoted field is kept as text (`65" TV`), as is anything after a closing quote. Blank lines are
 * skipped. Feed it chunks with `push` and finish with `end`; a chunk may end anywhere.
 */
export class DelimitedReader {
  private readonly delimiter: number;
  private fields: string[] = [];
  private field = '';
  private inQuotes = false;
  private quoted = false;
  private afterQuote = false;
  private skipLf = false;
  private started = false;
  private line = 1;
  private recordLine = 1;

  constructor(options: DelimitedOptions) {
    if (options.delimiter.length !== 1) throw new Error('delimiter must be one character');
    this.delimiter = options.delimiter.charCodeAt(0);
  }

  push(chunk: string): DelimitedRecord[] {
    const out: DelimitedRecord[] = [];
    let i = 0;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1;
    }
    while (i < chunk.length) {
      if (this.skipLf) {
        this.skipLf = false;
        if (chunk.charCodeAt(i) === 10) {
          i++;
          continue;
        }
      }
      i = this.inQuotes ? this.readQuoted(chunk, i) : this.readUnquoted(chunk, i, out);
    }
    return out;
  }

  /** Inside quotes from `i`: up to the next quote, or the quote itself (closing or escaped). Answers where to go on. */
  private readQuoted(chunk: string, i: number): number {
    const n = chunk.length;
    if (chunk.charCodeAt(i) === 34) {
      if (i + 1 < n && chunk.charCodeAt(i + 1) === 34) {
        this.field += '"';
        return i + 2;
      }
      this.inQuotes = false;
      this.afterQuote = true;
      // A quote at the end of the chunk: the next chunk tells whether it was escaped.
      if (i + 1 >= n) this.pendingQuote = true;
      return i + 1;
    }
    const next = chunk.indexOf('"', i);
    const end = next < 0 ? n : next;
    const piece = chunk.slice(i, end);
    this.field += piece;
    for (let k = piece.indexOf('\n'); k >= 0; k = piece.indexOf('\n', k + 1)) this.line++;
    return end;
  }

  /** Outside quotes at `i`: a delimiter, a line end, an opening quote or a plain run. Answers where to go on. */
  private readUnquoted(chunk: string, i: number, out: DelimitedRecord[]): number {
    const c = chunk.charCodeAt(i);
    const delimiter = this.delimiter;
    if (this.pendingQuote) {
      this.pendingQuote = false;
      if (c === 34) {
        // It was an escaped quote split across chunks.
        this.field += '"';
        this.inQuotes = true;
        this.afterQuote = false;
        return i + 1;
      }
    }
    if (c === delimiter) {
      this.endField();
      return i + 1;
    }
    if (c === 10 || c === 13) {
      this.endField();
      this.endRecord(out);
      this.line++;
      this.recordLine = this.line;
      if (c === 13) this.skipLf = true;
      return i + 1;
    }
    if (c === 34 && this.field === '' && !this.quoted && !this.afterQuote) {
      this.inQuotes = true;
      this.quoted = true;
      return i + 1;
    }
    // Plain run up to the next delimiter or line end.
    let j = i + 1;
    while (j < chunk.length) {
      const d = chunk.charCodeAt(j);
      if (d === delimiter || d === 10 || d === 13) break;
      j++;
    }
    this.field += chunk.slice(i, j);
    return j;
  }

  private pendingQuote = false;

  end(): DelimitedRecord[] {
    const out: DelimitedRecord[] = [];
    this.pendingQuote = false;
    const unterminated = this.inQuotes;
    if (this.field !== '' || this.fields.length > 0 || this.quoted) {
      this.endField();
      this.endRecord(out);
    }
    const last = out[out.length - 1];
    if (unterminated && last) last.unterminated = true;
    this.inQuotes = false;
    return out;
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
    this.quoted = false;
    this.afterQuote = false;
  }

  private endRecord(out: DelimitedRecord[]): void {
    const fields = this.fields;
    this.fields = [];
    if (fields.length === 1 && fields[0] === '') return;
    out.push({ line: this.recordLine, fields });
  }
}

/** Streams the records of CSV or TSV text. */
export async function* readDelimited(source: TextSource, options: DelimitedOptions): AsyncGenerator<DelimitedRecord> {
  const reader = new DelimitedReader(options);
  for await (const chunk of textChunks(source)) {
    yield* reader.push(chunk);
  }
  yield* reader.end();
}

/** Every record of a CSV or TSV string at once. */
export function parseDelimited(text: string, options: DelimitedOptions): DelimitedRecord[] {
  const reader = new DelimitedReader(options);
  return [...reader.push(text), ...reader.end()];
}

/** Delimiters an exported feed may use: Awin's Create-a-Feed offers comma, tab, pipe and semicolon. */
export const DELIMITER_CANDIDATES: readonly string[] = [',', '\t', '|', ';'];

/**
 * The delimiter of a header line: the candidate it holds most of outside quotes (the first candidate on a tie, and
 * when it holds none: a one-column header).
 */
export function sniffDelimiter(headerLine: string, candidates: readonly string[] = DELIMITER_CANDIDATES): string {
  const counts = new Map<string, number>(candidates.map((c) => [c, 0]));
  let inQuotes = false;
  for (const char of headerLine) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = candidates[0] ?? ',';
  for (const candidate of candidates) if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate;
  return best;
}

/**
 * Streams the records of CSV or TSV text whose delimiter is read from its first line (`sniffDelimiter`): the text is
 * held back until the first line break has arrived.
 */
export async function* readDelimitedSniffed(source: TextSource, candidates: readonly string[] = DELIMITER_CANDIDATES): AsyncGenerator<DelimitedRecord> {
  let reader: DelimitedReader | undefined;
  let head = '';
  for await (const chunk of textChunks(source)) {
    if (!reader) {
      head += chunk;
      const lineEnd = head.search(/[\r\n]/);
      if (lineEnd < 0) continue;
      reader = new DelimitedReader({ delimiter: sniffDelimiter(head.slice(0, lineEnd), candidates) });
      yield* reader.push(head);
      head = '';
      continue;
    }
    yield* reader.push(chunk);
  }
  if (!reader) {
    reader = new DelimitedReader({ delimiter: sniffDelimiter(head, candidates) });
    yield* reader.push(head);
  }
  yield* reader.end();
}
