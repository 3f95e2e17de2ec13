/**
 * A kind of thing typed in the language of a European shopper ("kopfhörer sony", "fernseher lg oled", "aspirateur
 * dyson") is searched as the English word the listings write ("headphones sony", "tv lg oled", "vacuum dyson"), when
 * the words as typed find little; the answer says what was searched. Words are read folded (`foldText`: "Kopfhörer"
 * as "kopfhorer"). A kind or a qualifier of kinds written in several words is read as one ("écouteurs sans fil" as
 * "earbuds wireless", "appareil photo" as "camera"), the longest first.
 */
import { foldText } from '@pricehunt/catalog-core';

/** Each English kind with its words in German, French, Spanish, Italian, Dutch and Polish, folded. */
const KINDS: ReadonlyArray<[string, string]> = [
  ['headphones', 'kopfhorer casque auriculares cuffie koptelefoon sluchawki'],
  ['earbuds', 'ohrhorer ecouteurs auricolari oordopjes'],
  ['tv', 'fernseher fernsehgerat televiseur televisor televisore televisie telewizor'],
  ['smartphone', 'handy movil cellulare smartfon'],
  ['laptop', 'portatil portatile'],
  ['camera', 'kamera fotocamera camara'],
  ['watch', 'uhr montre reloj orologio horloge zegarek'],
  ['vacuum', 'staubsauger aspirateur aspiradora aspirapolvere stofzuiger odkurzacz'],
  ['speaker', 'lautsprecher enceinte altavoz altoparlante luidspreker glosnik'],
  ['keyboard', 'tastatur clavier teclado tastiera toetsenbord klawiatura'],
  ['mouse', 'maus souris raton'],
  ['monitor', 'bildschirm ecran pantalla schermo beeldscherm'],
  ['printer', 'drucker imprimante impresora stampante drukarka'],
  ['charger', 'ladegerat chargeur cargador caricabatterie oplader ladowarka'],
  ['console', 'konsole consola'],
  ['tablet', 'tablette'],
  ['drone', 'drohne dron'],
  // Listings write "Coffee Maker", "Coffeemaker" and "Coffee and Espresso Machine".
  ['coffee', 'kaffeemaschine cafetiere cafetera kaffeemaschinen'],
  ['toothbrush', 'zahnburste'],
  ['hair dryer', 'haartrockner fohn'],
  ['air fryer', 'heissluftfritteuse friteuse freidora friggitrice'],
  // What tells kinds apart as listings write it: "Wireless Earbuds".
  ['wireless', 'kabellos kabellose kabelloser kabelloses inalambrico inalambricos inalambrica inalambricas draadloos draadloze bezprzewodowe bezprzewodowy bezprzewodowa'],
];

/** Kinds and qualifiers written in several words, folded, a comma between the ways of writing one. */
const PHRASES: ReadonlyArray<[string, string]> = [
  ['wireless', 'sans fil,senza fili,senza filo'],
  ['camera', 'appareil photo,macchina fotografica,camara de fotos,aparat fotograficzny'],
  ['coffee', 'machine a cafe,macchina da caffe,maquina de cafe'],
  ['smartphone', 'telephone portable,telefono movil,telefono cellulare,telefon komorkowy'],
  ['laptop', 'ordinateur portable,computer portatile,ordenador portatil'],
  ['robot vacuum', 'aspirateur robot,robot aspirador,saugroboter'],
];

const ENGLISH: ReadonlyMap<string, string> = new Map([
  ...KINDS.flatMap(([english, words]) => words.split(' ').map((word) => [word, english] as const)),
  ...PHRASES.flatMap(([english, phrases]) => phrases.split(',').map((phrase) => [phrase, english] as const)),
]);
/** The most words a phrase of `PHRASES` has. */
const LONGEST_PHRASE = Math.max(...PHRASES.flatMap(([, phrases]) => phrases.split(',').map((phrase) => phrase.split(' ').length)));

/** The English words of the longest run of words from `at` that is a kind's words in another language, and its length. */
function phraseAt(words: readonly string[], at: number): { english: string; length: number } | null {
  for (let length = Math.min(LONGEST_PHRASE, words.length - at); length > 0; length--) {
    const english = ENGLISH.get(foldText(words.slice(at, at + length).join(' ')));
    if (english !== undefined) return { english, length };
  }
  return null;
}

/** The typed words with each kind typed in another language written as the English words, or null when none is. */
export function englishKinds(text: string): string | null {
  const words = text.split(/\s+/).filter(Boolean);
  const written: string[] = [];
  let changed = false;
  for (let at = 0; at < words.length; ) {
    const phrase = phraseAt(words, at);
    written.push(phrase?.english ?? words[at] ?? '');
    changed ||= phrase !== null;
    at += phrase?.length ?? 1;
  }
  return changed ? written.join(' ') : null;
}
