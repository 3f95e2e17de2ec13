/**
 * An offer turned once into everything the pair scorer compares, so scoring many candidates
 * against one query does the text work once per offer.
 */
import { wordsMeaning } from './word-lists';
import { codeColours, colourNames, extractColours, extractGenerations, extractLineNumbers, extractModelCandidates, extractQuantities, quantitiesByKind, type QuantityKind } from './extract';
import { foldText, MARKETING_WORDS, normaliseBrand, normaliseGtin, normaliseModel, normalisePartNumber, STOP_WORDS, tokenizeTitle } from './normalise';
import type { ItemIdentity } from './item';
import { withoutWhatComesWith } from './comes-with';
import { gtinsInTitle, licenceSeats, licenceTerms, pastedPrice, productCodes, softwareVersions, titleHead } from './listing';
import { type IdfStats, type PackedVector, type SparseVector, trigramVector, wordVector } from './tfidf';

const PREPARED = Symbol('prepared-offer');

/**
 * Words that tell editions, licences and variants of one product line apart. A listing's condition ("Renewed",
 * "Used") is not among them: it belongs to the offer (shown with it), and the product is the same.
 */
const EDITION_WORDS: ReadonlySet<string> = new Set([
  'upgrade', 'upg', 'upsell', 'academic', 'student', 'teacher', 'education', 'edu', 'oem', 'trial', 'standard', 'std',
  'professional', 'pro', 'deluxe', 'premium', 'home', 'basic', 'ultimate', 'enterprise', 'server', 'business',
  'express', 'lite', 'plus', 'elite', 'collectors', 'producer', 'platinum',
  'mini', 'max', 'ultra', 'slim', 'xl', 'extra', 'fe', 'kit', 'refill', 'replacement', 'cellular',
]);
const EDITION_CANON: Record<string, string> = { upg: 'upgrade', upsell: 'upgrade', std: 'standard', professional: 'pro', edu: 'academic', education: 'academic' };
/** The edition a title word names, in its canonical form ("professional" → "pro"), or null. */
export function editionOf(token: string): string | null {
  return EDITION_WORDS.has(token) ? (EDITION_CANON[token] ?? token) : null;
}
const PLATFORM_WORDS: Record<string, string> = {
  mac: 'mac', macintosh: 'mac', osx: 'mac', win: 'windows', windows: 'windows', xp: 'windows', vista: 'windows',
  linux: 'linux', android: 'android', ios: 'ios', ps3: 'ps3', ps4: 'ps4', ps5: 'ps5', xbox: 'xbox', wii: 'wii',
};
const ACCESSORY_RE = /(?<![a-z])(?:case|cover|sleeve|skin|charger|adapter|adaptor|cable|mount|stand|holder|strap|screen protector|replacement|compatible|for use with)(?![a-z])|(?<![a-z])for (?:the )?(?:apple|samsung|sony|canon|nikon|ipod|iphone|ipad|galaxy|kindle)/;

/**
 * Whether a title reads as an accessory (`PreparedOffer.accessory`) once what it says its item comes with is left out
 * (`withoutWhatComesWith`): a "Memory Card with Adapter" is no adapter, a "Power Bank with Built-in USB-C Cable" no
 * cable, "AirPods Pro 2 with MagSafe Charging Case" no case.
 */
export const readsAsAccessory = (title: string): boolean => ACCESSORY_RE.test(foldText(withoutWhatComesWith(title)));

/**
 * A title that says outright it is a part or accessory made for something else: "replacement …", "… compatible with",
 * "battery for …", "case for …" (not "for sale", "for men"). Narrower than ACCESSORY_RE, whose words ("case", "strap")
 * are also features of watches and cameras in WDC listings.
 */
