/**
 * A kind of thing typed in the language of a European shopper ("kopfhörer sony", "fernseher lg oled", "aspirateur
 * dyson") is searched as the English word the listings write ("headphones sony", "tv lg oled", "vacuum dyson"), when
 * the words as typed find little; the answer says what was searched. Words are read folded (`foldText`: "Kopfhörer"
 * as "kopfhorer"), one word for one kind: a kind written in several words ("appareil photo") is not read.
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
  ['coffee maker', 'kaffeemaschine cafetiere cafetera'],
  ['toothbrush', 'zahnburste'],
  ['hair dryer', 'haartrockner fohn'],
  ['air fryer', 'heissluftfritteuse friteuse freidora friggitrice'],
];

const ENGLISH: ReadonlyMap<string, string> = new Map(KINDS.flatMap(([english, words]) => words.split(' ').map((word) => [word, english] as const)));

/** The typed words with each kind typed in another language written as the English word, or null when none is. */
export function englishKinds(text: string): string | null {
  const words = text.split(/\s+/).filter(Boolean);
  const written = words.map((word) => ENGLISH.get(foldText(word)) ?? word);
  return written.some((word, at) => word !== words[at]) ? written.join(' ') : null;
}
