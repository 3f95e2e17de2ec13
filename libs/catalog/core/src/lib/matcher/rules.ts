/**
 * The matcher's rules on prepared offers, read without the catalog: model keys, what keeps an offer out of a product
 * (conflicts, other brands, unlike prices, other model numbers), and when an offer displaces its retailer's listing.
 */
import {
  clusterEvidence,
  compactTitle,
  extractModelCandidates,
  getDefaultModel,
  GTIN_PRICE_RATIO,
  normaliseGtin,
  normaliseModel,
  scorePair,
  statedModels,
  type ClusterEvidence,
  type PreparedOffer,
} from '@pricehunt/catalog-matching';
import { present } from '@pricehunt/contracts';

/**
 * An offer that disagrees with some member of a product on identifiers or variant attributes scores this share of its
 * score, and never more than this share of the threshold (joining: of `JOIN_CHECKED_SHARE` of it): it is not that
 * product.
 */
export const CLUSTER_CONFLICT_FACTOR = 0.5;

/**
 * Joining: products down to this share of the threshold are checked for conflicts too (`demoteConflicting`), so that
 * `placeOffer` may take an uncontested one of them (`UNCONTESTED_SHARE` in place-offer.ts).
 */
export const JOIN_CHECKED_SHARE = 0.4;

/**
 * How much better an offer must fit a product's offers at other retailers than the product's offer at its own
 * retailer does, to take that one's place (`offerItDisplaces`).
 */
const DISPLACE_MARGIN = 0.1;

/**
 * True when some member sells within `GTIN_PRICE_RATIO` of the item's price, or either side states none: a fit under
 * the threshold stands only then ("Mighty Math Number Heroes" at $29.95 is not the one at $9.95, whatever the words).
 */
export function pricedAlike(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const price = item.price;
  if (price === null) return true;
  const priced = members.filter((member) => member.price !== null);
  return priced.length === 0 || priced.some((member) => present(member.price) >= price * GTIN_PRICE_RATIO[0] && present(member.price) <= price * GTIN_PRICE_RATIO[1]);
}

/**
 * True when some member shares a word of the item that is a word, not a number (three letters or more): a fit under
 * the threshold stands only then ("Tournament Poker 2005" scores 0.15 against "Drive Washer 2005", its one rival).
 */
export function sharesAWord(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const words = [...item.tokens].filter((token) => /\p{L}{3}/u.test(token));
  return members.some((member) => words.some((word) => member.tokens.has(word)));
}

/**
 * True when the item fits a product's offers at other retailers (`others`) by more than `DISPLACE_MARGIN` better than
 * the product's offer at the item's retailer (`listed`) does: each scores as its best fit among them.
 */
export function fitsBetterThan(item: PreparedOffer, listed: PreparedOffer, others: readonly PreparedOffer[]): boolean {
  if (others.length === 0) return false;
  const fit = (offer: PreparedOffer) => Math.max(...others.map((other) => scorePair(offer, other).score));
  return fit(item) > fit(listed) + DISPLACE_MARGIN;
}

/**
 * What keeps an item out of a product whatever its score: its members state another GTIN or part number, maker (a
 * third party's supply against the maker's own: `makerConflict`), model number
 * (joining: one the item lacks while it states one they lack; else none of the item's), colour, plain number or
 * measured quantity; and, joining, another platform, language, version, school grade, licence count or kind of device
 * (`deviceKinds`: an iPad is no MacBook, however alike the rest of their words), the item alone against a bundle of it
 * ("Standalone" against "Mario Kart World Bundle"), or another
 * generation of the line ("iPhone 16" against "iPhone 15", "Flip 7" against "Flip 6": `generationConflict`).
 */
export const conflicts = (evidence: ClusterEvidence, joining: boolean): boolean =>
  evidence.identifierConflict ||
  evidence.makerConflict ||
  (joining ? evidence.modelMismatch || evidence.variantConflicts.length > 0 : evidence.modelConflict) ||
  evidence.colourConflict ||
  evidence.numberConflict ||
  evidence.quantityConflicts.length > 0 ||
  (joining && evidence.generationConflict);

/**
 * Brands agree when one is the other or begins with it ("beats" and "beats by dr dre"), or when they are one name
 * written with and without its spaces ("audiosource" and "audio source", "tp link" and "tplink").
 */