const ACCESSORY_FOR_RE =
  /(?<![a-z])(?:replacement|compatible with|for use with)(?![a-z])|(?<![a-z])(?:case|cover|sleeve|skin|charger|adapter|adaptor|cable|mount|stand|holder|strap|band|protector|battery|batteries|part|parts|refill|cartridge|toner|filter|remote|bag|cap|kit|dock)s? (?:for|to fit) (?!(?:sale|you|him|her|men|women|kids)(?![a-z]))/;

/**
 * A supply that says it is not the maker's own: "remanufactured", or "compatible" before the supply it names
 * ("compatible black toner cartridge", "… 52102001 compatible black printer ribbon"). Not "compatible with …", "SD card
 * compatible", "XP compatible" nor "M-Audio compatible … software", which say what an item works with.
 */
const THIRD_PARTY_RE =
  /(?<![a-z])(?:remanufactured|compatible (?!with )(?:[^ ]+ ){0,7}?(?:toner|ink|inkjet|cartridges?|drums?|ribbons?|batter(?:y|ies)|lamps?|fusers?|printheads?|labels?|tapes?))(?![a-z])/;

export interface PreparedOffer {
  readonly [PREPARED]: true;
  readonly offer: ItemIdentity;
  /** The title as read: the offer's, without a price pasted at its end (`pastedPrice`). */
  readonly title: string;
  readonly stats: IdfStats | undefined;
  /** Normalised brand: the offer's own, else a known brand read from the start of the title. */
  readonly brand: string | null;
  readonly gtin: string | null;
  /** The model field, normalised: two fields that say the same agree, words or code. */
  readonly mpn: string | null;
  /** The model field as an identifier that another contradicts: none when it is words (`normalisePartNumber`). */
  readonly partNumber: string | null;
  /** Normalised model candidates from the title and the part number. */
  readonly models: ReadonlySet<string>;
  /** Candidates that mix letters and digits: the strongest evidence of a model number. */
  readonly strongModels: ReadonlySet<string>;
  /** Title and MPN as one upper-case alphanumeric string, for containment checks. */
  readonly modelText: string;
  readonly tokens: ReadonlySet<string>;
  readonly tokenCount: number;
  readonly firstToken: string | null;
  readonly numbers: ReadonlySet<string>;
  readonly words: SparseVector;
  readonly trigrams: PackedVector;
  readonly quantities: ReadonlyMap<QuantityKind, ReadonlySet<number>>;
  readonly colours: ReadonlySet<string>;
  /** The colour names the title writes, colour words side by side as one ("black titanium"): `colourNames`. */
  readonly colourNames: ReadonlySet<string>;
  /** Edition and licence words ("upgrade", "academic", "pro") present in the title. */
  readonly editions: ReadonlySet<string>;
  /** The editions and combos the title names with the word "edition" or "combo" ("Disc Edition" → disc): `namedEditions`. */
  readonly namedEditions: ReadonlySet<string>;
  /** For each edition word, the words it follows in the title ("iPhone 16 Pro" → pro: {16}); empty without editions. */
  readonly editionLeads: ReadonlyMap<string, ReadonlySet<string>>;
  /** Numbers naming the model line, by the word they follow ("IdeaPad Slim 7" → slim: 7): `extractLineNumbers`. */
  readonly lineNumbers: ReadonlyMap<string, ReadonlySet<string>>;
  /** The line numbers written in Roman numerals ("EOS 5D Mark IV" → mark: 4): `extractGenerations`. */
  readonly generations: ReadonlyMap<string, ReadonlySet<string>>;
  /** Platforms named in the title, canonical ("mac", "windows"). */
  readonly platforms: ReadonlySet<string>;
  /** Whether the title reads as an accessory for something else ("case for …"). */
  readonly accessory: boolean;
  /** Whether the title says outright it is made for something else ("replacement battery for …"): ACCESSORY_FOR_RE. */
  readonly accessoryFor: boolean;
  /** The title says the item is a third party's supply for another maker's product (`THIRD_PARTY_RE`). */
  readonly thirdParty: boolean;
  /** Who a garment or shoe is for, as the title says it in any of several languages ("men", "women", "kids"). */
  readonly genders: ReadonlySet<string>;
  readonly price: number | null;
  /** What the title says beyond its words (listing.ts), read once per offer. */
  readonly listing: ListingFacts;
}

