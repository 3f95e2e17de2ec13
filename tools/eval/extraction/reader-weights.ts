/**
 * The page reader's measured confidences: per reader and field, how often its answer is right on the corpus of real
 * saved pages. The judge weighs candidates by this table (libs/catalog/identity/src/lib/reader/weights.ts); `--verbose`
 * prints it as that file's literal.
 */
import { loadPageCorpus, measureSourceWeights } from '@pricehunt/catalog-identity/testing';
import type { EvalSection } from './section';

export function readerWeightsSection(): EvalSection {
  return {
    name: 'reader-weights',
    run() {
      const measured = measureSourceWeights(loadPageCorpus());
      const rows: string[][] = [];
      const literal: string[] = [];
      for (const [reader, fields] of Object.entries(measured)) {
        const entries = Object.entries(fields);
        for (const [field, t] of entries) rows.push([reader, field, `${t.right}/${t.said}`, t.weight.toFixed(3)]);
        if (entries.length > 0) literal.push(`  '${reader}': { ${entries.map(([f, t]) => `${f}: ${t.weight.toFixed(3)}`).join(', ')} },`);
      }
      return {
        title: 'Page readers: right answers per field on the corpus, and the weight the judge gives them',
        header: ['reader', 'field', 'right/said', 'weight'],
        rows,
        failures: new Map([['weights.ts literal', literal]]),
      };
    },
  };
}
