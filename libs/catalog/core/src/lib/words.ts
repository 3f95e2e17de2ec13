import { foldAccents } from '@pricehunt/contracts';

/**
 * Text folded the way the FTS5 unicode61 tokenizer folds it: without accents, in lower case, a mark sign no letters
 * ("Switch™" is the word "switch", as the tokenizer splits it).
 */
export function foldText(text: string): string {
  return foldAccents(text);
}

/** Turns free text into index words the way the FTS5 unicode61 tokenizer splits them. */
export function indexWords(text: string): string[] {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)];
}
