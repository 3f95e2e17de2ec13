import { wordsMeaning } from './word-lists';

/**
 * What a shoe or garment is made of and what kind it is, in the languages of European shops (folded as `foldText`
 * folds them), by the English word: one boot listed in French and in Spanish ("Tiempo Genio II Cuir FG … chaussures",
 * "Tiempo Genio II Piel FG … zapatillas") says the same. A word that means skin as well ("piel", "pelle") means it on
 * both sides of a pair, so only listings in two languages read differently for it.
 */
const FOREIGN_KIND_WORDS: ReadonlyMap<string, string> = new Map([
  ...wordsMeaning('leather', 'leder cuir piel pelle leer couro skora'),
  ...wordsMeaning('shoes', 'schuhe chaussures zapatillas zapatos scarpe schoenen buty sapatos'),
]);

/** A title word that names a material or a kind of footwear in another language, as its English word ("cuir" → "leather"). */
export function englishKindWord(word: string): string | undefined {
  return FOREIGN_KIND_WORDS.get(word);
}