/** The title's own statements of price, versions, licence, codes and identifiers: see listing.ts. */
export interface ListingFacts {
  /** A price written at the end of the title (`pastedPrice`), in cents, when the offer has no price of its own: then also `price`. */
  readonly titlePrice: number | null;
  readonly versions: ReadonlySet<string>;
  /** Seats a licence covers, as decimal strings. */
  readonly seats: ReadonlySet<string>;
  readonly terms: ReadonlySet<string>;
  readonly codes: ReadonlySet<string>;
  /** GTINs of the offer (its own, its model number read as one, those in its title), 14 digits. */
  readonly gtins: ReadonlySet<string>;
  /** Whether one of `gtins` comes from the title or the model number rather than the GTIN field. */
  readonly gtinFromText: boolean;
  /** The title alone as one upper-case alphanumeric string. */
  readonly titleText: string;
  /** The words naming the product, before colours and shop names (`titleHead`). */
  readonly head: readonly string[];
}

export function isPreparedOffer(value: unknown): value is PreparedOffer {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[PREPARED] === true;
}

function checkOffer(offer: ItemIdentity): void {
  if (!offer || typeof offer !== 'object') throw new TypeError('offer must be an object');
  if (typeof offer.title !== 'string') throw new TypeError('offer.title must be a string');
  if (offer.priceCents != null && (typeof offer.priceCents !== 'number' || !Number.isFinite(offer.priceCents) || offer.priceCents < 0)) {
    throw new TypeError('offer.priceCents must be a non-negative finite number');
  }
  for (const field of ['brand', 'model', 'gtin'] as const) {
    const v = offer[field];
    if (v != null && typeof v !== 'string') throw new TypeError(`offer.${field} must be a string`);
  }
}

