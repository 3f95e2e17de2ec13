/**
 * Matching an item known only by words (a URL slug, a typed query) against product clusters.
 *
 * Slugs lose case and punctuation, so a model number written "WH-1000XM5" or "870639-0100" in a title arrives as
 * separate words ("wh 1000xm5", "870639 0100"). `joinedModelSpans` proposes the runs of adjacent words that may be
 * one such model number; the caller keeps those its catalog knows.
 *
 * `clusterEvidence` compares what an item states (identifiers, colour, measured quantities, model numbers) with
 * everything a cluster's members state together. A cluster scores as its best member, and that member may simply not
 * mention the attribute that tells two variants apart; another member does.
 */
import { colourCodesAlike, colourNamesApart, coloursApart, type QuantityKind } from './extract';
import { deviceKinds } from './device-kinds';
import { lineEditionsApart, lineLettersApart, lineModelWordsApart, lineNamesApart, lineWordsApart, nameEditionsApart, VARIANT_EDITIONS } from './line-models';
import type { PreparedOffer } from './prepare';

export interface ModelSpan {
  /** Index of the first word of the run. */
  start: number;
  /** Number of words in the run (2 or more). */
  length: number;
  /** The run as a normalised model key (upper-case letters and digits). */
  key: string;
}

const QUANTITY_WORD = /^\d+(?:\.\d+)?(?:kb|mb|gb|tb|in|inch|mm|cm|hz|w|mah|mp|k|p)$/;

/**
 * Runs of 2–`maxWords` adjacent words that could be one model number split at its punctuation: at least one word
 * holds a digit, no word is a measured quantity ("16gb", "55in") and the run is at least `minLength` characters.
 * Longest runs first, then by position; the caller decides which are real (for instance by a catalog lookup).
 */
export function joinedModelSpans(words: readonly string[], options: { maxWords?: number; minLength?: number } = {}): ModelSpan[] {
  const maxWords = options.maxWords ?? 3;
  const minLength = options.minLength ?? 6;
  const spans: ModelSpan[] = [];
  for (let length = Math.min(maxWords, words.length); length >= 2; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length).map((word) => word.toLowerCase());
      if (!run.some((word) => /\d/.test(word))) continue;
      if (run.some((word) => !/^[a-z0-9]+$/.test(word) || QUANTITY_WORD.test(word))) continue;
      const key = run.join('').toUpperCase();
      if (key.length < minLength) continue;
      spans.push({ start, length, key });
    }
  }
  return spans;
}

const UNIT_WORD = /^(?:inch|inches|in|mm|cm|gb|tb|mb|mp|ghz|mhz|hz|quart|qt|oz|lb|lbs|ml|w|mah)$/;

/**
 * Slugs lose decimal points: "10.9-inch" arrives as "10 9 inch" and "24.2MP" as "24 2mp". A number followed by a single
 * digit and a unit (or a single digit glued to a unit) is read as one decimal again. Returns the words, rewritten.
 */
export function restoreDecimals(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === undefined) break;
    const next = words[i + 1];
    const after = words[i + 2];
    if (/^\d{1,3}$/.test(word) && next !== undefined) {
      const [, digit, unit] = /^(\d)([a-z]+)$/.exec(next) ?? [];
      if (digit !== undefined && unit !== undefined && UNIT_WORD.test(unit)) {
        out.push(`${word}.${digit}${unit}`);
        i += 1;
        continue;
      }
      if (/^\d$/.test(next) && after !== undefined && UNIT_WORD.test(after) && !/^\d/.test(after)) {
        out.push(`${word}.${next}`);
        i += 1;
        continue;
      }
    }
    out.push(word);
  }
  return out;
}

