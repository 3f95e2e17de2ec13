/**
 * The title a product cluster is shown under: the most representative of its offers' titles, cleaned of listing
 * noise ("NEW SEALED …", "… Free Shipping"), with the brand written once and as the brand writes itself.
 */
import { MARKETING_WORDS } from './normalise';
import { colourPlaces, colourTailStart, colourTokens, type ColourReading, featureFollows, fullerColour, spelledColour } from './title-colours';
import { agreementKey, foldedTokens, PUNCTUATION, repeatsRun, SEPARATOR, tidy, wordsOf, writtenOutIn, type Word } from './title-words';

export interface TitledOffer {
  title: string;
  brand?: string | null;
}

/** An offer as a product's name is built from it: its title, brand and the shop that lists it. */
export interface NamedOffer extends TitledOffer {
  retailerId?: string | null;
}

const LEADING_NOISE = /^(?:brand new|new sealed|new in box|new|sealed|open box|pre-owned|used|certified refurbished|refurbished|renewed|restored)\b[\s:,\-–]*/i;
const TRAILING_NOISE = /[\s,\-–]*(?:free shipping|fast ship(?:ping)?|us seller|ships free|w\/ ?box|in box|\((?:renewed|refurbished|used)\)|\brefurbished|\brenewed)$/i;
const CONDITION = /\b(?:refurbished|renewed|restored|pre-owned|used|open box)\b/i;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One offer title without listing noise, the brand once at its start in the brand's own spelling. */
export function cleanTitle(title: string, brand?: string | null): string {
  let out = title.replace(/\s+/g, ' ').trim();
  for (let previous = ''; previous !== out; ) {
    previous = out;
    out = out.replace(LEADING_NOISE, '').replace(TRAILING_NOISE, '').trim();
  }
  const name = brand?.trim();
  if (name) {
    const re = brandPatterns(name);
    // "Apple - iPad …" (a retailer's "brand - title" style) → "Apple iPad …".
    out = out.replace(re.dashed, '$1 ');
    // "APPLE Apple Watch …" → "Apple Watch …": a doubled brand is written once.
    out = out.replace(re.doubled, '');
    // "LOGITECH MX Keys …" → "Logitech MX Keys …".
    const lead = re.leading.exec(out);
    if (lead && lead[0] !== name && lead[0] === lead[0].toUpperCase() && name !== name.toUpperCase()) out = name + out.slice(lead[0].length);
    if (!lead && !re.anywhere.test(out)) out = `${name} ${out}`;
  }
  return out;
}

interface BrandPatterns {
  dashed: RegExp;
  doubled: RegExp;
  leading: RegExp;
  anywhere: RegExp;
}

/** The patterns of a brand, built once per brand (a catalog has few brands and many titles). */
const brandPatternCache = new Map<string, BrandPatterns>();
function brandPatterns(name: string): BrandPatterns {
  let patterns = brandPatternCache.get(name);
  if (!patterns) {
    const brandRe = escape(name).replace(/\s+/g, '\\s+');
    patterns = {
      dashed: new RegExp(`^(${brandRe})\\s+[-–]\\s+`, 'i'),
      doubled: new RegExp(`^${brandRe}\\s+(?=${brandRe}\\b)`, 'i'),
      leading: new RegExp(`^${brandRe}\\b`, 'i'),
      anywhere: new RegExp(`\\b${brandRe}\\b`, 'i'),
    };
    if (brandPatternCache.size >= 10_000) brandPatternCache.clear();
    brandPatternCache.set(name, patterns);
  }
  return patterns;
}

const tokens = (title: string) => new Set(foldedTokens(title));

/** A number and the unit glued to it ("12mp", "64gb"), as one word or two. */
const NUMBER_UNIT = /^(\d+(?:\.\d+)?)(\p{L}{1,4})$/u;

/**
 * The words a listing says, a number's unit written glued or apart as the other way too: a shop's "12MP" says the
 * "12 Mp" of another, so the unit is agreed on as the number is.
 */
function saidTokens(title: string): Set<string> {
  const list = foldedTokens(title);
  const said = new Set(list);
  list.forEach((token, at) => {
    const glued = NUMBER_UNIT.exec(token);
    if (glued) for (const part of glued.slice(1)) said.add(part);
    const next = list[at + 1];
    if (next !== undefined && /^\d+(?:\.\d+)?$/.test(token) && NUMBER_UNIT.test(token + next)) said.add(token + next);
  });
  return said;
}

