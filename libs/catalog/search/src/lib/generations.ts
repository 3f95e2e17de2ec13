import { indexWords } from '@pricehunt/catalog-core';

/**
 * A model's generation as shoppers type it and as listings write it: "canon r6 mark 2", "r6 mk2" or "r6 mkii" for
 * the EOS R6 Mark II, "sony alpha 7 4" for the Alpha 7 IV, "g7 x mark 3" for the G7 X Mark III, "airpods pro 2nd gen"
 * for the AirPods Pro 2. Typed words that find little are searched once more with the generation written the other way
 * (`generationSpelling`); the search keeps that only when what it finds holds every word, as for a brand's other name.
 */

/** Roman numerals of the generations written so (II to IX; a "X" is as often a letter of a model's name). */
const ROMAN = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'];
const FIRST = 2;
const LAST = ROMAN.length - 1;

/** The generation a word writes as a number or a Roman numeral (2 to 9), or null. */
export function generationOf(word: string): number | null {
  const number = /^\d$/.test(word) ? Number(word) : ROMAN.indexOf(word);
  return number >= FIRST && number <= LAST ? number : null;
}

/** "mk", "mk2", "mkii", "mark2", "markii" as the words "mark" and the generation. */
function markWords(word: string): string[] {
  if (word === 'mk') return ['mark'];
  const [, generation] = /^(?:mk|mark)(\d|[iv]+)$/.exec(word) ?? [];
  return generation !== undefined && generationOf(generation) !== null ? ['mark', generation] : [word];
}

/** The generation written the other way: a number as a Roman numeral, a Roman numeral as a number. */
function otherWay(word: string): string {
  const generation = generationOf(word);
  if (generation === null) return word;
  return /^\d$/.test(word) ? (ROMAN[generation] ?? word) : String(generation);
}

/** A generation's words: an ordinal ("2nd", "12th"), and "gen" or "generation" after it. */
export const ORDINAL_WORD = /^(\d{1,2})(?:st|nd|rd|th)$/i;
export const GENERATION_WORD = /^gen(?:eration)?$/i;

/**
 * A generation written as an ordinal and "gen" or "generation" ("2nd gen"), or as an ordinal that ends the words after
 * a name ("airpods pro 2nd"): its number, as listings write it; null when none is. An ordinal before other words ("1st
 * aid kit") is no generation.
 */
function ordinalGenerations(words: readonly string[]): string[] | null {
  const out: string[] = [];
  let read = false;
  for (let at = 0; at < words.length; at++) {
    const [, number] = ORDINAL_WORD.exec(words[at] ?? '') ?? [];
    const last = at === words.length - 1 && at > 0;
    if (number !== undefined && (GENERATION_WORD.test(words[at + 1] ?? '') || last)) {
      out.push(number);
      read = true;
      if (!last) at++;
    } else out.push(words[at] ?? '');
  }
  return read ? out : null;
}

/**
 * The typed words with the word after an ordinal written as listings write it the other way: "gen" as "generation",
 * "generation" as "gen" ("echo dot 5th generation" for the "Echo Dot (5th Gen)"). The same words, so an answer found so
 * says no other words were searched; null when no ordinal is followed by either.
 */
export function generationWordOtherWay(text: string): string | null {
  const typed = indexWords(text);
  let changed = false;
  const words = typed.map((word, at) => {
    if (at === 0 || !ORDINAL_WORD.test(typed[at - 1] ?? '') || !GENERATION_WORD.test(word)) return word;
    changed = true;
    return word === 'gen' ? 'generation' : 'gen';
  });
  return changed ? words.join(' ') : null;
}

/**
 * The typed words with a generation typed as an ordinal written as its number ("airpods pro 2nd gen" as "airpods pro
 * 2"), else with "mark" written out and the generation after it in Roman numerals, else the last generation typed
 * written the other way (index words, lower case); null when that changes nothing.
 */
export function generationSpelling(text: string): string | null {
  const typed = indexWords(text);
  const ordinals = ordinalGenerations(typed);
  if (ordinals) return ordinals.join(' ');
  const words = typed.flatMap(markWords);
  // Listings write a Mark's generation in Roman numerals ("Mark II").
  const afterMark = words.findIndex((word, at) => at > 0 && words[at - 1] === 'mark' && generationOf(word) !== null);
  if (afterMark >= 0) {
    words[afterMark] = ROMAN[generationOf(words[afterMark] ?? '') ?? 0] ?? '';
  } else {
    let at = words.length - 1;
    while (at >= 0 && generationOf(words[at] ?? '') === null) at--;
    if (at >= 0) words[at] = otherWay(words[at] ?? '');
  }
  const spelled = words.join(' ');
  return spelled === typed.join(' ') ? null : spelled;
}

/** A model's number with a Mark's "m" and its generation glued after it ("a7m4", "rx100m7", "g7xm3"). */
const GLUED_MARK = /^(\p{L}+\d+\p{L}?)m(\d)$/u;
/** A word that ends a model's number: letters, then digits ("a7", "r6", "rx100"). */
const MODEL_NUMBER = /^\p{L}+\d+\p{L}?$/u;

/**
 * The typed words with a Mark written as many listings write it, without the word: "sony a7 mark iv", "a7 m4" and
 * "a7m4" as "sony a7 iv" and "a7 iv" (Sony's "Alpha 7 IV"), "rx100m7" as "rx100 vii"; null when no Mark is typed. An
 * "m" and a number after a word of letters alone is no Mark ("ipad pro m4", "macbook air 13 m3": a chip).
 */
export function generationWithoutMark(text: string): string | null {
  const words = indexWords(text).flatMap((word) => {
    const [, model, generation] = GLUED_MARK.exec(word) ?? [];
    return model !== undefined && generation !== undefined && generationOf(generation) !== null ? [model, 'mark', generation] : markWords(word);
  });
  let changed = false;
  const out: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const word = words[at] ?? '';
    const next = words[at + 1] ?? '';
    const spacedMark = /^m\d$/.test(word) && MODEL_NUMBER.test(out[out.length - 1] ?? '') && generationOf(word.slice(1)) !== null;
    if (word === 'mark' && at > 0 && generationOf(next) !== null) continue;
    if (spacedMark || (at > 0 && words[at - 1] === 'mark' && generationOf(word) !== null)) {
      const generation = generationOf(spacedMark ? word.slice(1) : word) ?? 0;
      out.push(ROMAN[generation] ?? word);
      changed = true;
    } else out.push(word);
  }
  return changed ? out.join(' ') : null;
}
