import { normaliseModel } from '@pricehunt/catalog-matching';
import type { ProductReads, SearchIndexRepository, SuggestionCandidate } from './ports';
import { indexWords } from './words';

/** Offers (newest first) whose products are ranked for the suggestions: enough to hold the few best of a prefix. */
const CANDIDATE_OFFERS = 400;
/** The most words of the typed text that are looked at (the first ones). */
const MAX_WORDS = 8;
/** The fewest characters of a model number being typed that suggest the products stating it. */
const MODEL_PREFIX = 4;


/**
 * How well a product title answers what is being typed: 3 when the title begins with the words (the last one may be
 * unfinished: "apple wa" → "Apple Watch SE …"), 2 when it holds them all in that order, 1 when it holds them all,
 * 0 when only other offers of the product do.
 */
export function suggestionScore(title: string, words: readonly string[]): number {
  const titleWords = indexWords(title);
  const last = words.length - 1;
  const fits = (titleWord: string | undefined, index: number) =>
    titleWord !== undefined && (index === last ? titleWord.startsWith(words[index] ?? '') : titleWord === words[index]);
  if (words.every((_, index) => fits(titleWords[index], index))) return 3;
  let from = 0;
  let inOrder = true;
  for (let index = 0; index < words.length; index++) {
    const at = titleWords.findIndex((word, position) => position >= from && fits(word, index));
    if (at === -1) {
      inOrder = false;
      break;
    }
    from = at + 1;
  }
  if (inOrder) return 2;
  return words.every((_, index) => titleWords.some((word) => fits(word, index))) ? 1 : 0;
}

/**
 * Suggestions for a search box: the products whose offers carry the typed words, the last one as a prefix, found
 * through the full-text index among the newest matching offers and ordered by `suggestionScore`, then by how many
 * retailers sell them.
 */
export function createSuggester(deps: { index: Pick<SearchIndexRepository, 'productsCarrying'>; catalog: Pick<ProductReads, 'productsWithModelKeyPrefix'> }) {
  const { index, catalog } = deps;

  /**
   * Products whose offers state the model number being typed as the last word, written with or without its dashes
   * ("sms12" → SM-S129B-MN4), and that hold the other words in their titles.
   */
  const byModelNumber = async (text: string): Promise<SuggestionCandidate[]> => {
    const tokens = text.trim().split(/\s+/);
    const key = normaliseModel(tokens.at(-1));
    if (!key || key.length < MODEL_PREFIX || !/[A-Z]/.test(key) || !/\d/.test(key)) return [];
    const others = indexWords(tokens.slice(0, -1).join(' '));
    return (await catalog.productsWithModelKeyPrefix(key, CANDIDATE_OFFERS)).filter((candidate) => {
      const titleWords = new Set(indexWords(candidate.title));
      return others.every((word) => titleWords.has(word));
    });
  };

  return {
    /** Product ids, best first: the titles that fit the words, then the products stating the model number being typed. */
    async suggest(text: string, limit: number): Promise<number[]> {
      const words = indexWords(text).slice(0, MAX_WORDS);
      const prefix = words.at(-1);
      // One letter matches too much to say anything.
      if (!prefix || (words.length === 1 && prefix.length < 2)) return [];
      const ids = (await index.productsCarrying(words.slice(0, -1), prefix, CANDIDATE_OFFERS))
        .map((candidate) => ({ ...candidate, score: suggestionScore(candidate.title, words) }))
        .sort((a, b) => b.score - a.score || b.offerCount - a.offerCount || a.title.localeCompare(b.title))
        .slice(0, limit)
        .map((candidate) => candidate.productId);
      if (ids.length >= limit) return ids;
      const coded = (await byModelNumber(text)).sort((a, b) => b.offerCount - a.offerCount || a.title.localeCompare(b.title));
      for (const candidate of coded) {
        if (ids.length >= limit) break;
        if (!ids.includes(candidate.productId)) ids.push(candidate.productId);
      }
      return ids;
    },
  };
}

export type Suggester = ReturnType<typeof createSuggester>;