/** The offers a product is named from: those with a title, of new items only when there are any. */
function namingPool<T extends TitledOffer>(offers: readonly T[]): T[] {
  const usable = offers.filter((offer) => offer.title.trim().length > 0);
  const fresh = usable.filter((offer) => !CONDITION.test(offer.title));
  return fresh.length > 0 ? fresh : usable;
}

/**
 * The representative title of a cluster: among its offers' cleaned titles (those of new items when there are any),
 * the one that holds most of what most offers say and least of what few say; ties go to the shorter, then the earlier.
 * Null for an empty cluster.
 */
export function representativeTitle(offers: readonly TitledOffer[]): string | null {
  const pool = namingPool(offers);
  if (pool.length === 0) return null;
  const cleaned = pool.map((offer) => cleanTitle(offer.title, offer.brand)).filter((title) => title.length > 0);
  if (cleaned.length === 0) return null;
  // Two titles score alike (a word only one holds counts for nothing, a shared one the same for both): the shorter wins.
  if (cleaned.length <= 2) {
    const first = cleaned[0] as string;
    const second = cleaned[1];
    return second !== undefined && second.length < first.length ? second : first;
  }
  const sets = cleaned.map((title) => ({ title, tokens: tokens(title) }));
  const share = new Map<string, number>();
  for (const set of sets) for (const token of set.tokens) share.set(token, (share.get(token) ?? 0) + 1 / sets.length);
  // The first title is the best so far: any score beats none.
  let best = '';
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const { title, tokens: held } of sets) {
    let score = 0;
    // Every word of every title has its share (set just above).
    for (const token of held) score += (share.get(token) ?? 0) - 0.5;
    const better = score > bestScore + 1e-9 || (Math.abs(score - bestScore) <= 1e-9 && title.length < best.length);
    if (better) {
      best = title;
      bestScore = score;
    }
  }
  return best;
}

