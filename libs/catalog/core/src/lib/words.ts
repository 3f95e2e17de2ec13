/** Text folded the way the FTS5 unicode61 tokenizer folds it: without accents, in lower case. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Turns free text into index words the way the FTS5 unicode61 tokenizer splits them. */
export function indexWords(text: string): string[] {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)];
}