/** A known brand among the first words of the title ("Sony WH-1000XM5 …" → "sony"). */
function brandFromTitle(tokens: readonly string[], stats: IdfStats | undefined): string | null {
  const brands = stats?.brands;
  if (!brands || brands.size === 0) return null;
  for (let start = 0; start < Math.min(2, tokens.length); start++) {
    for (let len = 3; len >= 1; len--) {
      if (start + len > tokens.length) continue;
      const hit = brands.get(tokens.slice(start, start + len).join(' '));
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * The one empty set prepared offers share: most titles name no colour, platform, edition or plain number, and an
 * import keeps the prepared forms of many thousands of offers.
 */
const NONE: ReadonlySet<string> = new Set();
const setOrNone = (values: readonly string[]): ReadonlySet<string> => (values.length > 0 ? new Set(values) : NONE);

function platformsOf(tokens: readonly string[]): ReadonlySet<string> {
  let platforms: Set<string> | null = null;
  for (const token of tokens) {
    const platform = PLATFORM_WORDS[token];
    if (platform !== undefined) (platforms ??= new Set()).add(platform);
  }
  return platforms ?? NONE;
}

/** Words saying who a shoe or garment is for, in the languages of European shops (folded as `foldText` folds them). */
const GENDER_WORDS: ReadonlyMap<string, string> = new Map([
  ...wordsMeaning('men', 'men mens man homme hommes uomo herren hombre heren masculino meskie'),
  ...wordsMeaning('women', 'women womens woman wmns femme femmes donna damen mujer ladies dames feminino feminina damskie'),
  ...wordsMeaning('kids', 'kids kid boys girls junior jr enfant enfants kinder kinderen youth bambino bambini infantil dzieciece'),
]);

function gendersOf(tokens: readonly string[]): ReadonlySet<string> {
  let genders: Set<string> | null = null;
  for (const token of tokens) {
    const gender = GENDER_WORDS.get(token);
    if (gender !== undefined) (genders ??= new Set()).add(gender);
  }
  return genders ?? NONE;
}

/** Shared empty maps, as `NONE` is for sets. */
const NO_LEADS: ReadonlyMap<string, ReadonlySet<string>> = new Map();
const NO_QUANTITIES: ReadonlyMap<QuantityKind, ReadonlySet<number>> = new Map();
/** Edition words that are a picture format's name before these words ("4K Ultra HD" is no Ultra edition). */
const NOT_AN_EDITION: ReadonlyMap<string, ReadonlySet<string>> = new Map([['ultra', new Set(['hd', 'high'])]]);

/** Ordinal words before "edition", as numbers: "Seventh Edition" is the "7th Edition". */
const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
};
const ordinal = (n: number): string => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;

/**
 * The editions a title names with the word "edition" ("Disc Edition", "Team Edition", "Pocket Edition"), which its
 * tokens leave out as listing noise, and the sets it names with "combo" ("Standard Combo", "Adventure Combo"): the word
 * before it, when that is a word of letters that is no platform ("Mac Edition") and no filler ("the", "new"); and a
 * numbered edition ("7th Edition", "8th ed.", "Seventh Edition" → "7th"), which a book, a course or a program of
 * another year is. Reads the title folded (`foldText`).
 */
function namedEditions(text: string): string[] {
  const named: string[] = [];
  for (const [, word] of text.matchAll(/\b([a-z]{2,})\s+(?:edition|combo)\b/g)) {
    if (!word || word in PLATFORM_WORDS || STOP_WORDS.has(word) || MARKETING_WORDS.has(word)) continue;
    const nth = ORDINAL_WORDS[word];
    named.push(nth ? ordinal(nth) : (editionOf(word) ?? word));
  }
  for (const [, nth] of text.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)\s+ed(?:ition)?\b/g)) named.push(ordinal(Number(nth)));
  return named;
}

/**
 * A plus sign glued to a model's name of letters and digits ("Galaxy S24+", "Note10+"): the edition "plus", which
 * tokens drop with the sign. Not after a number alone ("Ages 8+", "50+ pieces") nor before another letter ("DVD+R").
 */
const GLUED_PLUS = /(?<![\p{L}\p{N}])(\p{L}+\d+\p{L}*|\d+\p{L}+)\+(?![\p{L}\p{N}+])/gu;

/** A title's edition words, and the words each of them follows (one pass over its tokens; a glued plus sign too). */
function editionsOf(tokens: readonly string[], title: string): { editions: ReadonlySet<string>; leads: ReadonlyMap<string, ReadonlySet<string>> } {
  let editions: Set<string> | null = null;
  let leads: Map<string, Set<string>> | null = null;
  const add = (edition: string, before: string | undefined) => {
    (editions ??= new Set()).add(edition);
    if (before === undefined) return;
    leads ??= new Map();
    const known = leads.get(edition);
    if (known) known.add(before);
    else leads.set(edition, new Set([before]));
  };
  tokens.forEach((token, i) => {
    const edition = editionOf(token);
    if (edition === null || NOT_AN_EDITION.get(token)?.has(tokens[i + 1] as string)) return;
    add(edition, i === 0 ? undefined : tokens[i - 1]);
  });
  if (title.includes('+')) for (const [, name] of foldText(title).matchAll(GLUED_PLUS)) add('plus', name);
  return { editions: editions ?? NONE, leads: leads ?? NO_LEADS };
}

function listingFacts(title: string, gtin: string | null, model: string | null | undefined, titlePrice: number | null): ListingFacts {
  const textGtins = gtinsInTitle(title);
  const modelGtin = normaliseGtin(model ?? null);
  if (modelGtin) textGtins.push(modelGtin);
  const gtins = gtin ? [gtin, ...textGtins] : textGtins;
  return {
    titlePrice,
    versions: setOrNone(softwareVersions(title)),
    seats: setOrNone(licenceSeats(title).map(String)),
    terms: setOrNone(licenceTerms(title)),
    codes: setOrNone(productCodes(title)),
    gtins: setOrNone(gtins),
    gtinFromText: textGtins.length > 0,
    titleText: foldText(title).toUpperCase().replace(/[^A-Z0-9]/g, ''),
    head: titleHead(title),
  };
}