/** A word that tells one variant or model from another: it holds a figure (a model number, a size, a generation). */
const FIGURE = /\d/;
/** A screen or product size in inches ("65-Inch", '65"', "65 in"), written as '65"'. */
const INCHES = /^\(?(\d+(?:\.\d+)?)(?:"|”|''|-?inch(?:es)?|-?in\.?)\)?,?$/i;
/** The word after a number that makes it a size in inches ("65 in.", "65 inch"); "in" alone joins ("2 in 1"). */
const INCHES_AFTER = /^(?:in\.|inch(?:es)?|"|”)[,)]?$/i;
/** A storage capacity ("128GB", "1TB"). */
const CAPACITY = /^\(?\d+(?:\.\d+)?(?:gb|tb|mb)\)?,?$/i;
/** What a capacity is of, written after it ("8GB RAM 256GB SSD"): it goes with the capacity into the variant. */
const CAPACITY_OF = /^(?:ram|ssd|hdd|emmc|storage|memory|ddr\d|lpddr\d\w*|ufs)\)?,?$/i;

/**
 * What a product's name is read with: which words most shops say, the brand's words, the colours of its listing, and
 * the word most shops write that a word of the listing abbreviates (`writtenOut`).
 */
interface NameReading extends ColourReading {
  brandTokens: ReadonlySet<string>;
  writtenOut: (word: Word) => string | null;
}

/**
 * Whether most shops say a word (in any spelling, `agreementKey`), each shop counting the union of its listings' words
 * once; null with fewer than two shops.
 */
function shopAgreement(pool: readonly NamedOffer[]): ((token: string) => boolean) | null {
  const byShop = new Map<string, Set<string>>();
  pool.forEach((offer, index) => {
    const key = offer.retailerId ?? `#${index}`;
    let set = byShop.get(key);
    if (!set) byShop.set(key, (set = new Set()));
    for (const token of saidTokens(cleanTitle(offer.title, offer.brand))) set.add(agreementKey(token));
  });
  const shops = [...byShop.values()];
  if (shops.length < 2) return null;
  const said = new Map<string, number>();
  for (const set of shops) for (const token of set) said.set(token, (said.get(token) ?? 0) + 1);
  return (token: string) => (said.get(agreementKey(token)) ?? 0) * 2 > shops.length;
}

/**
 * The listing's words sorted into the name's core (separators, the brand, the words that tell the product apart and
 * those most shops say, each once) and its variant (size, capacities with what they are of, then the colour, whose
 * words are at `colourAt` or, where that is empty, found one by one).
 */
function nameParts(words: readonly Word[], colourAt: ReadonlySet<number>, reading: NameReading): { core: string[]; variant: string[]; carried: string[]; colour: string | null } {
  const variant: string[] = [];
  // Words a capacity carries into the variant ("RAM" of "8GB RAM"): the name says them.
  const carried: string[] = [];
  const colourWords: string[] = [];
  const core: string[] = [];
  const inCore = new Set<string>();
  const taken = new Set<number>();
  // A colour after "with" and before another word is of what the product comes with ("Console with Neon Blue and Neon
  // Red Joy-Con", the shade "Neon" before its colour too); one that ends the listing is its own ("Camera with 3x Optical
  // Zoom Pink").
  const withAt = words.findIndex((word) => /^(?:with|w\/)$/i.test(word.text));
  const isColour = (word: (typeof words)[number]) => word.tokens.every((token) => reading.colours.has(token));
  const comesWith = (index: number) => {
    const next = words.slice(index + 1).find((word) => word.tokens.length === 0 || !isColour(word));
    return withAt >= 0 && index > withAt && next !== undefined && !isColour(next);
  };
  // What one shop's listing says it comes with, where most shops do not say it all ("Camera with Camera Bag"), is left
  // out whole: a word of it the others say ("Camera") is not what comes with theirs.
  if (withAt >= 0) {
    const end = words.findIndex((word, index) => index > withAt && (PUNCTUATION.test(word.text) || /,$/.test(word.text)));
    const phrase = words.slice(withAt + 1, end < 0 ? words.length : end + 1);
    if (phrase.some((word) => word.tokens.length > 0 && !word.tokens.every((token) => reading.agreed(token) || reading.colours.has(token)))) {
      for (let index = withAt; index < withAt + 1 + phrase.length; index++) if (!colourAt.has(index)) taken.add(index);
    }
  }
  words.forEach((word, index) => {
    const text = word.text.replace(/,$/, '');
    if (taken.has(index)) return;
    if (colourAt.has(index)) {
      colourWords.push(spelledColour(text));
      return;
    }
    if (word.tokens.length === 0 || SEPARATOR.test(word.text)) {
      core.push(word.text);
      return;
    }
    // "65 in.", "65 inch": the size written in two words.
    const unit = /^\(?\d+(?:\.\d+)?$/.test(word.text) ? INCHES_AFTER.exec(words[index + 1]?.text ?? '') : null;
    if (unit) taken.add(index + 1);
    const inches = unit ? ([word.text, word.text.replace(/^\(/, '')] as const) : INCHES.exec(word.text);
    if (inches) {
      if (!variant.includes(`${inches[1]}"`)) variant.unshift(`${inches[1]}"`);
      // '65" Class' (the size class a maker names its screens by) goes with the size.
      if (/^class,?$/i.test(words[index + 1]?.text ?? '')) taken.add(index + 1);
      return;
    }
    if (CAPACITY.test(word.text)) {
      const of = words[index + 1];
      // "8GB RAM": the capacity says what it is of, unless a comma parts them.
      const ofText = of && !/,$/.test(word.text) && CAPACITY_OF.test(of.text) ? ` ${of.text.replace(/[),]+$/, '')}` : '';
      if (ofText) {
        taken.add(index + 1);
        carried.push(ofText.trim());
      }
      variant.push(text.replace(/[()]/g, '') + ofText);
      return;
    }
    if (colourAt.size === 0 && word.tokens.every((token) => reading.colours.has(token)) && !featureFollows(words, index) && !comesWith(index)) {
      // A colour said again in another phrase ("Jet Black Aluminum Case Black Sport Band") is said once.
      const spelled = spelledColour(text);
      if (!colourWords.some((said) => said.toLowerCase() === spelled.toLowerCase())) colourWords.push(spelled);
      return;
    }
    // The brand and words said twice ("Smart TV, Smart TV") are said once; another word said again in another phrase
    // stays ("Portable Drive 5TB External Hard Drive").
    const saidAgain = word.tokens.every((token) => inCore.has(agreementKey(token)));
    if (saidAgain && (word.tokens.every((token) => reading.brandTokens.has(token)) || repeatsRun(words, index))) return;
    const tells = word.tokens.every((token) => reading.brandTokens.has(token) || (FIGURE.test(token) && !MARKETING_WORDS.has(token)));
    const written = tells || word.tokens.every(reading.agreed) ? word.text : reading.writtenOut(word);
    if (written !== null) {
      core.push(written);
      for (const token of foldedTokens(written)) inCore.add(agreementKey(token));
    }
  });
  const colour = colourWords.length > 0 ? colourWords.join(' ') : null;
  if (colour !== null) variant.push(colour);
  return { core, variant, carried, colour };
}

/**
 * A name that keeps too little of the listing (the brand alone, a word or two of many: "Belkin" for "Belkin CushTop
 * for Computer Laptop F8N044SLV") says less than the listing.
 */
function keepsTooLittle(name: string, listing: string, brandTokens: ReadonlySet<string>): boolean {
  const wordsSaid = (text: string) => wordsOf(text).filter((word) => word.tokens.length > 0 && !SEPARATOR.test(word.text));
  const kept = wordsSaid(name);
  return !kept.some((word) => word.tokens.some((token) => !brandTokens.has(token))) || kept.length < 2 || kept.length * 2 < wordsSaid(listing).length;
}

/**
 * A product's name, built from what its offers agree on: the words of its most representative listing
 * (`representativeTitle`) that most of its shops say, its brand, and the words that tell it apart (model numbers,
 * sizes, generations), in that listing's order, then its variant (capacity and colour) in brackets: "Sony WH-1000XM5
 * Wireless Noise Canceling Over-Ear Headphones (Silver)", "Apple iPad Air 11-inch M2 Wi-Fi (128GB, Space Gray)", in
 * the name's own when it ends in some ("Apple Magic Mouse (USB-C, Black)"). A word only a few shops add ("Long Battery
 * Life", "Best Gift") is left out. A shop's listings count once, and with one shop the product is named by its cleaned
 * listing. Null for an empty product.
 */
export function productName(offers: readonly NamedOffer[]): string | null {
  const base = representativeTitle(offers);
  if (base === null) return null;
  const pool = namingPool(offers);
  const agreed = shopAgreement(pool);
  const brand = pool.map((offer) => offer.brand?.trim()).find(Boolean);
  if (agreed === null) return oneShopName(base, brand);
  const words = wordsOf(base);
  const listings = pool.map((offer) => cleanTitle(offer.title, offer.brand));
  const reading: NameReading = { agreed, brandTokens: new Set(brand ? foldedTokens(brand) : []), colours: colourTokens(base), writtenOut: writtenOutIn(words, () => listings, agreed) };
  const { core, variant, carried, colour } = nameParts(words, colourPlaces(words, listings, reading), reading);
  const name = tidy(core);
  // The listing says more than such a name: keep the listing's.
  if (keepsTooLittle([name, ...carried].join(' '), base, reading.brandTokens)) return base;
  // A colour its listing writes short, where most listings write it out, is written out.
  const fuller = colour === null ? null : fullerColour(colour, listings, reading);
  return withVariant(name, fuller === null ? variant : [...variant.slice(0, -1), fuller]);
}

/**
 * A name with its variant in brackets; a name that ends in brackets of its own ("Magic Mouse (USB-C)") takes it into
 * them: "(USB-C, Black)".
 */
function withVariant(name: string, variant: readonly string[]): string {
  if (variant.length === 0) return name;
  return /\([^()]*\)$/.test(name) ? `${name.slice(0, -1)}, ${variant.join(', ')})` : `${name} (${variant.join(', ')})`;
}

/**
 * The name of a product one shop lists: its cleaned listing, whose words cannot be told apart from the shop's phrases,
 * with a colour that ends it in brackets as in every other name ("Cordless Vacuum, Yellow" → "Cordless Vacuum (Yellow)").
 */
function oneShopName(base: string, brand: string | undefined): string {
  const words = wordsOf(base);
  const reading: NameReading = { agreed: () => false, brandTokens: new Set(brand ? foldedTokens(brand) : []), colours: colourTokens(base), writtenOut: () => null };
  const start = colourTailStart(words, reading);
  // A listing that ends in brackets ("Smartphone (128GB, White)") has its variant in them already.
  if (start === null || /\)$/.test(base)) return base;
  const colour = words.slice(start).map((word) => spelledColour(word.text.replace(/,$/, '')));
  return withVariant(tidy(words.slice(0, start).map((word) => word.text)), [colour.join(' ')]);
}

