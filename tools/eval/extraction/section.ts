/** One part of `npm run eval:extraction`: a corpus, the accuracy table for it, and its failures. */
export interface EvalSectionReport {
  /** Heading printed above the table. */
  title: string;
  header: string[];
  rows: string[][];
  /** Lines printed under `--verbose`, grouped by shop or source. */
  failures: Map<string, string[]>;
}

export interface EvalSection {
  name: string;
  run(): EvalSectionReport | Promise<EvalSectionReport>;
}

export const pct = (correct: number, n: number) => (n === 0 ? '–' : `${((100 * correct) / n).toFixed(1)}% (${correct}/${n})`);
