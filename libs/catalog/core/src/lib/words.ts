import { foldAccents } from '@pricehunt/contracts';
import { isStorageSize } from '@pricehunt/catalog-matching';

/**
 * Text folded the way the FTS5 unicode61 tokenizer folds it: without accents, in lower case, a mark sign no letters
 * ("Switch™" is the word "switch", as the tokenizer splits it).
 */
export function foldText(text: string): string {
  return foldAccents(text);
}

/** The words of a text as the FTS5 unicode61 tokenizer splits them, in their order, repeats kept. */
export function textWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Turns free text into index words the way the FTS5 unicode61 tokenizer splits them, each once. */
export function indexWords(text: string): string[] {
  return [...new Set(textWords(text))];
}

/**
 * Units a shopper leaves out after a number: "galaxy s24 ultra 256" for its 256GB, "ipad air 11" for the 11-inch, "apple
 * watch 45" for the 45mm. Other units stay: "gopro 12" is no 12MP camera, "anker 65" no 65W charger.
 */
const LEFT_OUT_UNIT = /^(?:gb|tb|mm|in|inch|inches)$/;

/**
 * True when a listing's word is the typed number with a unit shoppers leave out (`LEFT_OUT_UNIT`): "256gb" of "256". A
 * size in gigabytes or terabytes is a storage size (`isStorageSize`): "oneplus 12" is no phone with 12GB of memory.
 */
export const withLeftOutUnit = (word: string, number: string): boolean => {
  if (word.length <= number.length || !word.startsWith(number)) return false;
  const unit = word.slice(number.length);
  return LEFT_OUT_UNIT.test(unit) && (!/^[gt]b$/.test(unit) || isStorageSize(number));
};
