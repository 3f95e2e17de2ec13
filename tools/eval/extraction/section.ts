/** One part of `npm run eval:extraction`: a corpus, the accuracy table for it, and its failures. */
export interface EvalSectionReport {
  /** Heading printed above the table. */
  title: string;
  header: string[];
  rows: string[][];
  /** Lines printed under `--verbose`, grouped by shop or source. */
  failures: Map<string, string[]>;
  /** Lines printed under the table (timings and the like). */
  notes?: string[];
}

/** Options of the command line that a section may honour. */
export interface EvalRunOptions {
  /** Only the corpus pages of this batch (1: the first 127 pages, which carry no `batch` mark). */
  batch?: number;
  /** Only the corpus pages whose source repository's name holds this (`product-extraction-benchmark`: Zyte's benchmark's). */
  source?: string;
  /**
   * Read each corpus page with its structured data taken out (`withoutMarkup`): how well the reader does from what the
   * page shows alone, as on a shop whose markup is missing or wrong.
   */
  withoutMarkup?: boolean;
  /**
   * Whose labels the pages are scored against: the corpus's (what a shopper reads on each page), or `annotations`, the
   * values a source's own annotators published, on the pages that have them (Zyte's benchmark's 48).
   */
  labels?: 'corpus' | 'annotations';
}

export interface EvalSection {
  name: string;
  run(options?: EvalRunOptions): EvalSectionReport | Promise<EvalSectionReport>;
}

export const pct = (correct: number, n: number) => (n === 0 ? '–' : `${((100 * correct) / n).toFixed(1)}% (${correct}/${n})`);