/** What a cluster's members state together, against what the item states. */
export interface ClusterEvidence {
  /** The item names colours and the cluster's members name only others. */
  colourConflict: boolean;
  /**
   * The item states numbers of four or more digits that measure nothing ("XPS 13 9335"), no member states any of
   * them, and some member states another ("XPS 13 9406"): numbers too short or plain to count as model numbers.
   */
  numberConflict: boolean;
  /**
   * Kinds of measured quantity (capacity, size…) where the item states a value no member does and the members state
   * one the item does not.
   */
  quantityConflicts: QuantityKind[];
  /** The item names a model number that some member states, in whole or as its start. */
  modelHit: boolean;
  /** The item names model numbers, none of which any member states, and the members state one the item does not. */
  modelConflict: boolean;
  /**
   * Stricter: some model number of the item (not necessarily all) is one no member states, and the members state one
   * the item does not. Words name a family and a part alike ("Brio 500 960-008842"); offers do so reliably.
   */
  modelMismatch: boolean;
  /** The item names model numbers and the members state every one of them. */
  modelsAllHeld: boolean;
  /** Some member states another valid GTIN, or another part number (neither containing the other), than the item. */
  identifierConflict: boolean;
  /** The item is a third party's supply and some member the maker's own, or the other way round (`thirdParty`). */
  makerConflict: boolean;
  /**
   * Variant words ("pro", "max", "mini", "ultra", "cellular"…) that most members state and the item does not, or that
   * the item states and no member does: "iPhone 15" is not "iPhone 15 Pro", nor the other way round.
   */
  editionConflict: boolean;
  /**
   * A word the item and some member both follow with a line number, and no number in common: "IdeaPad Slim 7" against
   * members' "IdeaPad Slim 5", "HERO 13" against "HERO 11" (`extractLineNumbers`).
   */
  lineConflict: boolean;
  /**
   * Another model of a numbered line: a line conflict of generations, numbers of one or two digits, perhaps with a
   * letter of their own ("iPhone 15" and "iPhone 16", "Flip 6" and "Flip 7", "Pixel 8a" and "Pixel 9"), not a capacity
   * or a count that follows a word ("Ultrium 100"); or a variant word right after the line number that one side states
   * and the other does not ("iPhone 15 Plus" and "iPhone 15", `lineEditionsApart`); or another letter right after a
   * word of the line ("Xbox Series S" and "Series X", `lineLettersApart`); or one number after two lines' words
   * ("Boom 4" and "Wonderboom 4", `lineWordsApart`); or a word where listings that agree number the line ("Switch OLED"
   * and "Switch 2", `lineNamesApart`); or an edition right after a word listings that agree name the item by ("V15
   * Detect Extra" and "V15 Detect", `nameEditionsApart`); or another word at a place of the name listings that agree
   * write one ("Nikon Z f" and "Nikon Z6III", "SoundLink Flex" and "SoundLink Micro", `lineModelWordsApart`).
   */
  generationConflict: boolean;
  /**
   * Kinds of variant the item states and the members state too, with no value in common (`variantsOf`): the platform
   * ("for Mac" against "for Windows"), the language, the version ("Acid Music Studio 7" against "… 6"), the school
   * grade, a count of users, seats or years of a licence ("10 Managed Systems" against "Unlimited Managed Systems"), the
   * kind of device, or the item alone against a bundle of it ("Switch 2 Console Standalone", "… Mario Kart Bundle"; a
   * standard set against a combo: "Osmo Pocket 3 Standard", "… Creator Combo").
   */
  variantConflicts: VariantKind[];
}

export type VariantKind = 'platform' | 'language' | 'version' | 'grade' | 'licence' | 'device' | 'set';