const brandsAgree = (a: string, b: string) => a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `) || a.replace(/ /g, '') === b.replace(/ /g, '');

/** The item states a brand that no member of a product states, while some members state one. */
export function otherBrand(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const brand = item.brand;
  if (brand === null) return false;
  let stated = false;
  for (const member of members) {
    if (member.brand === null) continue;
    if (brandsAgree(brand, member.brand)) return false;
    stated = true;
  }
  return stated;
}

/**
 * Some member states a platform or colour that the item states ("Iris Readiris Pro 11 Mac Ocr" and "Iris Readiris Pro
 * 11.0 ( Mac )"): of two products the item fits alike, the one that says what it says rather than saying nothing.
 */
export function sharesStatedVariant(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  if (item.platforms.size === 0 && item.colours.size === 0) return false;
  return members.some((member) => [...item.platforms].some((platform) => member.platforms.has(platform)) || [...item.colours].some((colour) => member.colours.has(colour)));
}

/**
 * Joining: a product above the threshold that the item fits this share of its best fit or better is a rival of the best
 * (`unstatedDistinction` decides whether the item tells the two apart). Scores of one item's true products spread
 * this far on what the members state beside their titles: a page "PlayStation®5 Console" fits the demo's Digital
 * Edition at 0.75 and its Disc Edition, whose offers state a part number, at 0.56.
 */
export const FITS_ALIKE_SHARE = 0.7;

/** The words of a product's offers: those every one states, and those any states. */
export interface MemberWords {
  all: ReadonlySet<string>;
  any: ReadonlySet<string>;
}

/** The words of these offers (`MemberWords`). */
export function memberWords(offers: readonly PreparedOffer[]): MemberWords {
  const [first, ...rest] = offers;
  return {
    all: new Set([...(first?.tokens ?? [])].filter((token) => rest.every((offer) => offer.tokens.has(token)))),
    any: new Set(offers.flatMap((offer) => [...offer.tokens])),
  };
}

/**
 * True when two products differ in words the item states none of: each product's members all state words that no
 * member of the other does ("Disc" against "Digital" of "PlayStation 5 Slim Console Disc Edition" and "… Digital
 * Edition"), and the item says neither ("PlayStation 5 Console"). Such an item is no more the one than the other, and
 * joining either on a fit that ties would be a guess.
 */
export function unstatedDistinction(itemWords: ReadonlySet<string>, a: MemberWords, b: MemberWords): boolean {
  const onlyA = [...a.all].filter((word) => !b.any.has(word));
  const onlyB = [...b.all].filter((word) => !a.any.has(word));
  return onlyA.length > 0 && onlyB.length > 0 && ![...onlyA, ...onlyB].some((word) => itemWords.has(word));
}

/**
 * True when the item, not the retailer's listing in a product, is what the product's offers at other retailers
 * (`others`) are: the listing and all of them each state words the other does not, and the item states some of theirs
 * and none of the listing's ("Dallas Cowboys iPod Touch 4G Hard Case" beside Walmart's "Baltimore Ravens iPod Touch 4G
 * Hard Case", and the item "Baltimore Ravens iPod Touch 4G Hard Case"). A relisting in a marketplace's other wording
 * ("Punch Software 14100 Punch ! Professional Home Design Suite for Windows" beside "Punch ! Professional Home Design
 * Suite") states all the others' words and is not told apart.
 */
export function toldApartFromListing(item: PreparedOffer, listing: PreparedOffer, others: readonly PreparedOffer[]): boolean {
  const words = memberWords(others);
  const onlyListing = [...listing.tokens].filter((word) => !words.any.has(word));
  const onlyOthers = [...words.all].filter((word) => !listing.tokens.has(word));
  return onlyListing.length > 0 && onlyOthers.some((word) => item.tokens.has(word)) && !onlyListing.some((word) => item.tokens.has(word));
}

/** How far apart a retailer may price two listings of one product (`agreesWithOwnListings`). */
const OWN_LISTING_PRICE_RATIO = 1.5;

/**
 * True when the item says what the retailer's own listings of a product say: no conflict with them (`conflicts`:
 * model numbers, colours, numbers, quantities, variants), their brands agree (or none is stated), each is priced within
 * OWN_LISTING_PRICE_RATIO of the item, and both state a model number of one family (one is part of the other). A
 * retailer relists an item under a new id with its wording changed a little ("Sharp EL-1192BL Desktop 2 Color Printing
 * Calculator" and "Sharp EL1192BL Two-Color Printing Calculator"); without a model number, listings of one line at one
 * price tell nothing ("San Diego Padres iPhone 4 Case" and "Washington Capitals iPhone 4 Case").
 */
export function agreesWithOwnListings(item: PreparedOffer, own: readonly PreparedOffer[]): boolean {
  if (own.length === 0 || conflicts(clusterEvidence(item, own), true)) return false;
  const mine = statedModels(item);
  return own.every((listing) => {
    if (item.brand !== null && listing.brand !== null && !brandsAgree(item.brand, listing.brand)) return false;
    if (item.price === null || listing.price === null || Math.max(item.price, listing.price) > OWN_LISTING_PRICE_RATIO * Math.min(item.price, listing.price)) return false;
    const theirs = statedModels(listing);
    return mine.some((model) => theirs.some((other) => partOf(model, other) || partOf(other, model)));
  });
}

/**
 * The retailer's listing among `own` that the item repeats word for word (`compactTitle`), of a brand that agrees,
 * priced within OWN_LISTING_PRICE_RATIO and conflicting in nothing: a marketplace lists one item once per seller
 * ("Apple Software M9301Z/B Soundtrack V1 .2" three times at one shop), and the same words name the same item however
 * little they fit the product's offers elsewhere. Null when there is none.
 */
export function relistingOf(item: PreparedOffer, own: readonly PreparedOffer[]): PreparedOffer | null {
  if (item.price === null) return null;
  const title = compactTitle(item.title);
  if (title.length === 0) return null;
  const price = item.price;
  return (
    own.find((listing) => {
      if (listing.price === null || Math.max(price, listing.price) > OWN_LISTING_PRICE_RATIO * Math.min(price, listing.price)) return false;
      if (item.brand !== null && listing.brand !== null && !brandsAgree(item.brand, listing.brand)) return false;
      return compactTitle(listing.title) === title && !conflicts(clusterEvidence(item, [listing]), true);
    }) ?? null
  );
}

/** The match threshold of the matcher's model: at or above it two offers are the same product. */
export const matchThreshold = () => getDefaultModel().threshold;

/**
 * Normalised model numbers to look an item up by: the stated MPN first, then up to two model numbers from the
 * title: those mixing letters and digits, and part numbers of digits alone when they are long ("751679-0100",
 * "920-013804": seven digits or more; shorter runs are as often sizes or series). The first is the key the catalog
 * stores on the offer.
 */
export function modelKeysOf(item: { title: string; model?: string | null }): string[] {
  const keys: string[] = [];
  const stated = normaliseModel(item.model ?? null);
  if (stated && stated.length >= 3) keys.push(stated);
  const candidates = extractModelCandidates(item.title);
  // A title's first word is most often the brand: joined to the model number after it ("Sony KD-55X80K" read as
  // SONYKD55X80K) it is no key another retailer's title would give; the number alone is.
  const first = normaliseModel(item.title.trim().split(/\s+/)[0]);
  for (const candidate of candidates) {
    if (keys.length >= 3) break;
    const partNumber = /[A-Z]/.test(candidate) ? /\d/.test(candidate) : /^\d{7,}$/.test(candidate);
    if (partNumber && !keys.includes(candidate) && !brandJoined(candidate, first, candidates)) keys.push(candidate);
  }
  return keys;
}

/** A candidate that is the title's first word (letters only, most often the brand) joined to another candidate. */
function brandJoined(candidate: string, first: string | null, candidates: readonly string[]): boolean {
  return first !== null && /^[A-Z]+$/.test(first) && candidate.length > first.length && candidate.startsWith(first) && candidates.includes(candidate.slice(first.length));
}

/** The normalised model number the catalog keys offers by: the stated MPN, else the strongest model number in the title. */
export function modelKeyOf(item: { title: string; model?: string | null }): string | null {
  return modelKeysOf(item)[0] ?? null;
}

export const gtinOf = (value: string | null | undefined) => normaliseGtin(value ?? null);

/**
 * True when model number `short` is part of `long` ("14AD3557" of "14AD3557GA3", a regional suffix), but not when
 * a number of it merely continues in `long` ("WH1000XM5" against "WH1000XM552": another model).
 */
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

function partOf(short: string, long: string): boolean {
  const at = long.indexOf(short);
  if (at < 0) return false;
  if (isDigit(short[short.length - 1]) && isDigit(long[at + short.length])) return false;
  if (isDigit(short[0]) && isDigit(long[at - 1])) return false;
  return true;
}

/**
 * Two offers name different models when each carries a specific model number (letters and digits) that the other
 * has nowhere, not even as a part ("15FC5030" against "14AD3557", while both share the family name "ENVYX360").
 * Such a pair is never the same product, however alike the rest of the titles are; a shared family name must not
 * chain different models into one cluster.
 */
export function modelsConflict(a: PreparedOffer, b: PreparedOffer): boolean {
  return holdsOwnModel(a.strongModels, b.strongModels) && holdsOwnModel(b.strongModels, a.strongModels);
}

/** One side states a model number (five characters or more) that the other has nowhere, not even as a part. */
function holdsOwnModel(mine: ReadonlySet<string>, theirs: ReadonlySet<string>): boolean {
  for (const model of mine) {
    if (model.length < 5) continue;
    let shared = false;
    for (const other of theirs) {
      if (partOf(model, other) || partOf(other, model)) {
        shared = true;
        break;
      }
    }
    if (!shared) return true;
  }
  return false;
}
