/**
 * The public product-extraction benchmark's metric over pages: its fields, and per field the true and false positives
 * and misses summed over the pages, as precision, recall and F1.
 */

/**
 * Fields scored as the public product-extraction benchmark scores them: per page at most one predicted value and any
 * number of right ones; a right prediction is a true positive, a wrong one a false positive (and a false negative when
 * the page has a value), a missing one a false negative where the page has a value. Price by decimal value (currency
 * not scored), identifiers after folding case and spaces, availability as InStock/OutOfStock (no answer is a miss, as
 * in the benchmark's own scoring), and InStock and OutOfStock each on their own.
 */
export type MetricField = 'price' | 'sku' | 'availability' | 'InStock' | 'OutOfStock' | 'brand' | 'gtin' | 'mpn' | 'stockState' | 'condition' | 'shipping' | 'image' | 'attributes';
/** The benchmark's fields, then the reader's own: the six schema.org stock states, and the fields read by hand on some pages. */
export const METRIC_FIELDS: readonly MetricField[] = ['price', 'sku', 'availability', 'InStock', 'OutOfStock', 'brand', 'gtin', 'mpn', 'stockState', 'condition', 'shipping', 'image', 'attributes'];

export interface MetricScore {
  tp: number;
  fp: number;
  fn: number;
  /** Pages that have a value for the field. */
  support: number;
  precision: number;
  recall: number;
  f1: number;
}

/** What a page expects and what the reader said, per field, as the metric compares them. */
export type MetricValues = Partial<Record<MetricField, { expected: string[]; got: string | null }>>;

function matching(trueValues: string[], predicted: string | null): [number, number, number] {
  if (predicted === null) return [0, 0, trueValues.length > 0 ? 1 : 0];
  if (trueValues.includes(predicted)) return [1, 0, 0];
  return [0, 1, trueValues.length > 0 ? 1 : 0];
}

function metricOf(tp: number, fp: number, fn: number, support: number): MetricScore {
  const precision = fp === 0 && fn === 0 ? 1 : tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = fp === 0 && fn === 0 ? 1 : tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, support, precision, recall, f1 };
}

/**
 * The metric over pages' values: per field, true and false positives and misses summed over the pages, and the pages
 * where a field was not a true positive alone. A page without values (null) is not scored.
 */
export function tallyMetric<P>(scored: Iterable<readonly [P, MetricValues | null]>): { fields: Record<MetricField, MetricScore>; errors: { page: P; field: MetricField; expected: string[]; got: string | null }[] } {
  const counts = Object.fromEntries(METRIC_FIELDS.map((f) => [f, [0, 0, 0, 0]])) as Record<MetricField, [number, number, number, number]>;
  const errors: { page: P; field: MetricField; expected: string[]; got: string | null }[] = [];
  for (const [page, values] of scored) {
    if (!values) continue;
    for (const field of METRIC_FIELDS) {
      const value = values[field];
      if (!value) continue;
      const { expected, got } = value;
      const [tp, fp, fn] = matching(expected, got);
      const c = counts[field];
      c[0] += tp;
      c[1] += fp;
      c[2] += fn;
      if (expected.length > 0) c[3]++;
      if (fp + fn > 0) errors.push({ page, field, expected, got });
    }
  }
  return { fields: Object.fromEntries(METRIC_FIELDS.map((f) => [f, metricOf(...counts[f])])) as Record<MetricField, MetricScore>, errors };
}
