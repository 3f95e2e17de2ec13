/**
 * The title a product cluster is shown under: the most representative of its offers' titles, cleaned of listing
 * noise ("NEW SEALED …", "… Free Shipping"), with the brand written once and as the brand writes itself.
 */
import { foldText } from './normalise';

export interface TitledOffer {
  title: string;
  brand?: string | null;
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

const tokens = (title: string) => new Set(foldText(title).split(/[^a-z0-9.]+/).filter(Boolean));

/**
 * The representative title of a cluster: among its offers' cleaned titles (those of new items when there are any),
 * the one that holds most of what most offers say and least of what few say; ties go to the shorter, then the earlier.
 * Null for an empty cluster.
 */
export function representativeTitle(offers: readonly TitledOffer[]): string | null {
  const usable = offers.filter((offer) => offer.title.trim().length > 0);
  if (usable.length === 0) return null;
  const fresh = usable.filter((offer) => !CONDITION.test(offer.title));
  const pool = fresh.length > 0 ? fresh : usable;
  const cleaned = pool.map((offer) => cleanTitle(offer.title, offer.brand)).filter((title) => title.length > 0);
  if (cleaned.length === 0) return null;
  // Two titles score alike (a word only one holds counts for nothing, a shared one the same for both): the shorter wins.
  if (cleaned.length <= 2) {
    const first = cleaned[0] as string;
    const second = cleaned[1];
    return second !== undefined && second.length < first.length ? second : first;
  }
  const sets = cleaned.map(tokens);
  const share = new Map<string, number>();
  for (const set of sets) for (const token of set) share.set(token, (share.get(token) ?? 0) + 1 / sets.length);
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  cleaned.forEach((title, index) => {
    let score = 0;
    for (const token of sets[index]!) score += share.get(token)! - 0.5;
    const better = score > bestScore + 1e-9 || (Math.abs(score - bestScore) <= 1e-9 && title.length < cleaned[best]!.length);
    if (better) {
      best = index;
      bestScore = score;
    }
  });
  return cleaned[best]!;
}
