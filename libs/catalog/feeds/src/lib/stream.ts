import type { FeedParseResult, FeedProgress, FeedRow, StreamOptions } from './offer';

/** Text input in pieces: a whole string, or chunks of text or bytes (a file stream, a fetch body). */
export type TextSource = string | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/** Yields the source as decoded text chunks (UTF-8 across chunk boundaries). */
export async function* textChunks(source: TextSource): AsyncGenerator<string> {
  if (typeof source === 'string') {
    yield source;
    return;
  }
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source as AsyncIterable<string | Uint8Array>) {
    if (typeof chunk === 'string') yield chunk;
    else {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Counts rows as they pass and reports progress every `progressEvery` rows and once at the end. */
export async function* withProgress(rows: AsyncIterable<FeedRow>, options: StreamOptions = {}): AsyncGenerator<FeedRow> {
  const every = Math.max(1, options.progressEvery ?? 1000);
  const progress: FeedProgress = { rows: 0, offers: 0, errors: 0 };
  for await (const row of rows) {
    progress.rows++;
    if (row.offer) progress.offers++;
    else progress.errors++;
    yield row;
    if (options.onProgress && progress.rows % every === 0) options.onProgress({ ...progress });
  }
  options.onProgress?.({ ...progress });
}

/** Gathers a row stream into the `{ offers, errors, total }` result. */
export async function collectRows(rows: AsyncIterable<FeedRow> | Iterable<FeedRow>): Promise<FeedParseResult> {
  const result: FeedParseResult = { offers: [], errors: [], total: 0 };
  for await (const row of rows) {
    result.total++;
    if (row.offer) result.offers.push(row.offer);
    else result.errors.push(...row.errors);
  }
  return result;
}

/** A problem with the whole input (no header, wrong root element) rather than with one row. */
export class FeedFormatError extends Error {
  constructor(
    message: string,
    readonly field: string,
    readonly line = 1,
  ) {
    super(message);
    this.name = 'FeedFormatError';
  }
}
