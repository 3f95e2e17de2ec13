/**
 * The kind of device a listing sells, read from its words: the kind it names ("Laptop", "Tablet", "Smartphone") or a
 * maker's line that is only ever that kind ("MacBook", "iPad", "iPhone"). The rest of two such listings' words may be
 * all alike ("Apple MacBook Air 13-inch M2 256GB, Starlight" and "Apple iPad Air 13-inch M2 256GB, Starlight"), and
 * the kind is what tells them apart.
 */
import type { PreparedOffer } from './prepare';

/** Words that name a kind of device, or a line that is only ever one, by the kind. */
const DEVICE_WORDS: Readonly<Record<string, string>> = {
  laptop: 'laptop', laptops: 'laptop', notebook: 'laptop', netbook: 'laptop', chromebook: 'laptop', ultrabook: 'laptop', macbook: 'laptop',
  thinkpad: 'laptop', ideapad: 'laptop', zenbook: 'laptop', vivobook: 'laptop',
  tablet: 'tablet', tablets: 'tablet', ipad: 'tablet',
  smartphone: 'phone', smartphones: 'phone', iphone: 'phone',
};

/** A device sold as both a laptop and a tablet ("Surface Pro 2-in-1 Laptop", "Convertible Tablet"). */
const BOTH = /(?<![a-z0-9])(?:2 in 1|2in1|convertible|detachable)(?![a-z0-9])/;

/**
 * The kinds of device a listing names (`DEVICE_WORDS`), none for an accessory made for one ("Case for iPad", "Laptop
 * Sleeve") and both laptop and tablet for a 2-in-1.
 */
export function deviceKinds(offer: PreparedOffer): string[] {
  if (offer.accessory || offer.accessoryFor) return [];
  const kinds = new Set<string>();
  for (const token of offer.tokens) {
    const kind = DEVICE_WORDS[token];
    if (kind !== undefined) kinds.add(kind);
  }
  if ((kinds.has('laptop') || kinds.has('tablet')) && BOTH.test(offer.title.toLowerCase().replace(/[^a-z0-9]+/g, ' '))) kinds.add('laptop').add('tablet');
  return [...kinds];
}
