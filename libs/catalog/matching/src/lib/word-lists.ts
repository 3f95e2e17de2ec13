/** Lists of words that mean one thing ("noir nero schwarz" → black): the entries of a map from each word to its meaning. */
export function wordsMeaning(meaning: string, words: string): [string, string][] {
  return words.split(' ').map((word) => [word, meaning]);
}
