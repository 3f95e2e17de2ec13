import type { ProductDetailResponse, ProductSummary } from '@pricehunt/contracts';

type Variant = ProductDetailResponse['variants'][number];

/** One value of a row: the version it leads to (the shown one's other parts kept where a version has them). */
export interface VariantOption {
  value: string;
  target: ProductSummary;
  /** The value is the shown version's. */
  current: boolean;
  /** The target keeps every other part of the shown version; false where no version has this value with them. */
  exact: boolean;
}

/** A part of the variants, as a row of choices: its name and values. */
export interface VariantRow {
  label: string;
  options: VariantOption[];
}

/** Colour words that name a row of finishes "Colour". */
const COLOUR_WORD =
  /\b(?:black|white|silver|gr[ae]y|blue|red|green|pink|gold|purple|yellow|orange|titanium|natural|desert|graphite|midnight|starlight|rose|bronze|beige|brown|teal|navy|cream|ultramarine|obsidian|porcelain|hazel|violet|lavender|mint|coral|charcoal)\b/i;

/** What a row of values is: memory, storage, a size, a colour, or an option. */
function rowLabel(values: readonly string[]): string {
  if (values.every((value) => /\b(?:ram|memory)\b/i.test(value))) return 'Memory';
  if (values.every((value) => /^\d+(?:\.\d+)?\s*(?:gb|tb)\b/i.test(value))) return 'Storage';
  if (values.every((value) => /^\d+(?:\.\d+)?\s*(?:["”]|-?inch|in\b)/i.test(value))) return 'Size';
  if (values.every((value) => /\d/.test(value))) return 'Size';
  return values.every((value) => COLOUR_WORD.test(value)) ? 'Colour' : 'Option';
}

const priceOf = (product: ProductSummary) => product.bestPriceCents ?? Number.POSITIVE_INFINITY;

/**
 * The line's versions as rows of choices, one per part of their variants ("128GB, Black Titanium": storage, then
 * colour), each value leading to the version with the shown one's other parts, else to the cheapest version of that
 * value; null where the variants are not all written in the same number of parts, or in one part only (then each
 * version is a choice of its own), or where the shown product is not among them.
 */
export function variantRows(variants: readonly Variant[], currentId: number): VariantRow[] | null {
  const parts = variants.map((entry) => entry.variant.split(/\s*,\s*/).filter(Boolean));
  const width = parts[0]?.length ?? 0;
  const current = variants.findIndex((entry) => entry.product.id === currentId);
  if (width < 2 || current < 0 || parts.some((p) => p.length !== width)) return null;
  const shown = parts[current] as string[];
  const rows: VariantRow[] = [];
  for (let at = 0; at < width; at++) {
    const values = [...new Set(parts.map((p) => p[at] as string))];
    if (values.length < 2) continue;
    const options = values.map((value) => {
      const withValue = variants.filter((_, index) => parts[index]?.[at] === value);
      const exact = variants.find((_, index) => (parts[index] as string[]).every((part, k) => (k === at ? part === value : part === shown[k])));
      const cheapest = withValue.reduce((best, entry) => (priceOf(entry.product) < priceOf(best.product) ? entry : best));
      return { value, target: (exact ?? cheapest).product, current: value === shown[at], exact: exact !== undefined };
    });
    rows.push({ label: rowLabel(values), options });
  }
  return rows.length > 0 ? rows : null;
}
