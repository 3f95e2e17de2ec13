import { holdsAtJoins, indexWords, type CatalogRepository, type SearchIndexRepository } from '@pricehunt/catalog-core';
import { namedBy, withoutInches } from './model-code';

/**
 * A line typed by its series code alone ("qn90d", "samsung s90c", "qn90 65"): makers of TVs and appliances write the
 * size into each model's number (QN65QN90D is the 65-inch set of the QN90D line, XR65A80L the 65-inch A80L), so no
 * offer carries the series as a word of its own. A typed word of letters and digits that no offer carries names the
 * codes of the index that hold it between their joins (`codesHolding`); the products whose offers carry one of those
 * codes and whose names hold the other typed words (`namedBy`), or whose code holds them ("qn90d 65": QN65QN90D), are
 * what the words find, listed by name so that a line's sizes come in order.
 */

/**
 * The most codes a typed piece may stand for: a line's sizes over a few years, each also as its shops' part number
 * ("qn65qn90d" and "qn65qn90dafxza"). A piece that more codes hold names no line.
 */
export const HELD_CODES_MAX = 24;

/** A series code typed: a maker's letters, a number of two or three digits, a year's or edition's letters ("s95d"). */
const SERIES_CODE = /^(\p{L}{1,3})(\d{2,3})(\p{L}{0,2})$/u;

/** How far from the typed number a nearest series is looked for ("s95d": the S90D, five away). */
const NEAREST_SERIES_SPAN = 10;

export interface HeldCodeDeps {
  /** The index's model codes that hold a typed piece (the spelling corrector's `codesHolding`). */
  codesHolding: (piece: string) => string[];
  index: Pick<SearchIndexRepository, 'productsCarrying' | 'offerCounts'>;
  catalog: Pick<CatalogRepository, 'getProducts'>;
  /** The most products listed. */
  limit: number;
}

export function createHeldCodeLookup(deps: HeldCodeDeps) {
  const { codesHolding, index, catalog, limit } = deps;

  /** Products with an offer carrying one of the codes, whose names or that code hold the other words; by name. */
  async function carryingAny(codes: readonly string[], rest: readonly string[]): Promise<number[]> {
    const restOf = new Map<number, string[]>();
    for (const code of codes) {
      const unheld = rest.filter((word) => !holdsAtJoins(code, word));
      for (const found of await index.productsCarrying([], code, limit)) {
        const before = restOf.get(found.productId);
        if (!before || unheld.length < before.length) restOf.set(found.productId, unheld);
      }
    }
    const products = await catalog.getProducts([...restOf.keys()]);
    const named = [...products.values()].filter((product) => namedBy(restOf.get(product.id) ?? rest, product));
    return named
      .sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true }) || a.id - b.id)
      .slice(0, limit)
      .map((product) => product.id);
  }

  return {
    /** The products a series code among the typed words names (see above); empty when none does. */
    async productsHolding(query: string): Promise<number[]> {
      const words = withoutInches(indexWords(query));
      const counts = await index.offerCounts(words);
      for (const [at, word] of words.entries()) {
        if ((counts.get(word) ?? 0) > 0) continue;
        const codes = codesHolding(word);
        if (codes.length === 0 || codes.length > HELD_CODES_MAX) continue;
        const found = await carryingAny(codes, words.filter((_, other) => other !== at));
        if (found.length > 0) return found;
      }
      return [];
    },

    /**
     * A series code typed that no code holds ("samsung s95d", where the catalog sells the S90D): the products of the
     * nearest series by number with the same letters around it, as `productsHolding` finds a series, nearest first
     * and the lower of two as near; empty when none is within `NEAREST_SERIES_SPAN`.
     */
    async nearestSeries(query: string): Promise<number[]> {
      const words = withoutInches(indexWords(query));
      for (const [at, word] of words.entries()) {
        const [, letters, digits, after] = SERIES_CODE.exec(word) ?? [];
        if (letters === undefined || digits === undefined || codesHolding(word).length > 0) continue;
        const number = Number(digits);
        for (let step = 1; step <= NEAREST_SERIES_SPAN; step++) {
          for (const near of [number - step, number + step]) {
            const codes = near > 0 ? codesHolding(`${letters}${String(near).padStart(digits.length, '0')}${after}`) : [];
            if (codes.length === 0 || codes.length > HELD_CODES_MAX) continue;
            const found = await carryingAny(codes, words.filter((_, other) => other !== at));
            if (found.length > 0) return found;
          }
        }
      }
      return [];
    },
  };
}

export type HeldCodeLookup = ReturnType<typeof createHeldCodeLookup>;