const LANGUAGES: Readonly<Record<string, string>> = {
  english: 'english', ingles: 'english', spanish: 'spanish', espanol: 'spanish', french: 'french', francais: 'french', italian: 'italian',
  german: 'german', deutsch: 'german', japanese: 'japanese', chinese: 'chinese', mandarin: 'chinese', portuguese: 'portuguese',
  russian: 'russian', hebrew: 'hebrew', arabic: 'arabic', korean: 'korean', dutch: 'dutch', greek: 'greek', latin: 'latin',
};
/** A version written as such ("V 9.0", "Version 16", "v2.0"), or a decimal that measures nothing ("Studio 8.0", "3.5"). */
const VERSION_RE = /(?<![a-z0-9.])(?:v|ver|version)\.?\s*(\d{1,2})(?:\s*\.\s*\d+)*(?![0-9])|(?<![a-z0-9.])(\d{1,2})\s*\.\s*\d{1,2}(?![0-9.])(?!\s*(?:-\s*)?(?:in|inch|inches|"|'|gb|tb|mb|ghz|mhz|hz|mp|mm|cm|oz|lbs?|w|v|ch|channel|x|kg|g|l|ml|ft|m|a|mah|mbps|k|%)(?![a-z]))/g;
/** School grades ("1st Grade", "Pre-Kindergarten", "4th-6th"). */
const GRADE_RE = /(?<![a-z0-9])(pre-?k|pre-?kindergarten|preschool|kindergarten|toddlers?|1st|2nd|3rd|(?:[4-9]|1[0-2])th)(?![a-z])/g;
/** A licence's count ("3 Users", "5-User", "10 Managed Systems", "Unlimited Managed Systems", "1 Year Subscription"). */
const LICENCE_RE = /(?<![a-z0-9.])(\d{1,4}|unlimited|unlim|single)[\s-]*(users?|seats?|clients?|licen[sc]es?|nodes?|managed|workstations?|years?|yrs?)(?![a-z])/g;
const LICENCE_UNIT: Readonly<Record<string, string>> = { managed: 'user', client: 'user', seat: 'user', node: 'user', workstation: 'user', license: 'user', licence: 'user', yr: 'year' };

const variantsCache = new WeakMap<PreparedOffer, ReadonlyMap<VariantKind, ReadonlySet<string>>>();
/** What an offer's title states of each `VariantKind` (worked out once per prepared offer). */
export function variantsOf(offer: PreparedOffer): ReadonlyMap<VariantKind, ReadonlySet<string>> {
  const known = variantsCache.get(offer);
  if (known) return known;
  const found = new Map<VariantKind, Set<string>>();
  const add = (kind: VariantKind, value: string) => {
    let values = found.get(kind);
    if (!values) found.set(kind, (values = new Set()));
    values.add(value);
  };
  for (const platform of offer.platforms) add('platform', platform);
  for (const device of deviceKinds(offer)) add('device', device);
  for (const token of offer.tokens) {
    const language = LANGUAGES[token];
    if (language) add('language', language);
  }
  const text = offer.title.toLowerCase();
  for (const match of text.matchAll(VERSION_RE)) add('version', String(Number(match[1] ?? match[2])));
  for (const [, grade] of text.matchAll(GRADE_RE)) if (grade !== undefined) add('grade', grade.replace('-', '').replace(/^prek(indergarten)?$/, 'prek'));
  if (/(?<![a-z])(?:stand-?alone|standard)(?![a-z])/.test(text)) add('set', 'alone');
  if (/(?<![a-z])(?:bundle|combo)(?![a-z])/.test(text)) add('set', 'bundle');
  for (const [, amount, units] of text.matchAll(LICENCE_RE)) {
    if (amount === undefined || units === undefined) continue;
    const unit = units.replace(/s$/, '');
    const count = amount === 'single' ? '1' : amount.startsWith('unlim') ? 'unlimited' : String(Number(amount));
    add('licence', `${LICENCE_UNIT[unit] ?? unit}:${count}`);
  }
  variantsCache.set(offer, found);
  return found;
}

/** The variant kinds where the item and the members state values, none in common (a licence count per unit). */
function variantConflictsOf(item: PreparedOffer, members: readonly PreparedOffer[]): VariantKind[] {
  const mine = variantsOf(item);
  if (mine.size === 0) return [];
  const theirs = new Map<VariantKind, Set<string>>();
  for (const member of members) {
    for (const [kind, values] of variantsOf(member)) {
      let set = theirs.get(kind);
      if (!set) theirs.set(kind, (set = new Set()));
      for (const value of values) set.add(value);
    }
  }
  const out: VariantKind[] = [];
  for (const [kind, values] of mine) {
    const stated = theirs.get(kind);
    if (!stated) continue;
    if (kind === 'licence') {
      // Counts of one unit: "3 users" against "5 users", not against "1 year".
      const unit = (value: string) => value.slice(0, value.indexOf(':'));
      const units = new Set([...values].map(unit));
      if ([...units].some((u) => [...stated].some((v) => unit(v) === u) && ![...values].some((v) => unit(v) === u && stated.has(v)))) out.push(kind);
    } else if (![...values].some((value) => stated.has(value))) out.push(kind);
  }
  return out;
}

export { VARIANT_EDITIONS };

const MODEL_MIN = 5;
const GENERATION = /^\d{1,2}[a-z]?$/;
/**
 * Variant words an item states that no member may lack. "Cellular" is one only this way round: a name without it is
 * as often the cellular model's as the Wi-Fi one's ("Apple Watch Series 10"), a name with it is never the Wi-Fi one's.
 */
const STATED_VARIANTS: ReadonlySet<string> = new Set([...VARIANT_EDITIONS, 'cellular']);

export interface ClusterEvidenceOptions {
  /**
   * The measured values that can tell candidates apart (for instance those some candidate states): an item's value
   * outside them ("7,450MB/s" read as 450 MB from a slug) is a figure of another kind and is not compared.
   */
  comparableQuantities?: ReadonlyMap<QuantityKind, ReadonlySet<number>>;
  /**
   * An edition the members state counts against an item that lacks it only where the item holds the word the edition
   * follows in that member's title. For words a shopper typed: "bose speaker black" names no SoundLink line, so the
   * SoundLink Max is no other edition of what was asked for; "iphone 16" names the line of the "iPhone 16 Pro".
   */
  editionsNeedTheirLead?: boolean;
}

/** The editions of a member's title that follow a word the item holds ("16" before "pro" in "iPhone 16 Pro"). */
function editionsLedBy(member: PreparedOffer, item: PreparedOffer): string[] {
  const led: string[] = [];
  for (const [edition, leads] of member.editionLeads) if ([...leads].some((lead) => item.tokens.has(lead))) led.push(edition);
  return led;
}

/** Numbers of four or more digits alone in a title ("9335"), which neither measure nor mix in letters. */
const plainNumbers = (offer: PreparedOffer): string[] => [...offer.numbers].filter((number) => /^\d{4,}$/.test(number));

/** The model numbers an offer states outright: five characters or more, mixing letters and digits or digits alone. */
export const statedModels = (offer: PreparedOffer): string[] =>
  [...offer.models].filter((model) => model.length >= MODEL_MIN && (offer.strongModels.has(model) || /^\d+$/.test(model)));

/** An offer's identifiers for `identifiersConflict`: its GTIN and its part number (none where its model field is words). */
const identifiersOf = (offer: PreparedOffer) => ({ gtin: offer.gtin, mpn: offer.partNumber });

/**
 * One offer's words state the other's part number: the two name one identifier alike, and the other part number one
 * of them gives in its model field is a second name of the item ("Logitech Portable Lapdesk N315", model field
 * 939-000181, and "Logitech N315 Lapdesk", model field N315), not another product's.
 */
export function statesPartNumberOf(item: PreparedOffer, member: PreparedOffer): boolean {
  const held = (offer: PreparedOffer, by: PreparedOffer) => offer.partNumber !== null && by.models.has(offer.partNumber);
  return held(item, member) || held(member, item);
}

const digitsOnly = (model: string) => /^\d+$/.test(model);

/** `long` is model number `short` with a word glued on in front ("SHREL1192BL", "51MF8090AA004"), not a number going on. */
function gluedOnto(long: string, short: string): boolean {
  if (short.length < MODEL_MIN || long.length <= short.length || !long.endsWith(short)) return false;
  return !(/\d/.test(short[0] ?? '') && /\d/.test(long[long.length - short.length - 1] ?? ''));
}

/**
 * Two offers state different identifiers: both a valid GTIN and not the same one, or both a part number (normalised)
 * and neither containing the other ("870639-0100" and "870639-0100-MB" may be one product).
 */
export function identifiersConflict(a: { gtin: string | null; mpn: string | null }, b: { gtin: string | null; mpn: string | null }): boolean {
  if (a.gtin && b.gtin && a.gtin !== b.gtin) return true;
  if (!a.mpn || !b.mpn || a.mpn === b.mpn || colourCodesAlike(a.mpn, b.mpn)) return false;
  return !(a.mpn.length >= 4 && b.mpn.includes(a.mpn)) && !(b.mpn.length >= 4 && a.mpn.includes(b.mpn));
}

/** The item's colours against a product's listings': none of theirs, or a finish theirs tell apart (`colourNamesApart`). */
function coloursAgainst(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const colours = new Set(members.flatMap((member) => [...member.colours]));
  const names = new Set(members.flatMap((member) => [...member.colourNames]));
  return coloursApart(item.colours, colours) || colourNamesApart(item.colourNames, names);
}

/**
 * A variant word most members state (`editions`: how many state each) that the item lacks, or one the item states that
 * no member does. A word of a brand's name is the brand's, no edition: "Da-Lite", "Lite-On", "Max Factor".
 */
function editionsApart(item: PreparedOffer, members: readonly PreparedOffer[], editions: ReadonlyMap<string, number>): boolean {
  if (members.length === 0) return false;
  const ofBrand = new Set([item, ...members].flatMap((offer) => offer.brand?.split(' ') ?? []));
  for (const [edition, count] of editions) if (VARIANT_EDITIONS.has(edition) && count * 2 > members.length && !item.editions.has(edition) && !ofBrand.has(edition)) return true;
  // And the other way round: "iPad Pro … Wi-Fi + Cellular" is not the Wi-Fi model no member calls cellular.
  return [...item.editions].some((edition) => STATED_VARIANTS.has(edition) && !editions.has(edition) && !ofBrand.has(edition));
}

export function clusterEvidence(item: PreparedOffer, members: readonly PreparedOffer[], options: ClusterEvidenceOptions = {}): ClusterEvidence {
  const quantities = new Map<QuantityKind, Set<number>>();
  let modelHit = false;
  /** The model numbers the members state and the item does not. */
  const otherModels = new Set<string>();
  let identifierConflict = false;
  // Model numbers: those mixing letters and digits, and long digit runs ("870639-0100", "33952"); not one that is
  // another of them with a word glued on in front ("RCA22LA45RQ", "LEX1382920", "PACK2946B004": the title's
  // "RCA 22LA45RQ"), which names no other model.
  // A model field that is words ("5590 Digital Flatbed Scanne") is none (`normalisePartNumber`).
  const modelsOf = (offer: PreparedOffer) => {
    const stated = statedModels(offer);
    return stated.filter((model) => !stated.some((other) => other !== model && model.endsWith(other)));
  };
  const itemModels = modelsOf(item);
  const found = new Set<string>();
  const editions = new Map<string, number>();
  const lineNumbers = new Map<string, Set<string>>();
  for (const member of members) {
    for (const [key, values] of member.lineNumbers) {
      if (!item.lineNumbers.has(key)) continue;
      let set = lineNumbers.get(key);
      if (!set) lineNumbers.set(key, (set = new Set()));
      for (const value of values) set.add(value);
    }
    for (const edition of options.editionsNeedTheirLead && member.editions.size > 0 ? editionsLedBy(member, item) : member.editions) {
      editions.set(edition, (editions.get(edition) ?? 0) + 1);
    }
    for (const [kind, values] of member.quantities) {
      let set = quantities.get(kind);
      if (!set) quantities.set(kind, (set = new Set()));
      for (const value of values) set.add(value);
    }
    if (identifiersConflict(identifiersOf(item), identifiersOf(member)) && !statesPartNumberOf(item, member)) identifierConflict = true;
    // One side's model number with a word glued on in front is the same model ("SHREL1192BL" and "EL1192BL").
    const stated = modelsOf(member);
    // And one model with its colour's code written two ways ("SRSA212BK" and "SRSA212/BLK").
    for (const model of itemModels) if (member.modelText.includes(model) || stated.some((other) => other.startsWith(model) || gluedOnto(model, other) || colourCodesAlike(model, other))) found.add(model);
    for (const model of stated) if (!item.modelText.includes(model) && !itemModels.some((mine) => model.startsWith(mine) || gluedOnto(model, mine) || colourCodesAlike(model, mine))) otherModels.add(model);
  }
  const colourConflict = coloursAgainst(item, members);
  const quantityConflicts: QuantityKind[] = [];
  for (const [kind, stated] of item.quantities) {
    const comparable = options.comparableQuantities?.get(kind);
    const values = comparable ? [...stated].filter((value) => comparable.has(value)) : [...stated];
    const theirs = quantities.get(kind);
    // "16GB RAM 512GB SSD" against members' "16GB RAM 1TB SSD": each side states a value the other lacks.
    if (values.length > 0 && theirs && theirs.size > 0 && values.some((value) => !theirs.has(value)) && [...theirs].some((value) => !stated.has(value))) {
      quantityConflicts.push(kind);
    }
  }
  modelHit = found.size > 0;
  const modelConflict = itemModels.length > 0 && !modelHit && otherModels.size > 0;
  // A model number of the item no member states, while the members state one of its kind the item does not:
  // "960-008842" against "960-009636", though both also name the family "Brio 500" alike. A part number of digits
  // against a model of letters and digits is two numberings of one item ("HARMONY1" and "915-000035").
  const unfound = itemModels.filter((model) => !found.has(model));
  const modelMismatch = unfound.some((mine) => [...otherModels].some((theirs) => digitsOnly(mine) === digitsOnly(theirs)));
  const editionConflict = editionsApart(item, members, editions);
  let lineConflict = false;
  let generationConflict = lineEditionsApart(item, members) || lineLettersApart(item, members) || lineWordsApart(item, members) || lineNamesApart(item, members) || nameEditionsApart(item, members) || lineModelWordsApart(item, members);
  for (const [key, theirs] of lineNumbers) {
    // `lineNumbers` holds only the keys the item states.
    const mine = item.lineNumbers.get(key);
    if (mine && ![...mine].some((value) => theirs.has(value))) {
      lineConflict = true;
      if ([...mine, ...theirs].every((value) => GENERATION.test(value))) generationConflict = true;
    }
  }
  const itemNumbers = plainNumbers(item);
  let numberConflict = false;
  if (itemNumbers.length > 0 && !itemNumbers.some((number) => members.some((member) => member.modelText.includes(number)))) {
    numberConflict = members.some((member) => plainNumbers(member).some((number) => !item.modelText.includes(number)));
  }
  const modelsAllHeld = itemModels.length > 0 && found.size === itemModels.length;
  const variantConflicts = variantConflictsOf(item, members);
  const makerConflict = members.some((member) => member.thirdParty !== item.thirdParty);
  return { colourConflict, numberConflict, quantityConflicts, modelHit, modelConflict, modelMismatch, modelsAllHeld, identifierConflict, makerConflict, editionConflict, lineConflict, generationConflict, variantConflicts };
}

/**
 * True when every code the item states (words with three or more digits that measure nothing and are no decimals, and
 * model numbers with as many: "XPS 13 9697", "OfficeJet Pro 8022e", "524017-01") appears in what some member states.
 * For an offer that states no identifier: the words its title shares with a product's may be all it has, and a number
 * the product never states is another model's.
 */
export function codesHeldBy(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const digits = (text: string) => text.replace(/\D/g, '').length;
  const codes = new Set<string>();
  for (const token of item.tokens) if (digits(token) >= 3 && !token.includes('.') && !QUANTITY_WORD.test(token)) codes.add(token.toUpperCase());
  for (const model of item.models) if (model.length >= MODEL_MIN && digits(model) >= 3) codes.add(model);
  for (const code of codes) if (!members.some((member) => member.modelText.includes(code))) return false;
  return true;
}