/** An inch or foot mark after a number ('19"', "24 '", "6′"); not the apostrophe of a word ("90's"). */
const MEASURE_MARK = /(\d)\s?(?:["″′”]|''|['’](?!\p{L}))/gu;

/** Precompute the comparison data of an offer (optionally weighted by corpus statistics). */
export function prepareOffer(offer: ItemIdentity, stats?: IdfStats): PreparedOffer {
  checkOffer(offer);
  const stated = offer.priceCents != null && offer.priceCents > 0 ? offer.priceCents : null;
  // A feed that runs its fields together leaves the price at the end of the title: it is the price, not a word.
  const pasted = stated === null ? pastedPrice(offer.title) : null;
  const title = pasted ? pasted.before : offer.title;
  const folded = foldText(title);
  const tokens = tokenizeTitle(title);
  const mpn = normaliseModel(offer.model);
  const partNumber = normalisePartNumber(offer.model);
  const candidates = extractModelCandidates(title);
  const models = new Set(candidates);
  if (partNumber && partNumber.length >= 3) models.add(partNumber);
  const strongModels = setOrNone([...models].filter((m) => /[A-Z]/.test(m) && /\d/.test(m)));
  const compact = tokens.join(' ');
  const editionInfo = editionsOf(tokens, title);
  const numbers = setOrNone(tokens.filter((t) => /^\d+(?:\.\d+)?$/.test(t)));
  const quantities = quantitiesByKind(extractQuantities(title));
  const colours = extractColours(title);
  // A number with an inch or foot mark after it measures a size ("Samsung 19 ' Black … Series 6"), whatever word it follows.
  const marked = title.replace(MEASURE_MARK, '$1 inch ');
  const lineTokens = marked === title ? tokens : tokenizeTitle(marked);
  const lineNumbers = extractLineNumbers(lineTokens);
  const generations = extractGenerations(lineTokens);
  const gtin = normaliseGtin(offer.gtin ?? null);
  const price = stated ?? pasted?.cents ?? null;
  return {
    [PREPARED]: true,
    offer,
    title,
    stats,
    brand: normaliseBrand(offer.brand) ?? brandFromTitle(tokens, stats),
    gtin,
    mpn,
    partNumber,
    models,
    strongModels,
    modelText: (folded.toUpperCase() + ' ' + (mpn ?? '')).replace(/[^A-Z0-9]/g, ''),
    tokens: new Set(tokens),
    tokenCount: tokens.length,
    firstToken: tokens[0] ?? null,
    numbers,
    words: wordVector(tokens, stats),
    trigrams: trigramVector(compact, stats),
    quantities: quantities.size > 0 ? quantities : NO_QUANTITIES,
    colours: setOrNone(colours.length > 0 ? colours : codeColours(title, offer.model)),
    colourNames: setOrNone(colourNames(title)),
    editions: editionInfo.editions,
    namedEditions: setOrNone(namedEditions(folded)),
    editionLeads: editionInfo.leads,
    lineNumbers: lineNumbers.size > 0 ? lineNumbers : NO_LEADS,
    generations: generations.size > 0 ? generations : NO_LEADS,
    platforms: platformsOf(tokens),
    accessory: ACCESSORY_RE.test(folded),
    accessoryFor: ACCESSORY_FOR_RE.test(folded),
    thirdParty: THIRD_PARTY_RE.test(folded),
    genders: gendersOf(tokens),
    price,
    listing: listingFacts(title, gtin, offer.model, pasted?.cents ?? null),
  };
}
