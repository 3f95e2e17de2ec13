import { wordsMeaning } from './word-lists';

/**
 * Colour words of other languages by their English names, for titles of one item in many shops' languages: both the
 * tokenizer (normalise.ts) and the colour reader (extract.ts) use them.
 *
 * The plain colours in the languages of European shops, folded as `foldText` folds them ("weiß", "zołty"), by their
 * English name: listings of one shoe in Italian and French ("Nero/Bianco", "Noir/ Blanc") name the same colours.
 * Words that are as often something else are left out ("or", "wit", "sort", "gul", "bla", "marine", and Italian "blu" of "Blu-ray").
 */
export const FOREIGN_COLOURS: ReadonlyMap<string, string> = new Map([
  ...wordsMeaning('black', 'schwarz schwarze noir noire nero nera neri negro negra preto preta zwart czarny czarna czarne svart'),
  ...wordsMeaning('white', 'weiss weiß weisse weiße blanc blanche bianco bianca bianchi blanco blanca branco branca biały biała białe bialy'),
  ...wordsMeaning('red', 'rot rote rouge rosso rossa rojo roja vermelho vermelha rood czerwony czerwona'),
  ...wordsMeaning('blue', 'blau blaue bleu bleue azul blauw niebieski niebieska'),
  ...wordsMeaning('green', 'grun grune vert verte verde groen zielony zielona'),
  ...wordsMeaning('yellow', 'gelb gelbe jaune giallo gialla amarillo amarilla amarelo amarela geel zołty zołta'),
  ...wordsMeaning('gray', 'grau graue gris grise grigio grigia cinza grijs szary szara'),
  ...wordsMeaning('brown', 'braun braune marron marrone marrom bruin brazowy'),
  ...wordsMeaning('pink', 'rosa roze rozowy rozowa'),
  ...wordsMeaning('purple', 'lila viola morado morada roxo roxa paars fioletowy'),
  ...wordsMeaning('silver', 'silber argent argente argento plata prata zilver srebrny'),
  ...wordsMeaning('gold', 'dore doree oro dorado dourado goud złoty'),
  ...wordsMeaning('orange', 'arancione naranja laranja oranje pomaranczowy'),
  ...wordsMeaning('turquoise', 'turkis turchese turquesa'),
  ...wordsMeaning('anthracite', 'anthrazit antracite antracita'),
  ...wordsMeaning('light blue', 'hellblau celeste azzurro'),
  ...wordsMeaning('dark blue', 'dunkelblau'),
]);

/**
 * A title word that names a colour in another language, as its English word ("nero", "noir" → "black"); words whose
 * English name is two words ("hellblau") are left as they are.
 */
export function englishColourWord(word: string): string | undefined {
  const colour = FOREIGN_COLOURS.get(word);
  return colour !== undefined && !colour.includes(' ') ? colour : undefined;
}
