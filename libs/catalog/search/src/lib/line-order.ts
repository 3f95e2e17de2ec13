/**
 * The variants of one line listed together, smallest first. Typed words that name a line ("iphone 16 pro") fit each of
 * its variants alike, and the ranking orders them by how their shops' listings happen to be written: 1TB, 512GB,
 * 128GB, 1TB again. A product's line is its name outside the brackets that close it, where its variant is written
 * ("Apple iPhone 16 Pro (1TB, Natural Titanium)"), its model code read without the size it repeats (`lineWords`). The
 * line's variants follow the first of them the ranking lists, by their first quantity (storage, size), then by their
 * brackets' words. Words that name a variant ("iphone 16 pro 256gb", "… black") leave the ranking as it is: it lists
 * that variant first.
 */
import { extractQuantities, foldText } from '@pricehunt/catalog-matching';
import { indexWords } from '@pricehunt/catalog-core';

/** A name closed by its variant in brackets: the line before them, the variant inside. */
const CLOSING_BRACKETS = /^(.*\S)\s*\(([^()]+)\)\s*$/;

interface Placed<T> {
  product: T;
  line: string | null;
  variant: string;
}

/**
 * A line's words without the variant's figures that its model code repeats: a TV's code holds its size
 * ("QN65S90C" of the 65" one, "QN77S90C" of the 77"), so its sizes are one line ("qns90c").
 */
function lineWords(name: string, variant: string): string {
  const figures = variant.match(/\d+/g) ?? [];
  return indexWords(name)
    .map((word) => (/\p{L}/u.test(word) ? figures.reduce((code, figure) => code.replace(new RegExp(`(?<!\\d)${figure}(?!\\d)`), ''), word) : word))
    .join(' ');
}

function placed<T extends { title: string }>(product: T): Placed<T> {
  const m = CLOSING_BRACKETS.exec(product.title);
  if (!m) return { product, line: null, variant: '' };
  const variant = foldText(m[2] as string).toLowerCase();
  return { product, line: lineWords(m[1] as string, variant), variant };
}

/** Smallest first by the variant's first quantity (none last), then by its words. */
function byVariant<T>(a: Placed<T>, b: Placed<T>): number {
  const size = (entry: Placed<T>) => extractQuantities(entry.variant)[0]?.value ?? Number.POSITIVE_INFINITY;
  const bySize = size(a) - size(b);
  if (bySize !== 0 && !Number.isNaN(bySize)) return bySize;
  return a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0;
}

/**
 * The words of a search that lists lines in order (`linesTogether`): the words typed, with their correction; null for a
 * pasted link's answer, and for typed words that ask for the cheapest first.
 */
export function typedLineWords(body: { url?: string; query?: string }, found: { cheapestFirst: boolean; correctedQuery: string | null }): string | null {
  return body.url === undefined && !found.cheapestFirst ? `${body.query ?? ''} ${found.correctedQuery ?? ''}` : null;
}

/**
 * `products` as ranked, each line's variants together where its first is, in size order (`typed`: the words typed;
 * null keeps the ranking's order).
 */
export function linesTogether<T extends { title: string }>(products: readonly T[], typed: string | null): T[] {
  if (typed === null) return [...products];
  const entries = products.map(placed);
  const typedWords = new Set(indexWords(typed));
  const namesVariant = entries.some((entry) => entry.line !== null && indexWords(entry.variant).some((word) => typedWords.has(word)));
  if (namesVariant) return [...products];
  const lines = new Map<string, Placed<T>[]>();
  for (const entry of entries) if (entry.line !== null) lines.set(entry.line, [...(lines.get(entry.line) ?? []), entry]);
  const out: T[] = [];
  const done = new Set<string>();
  for (const entry of entries) {
    if (entry.line === null) out.push(entry.product);
    else if (!done.has(entry.line)) {
      done.add(entry.line);
      out.push(...(lines.get(entry.line) ?? []).sort(byVariant).map((member) => member.product));
    }
  }
  return out;
}
