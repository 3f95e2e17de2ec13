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
  ...wordsMeaning('silver', 'silber argent argente argento plata plateado plateada prata zilver srebrny'),
  ...wordsMeaning('gold', 'dore doree oro dorado dourado goud złoty'),
  ...wordsMeaning('orange', 'arancione naranja laranja oranje pomaranczowy'),
  ...wordsMeaning('turquoise', 'turkis turchese turquesa turkusowy'),
  ...wordsMeaning('anthracite', 'anthrazit antracite antracita antracyt'),
  ...wordsMeaning('obsidian', 'obsidienne ossidiana obsidiana'),
  ...wordsMeaning('onyx', 'onix onice'),
  ...wordsMeaning('lime', 'limonka'),
  ...wordsMeaning('crimson', 'carmin'),
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

/** Colour names English titles use, makers' own among them; a name of two words comes before its first word alone. */
export const COLOURS = [
  'rose gold', 'space gray', 'space grey', 'midnight blue', 'navy blue', 'sky blue', 'dark blue', 'light blue',
  'black', 'white', 'silver', 'gray', 'grey', 'red', 'blue', 'green', 'yellow', 'pink', 'purple', 'gold',
  'brown', 'orange', 'beige', 'navy', 'titanium', 'graphite', 'charcoal', 'bronze', 'champagne', 'teal',
  'ivory', 'midnight', 'starlight', 'cream', 'copper', 'platinum', 'violet', 'turquoise', 'burgundy', 'maroon',
  'rose', 'mint', 'pistachio', 'aqua', 'lavender', 'lilac', 'coral', 'olive', 'cyan', 'magenta', 'indigo', 'khaki', 'onyx',
  'camo', 'camouflage', 'blk', 'wht', 'plum', 'crimson', 'cobalt', 'carbon', 'rosegold',
  // Wood finishes of furniture, speakers and appliances ("Medium Cherry", "Wild Cherry"): a variant as a colour is.
  'cherry', 'mahogany', 'walnut',
  // Makers' own colour names (Google Pixel, Apple, Samsung): as telling as the plain ones.
  'obsidian', 'porcelain', 'hazel', 'peony', 'wintergreen', 'ultramarine', 'whitestone',
  'natural titanium', 'desert titanium', 'natural', 'desert', 'icyblue', 'iceblue', 'silverblue', 'whitesilver', 'aloe', 'sandstone', 'truffle',
  'jade', 'raspberry', 'lime', 'dune', 'soapstone', 'ocean', 'bay', 'sapphire', 'slate', 'stainless steel', 'neon',
];
/** Other spellings of a colour: British, shops' abbreviations ("Blk"), the long form of a short one, other languages. */
export const COLOUR_CANON: Record<string, string> = {
  grey: 'gray', 'space grey': 'space gray', rosegold: 'rose gold', navy: 'navy blue', camouflage: 'camo', blk: 'black', wht: 'white', ...Object.fromEntries(FOREIGN_COLOURS),
};
const COLOUR_WORDS = [...COLOURS, 'anthracite', ...[...FOREIGN_COLOURS.keys()].filter((word) => !COLOURS.includes(word))];
/**
 * Colour words that, before another word, describe it or name something else ("Natural Gas", "Microsoft Natural
 * Ergonomic Keyboard", "Sapphire Radeon", "Eee Slate EP121", "Planet Ocean"): a colour only where no word follows them
 * ("Titanium Case - Natural", "Smartphone, 128GB, Bay") or in a colour's name of their own ("Natural Titanium"), and
 * never after a number ("2-Bay").
 */
const COLOURS_LAST_ONLY: ReadonlySet<string> = new Set(['natural', 'ocean', 'bay', 'sapphire', 'slate', 'neon']);
/**
 * Colour words that, first in a title with more words after them, are the maker's name ("Cherry MX Board", "Crimson
 * Trace"); the word alone ("cherry", a colour typed last in a search) is the colour.
 */
const COLOURS_NOT_FIRST: ReadonlySet<string> = new Set(['cherry', 'crimson']);
/** Colour words that name a material before these words ("Carbon Fiber Tripod"), a colour elsewhere ("Black/Onyx/Carbon"). */
const COLOURS_NOT_BEFORE: Readonly<Record<string, readonly string[]>> = { carbon: ['fiber', 'fibre', 'steel', 'composite'] };
const colourPattern = (colour: string) => {
  if (COLOURS_LAST_ONLY.has(colour)) return `(?<!\\d[\\s-]?)${colour.replace(' ', '\\s')}(?!\\s+[\\p{L}\\p{N}])`;
  const materials = COLOURS_NOT_BEFORE[colour];
  if (materials) return `${colour}(?![\\s-]+(?:${materials.join('|')}))`;
  return COLOURS_NOT_FIRST.has(colour) ? `(?:(?<!^[\\s\\p{P}]*)|(?=${colour}[\\s\\p{P}]*$))${colour}` : colour.replace(' ', '\\s');
};
/**
 * Words makers name a colour's shade by, a colour's part only right beside a colour word ("Cosmic Red" and "Volcanic
 * Red" of one controller, "Phantom Black", "Sierra Blue", "Stone Blue", "Pale Gray", "Blue Dusk", "White Smoke"):
 * elsewhere they name something else ("Stone Coffee Table", "Phantom 4 Drone", "Sierra Wireless").
 */
const COLOUR_QUALIFIERS = [
  'cosmic', 'volcanic', 'galactic', 'phantom', 'mystic', 'sierra', 'alpine', 'pacific', 'arctic', 'glacier', 'sterling',
  'stone', 'pale', 'deep', 'jet', 'matte', 'frost', 'storm', 'dusk', 'smoke', 'neon',
];
const PLAIN_COLOUR = `(?:${COLOUR_WORDS.filter((colour) => !COLOURS_LAST_ONLY.has(colour)).map((colour) => colour.replace(' ', '\\s')).join('|')})(?!\\p{L})`;
const qualifierPattern = (word: string) => `${word}(?=[\\s-]+${PLAIN_COLOUR})|(?<=(?<!\\p{L})${PLAIN_COLOUR}[\\s-]+)${word}`;
/** A colour word or name in a folded title, as written (group 1). */
export const COLOUR_RE = new RegExp(`(?<!\\p{L})(${[...COLOUR_WORDS.map(colourPattern), ...COLOUR_QUALIFIERS.map(qualifierPattern)].join('|')})(?!\\p{L})`, 'gu');
