/**
 * A product's specifications as a shopper reads them in a table: what the product is known by (brand, model, part
 * numbers, GTIN, category) and what most of its listings state of it (colour, storage, memory, size, power, battery,
 * resolution), with the conditions and the number of stores it is offered in.
 */
import { type ProductAttribute, printedGtin } from '@pricehunt/contracts';
import { extractColours, extractQuantities, type Quantity, type QuantityKind } from './extract';

export interface SpecOffer {
  title: string;
  model: string | null;
  condition: 'new' | 'used' | 'refurbished';
  retailerId: string;
}

export interface SpecProduct {
  brand: string | null;
  model: string | null;
  gtin: string | null;
  category: string | null;
}

export interface Spec {
  name: string;
  value: string;
}

/**
 * What a table calls each measured kind, in the order it lists them (a pack's count is no specification). A capacity
 * the listings say is memory ("8GB RAM") is the item's memory; any other is what it stores ("256GB SSD", "128GB").
 */
type Fact = Exclude<QuantityKind, 'data' | 'pack'> | 'storage' | 'memory';
const QUANTITY_NAMES: ReadonlyArray<[Fact, string]> = [
  ['storage', 'Storage'],
  ['memory', 'Memory'],
  ['size', 'Size'],
  ['length', 'Length'],
  ['power', 'Power'],
  ['battery', 'Battery'],
  ['frequency', 'Frequency'],
  ['resolution', 'Resolution'],
];

/** The fact a quantity states. */
const factOf = (quantity: Quantity): Fact | null =>
  quantity.kind === 'pack' ? null : quantity.kind === 'data' ? (quantity.memory ? 'memory' : 'storage') : quantity.kind;

const capitalised = (text: string) => text.replace(/(^|\s)([a-z])/g, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);

/**
 * The value most of `listings` state: of several listings, one that two or more state and more than half of those that
 * state any; of one listing, its own. Null when they do not agree.
 */
function agreed<T>(listings: ReadonlyArray<readonly T[]>, key: (value: T) => string): T | null {
  const counts = new Map<string, { value: T; count: number }>();
  for (const values of listings) {
    for (const value of new Map(values.map((entry) => [key(entry), entry])).values()) {
      const entry = counts.get(key(value));
      if (entry) entry.count++;
      else counts.set(key(value), { value, count: 1 });
    }
  }
  const stating = listings.filter((values) => values.length > 0).length;
  const best = [...counts.values()].sort((a, b) => b.count - a.count)[0];
  return best && best.count >= Math.min(2, listings.length) && best.count * 2 > stating ? best.value : null;
}


/** A title's colour, its colour words together ("Platinum Silver", not two colours); none when it names none. */
const colourOf = (title: string): string[] => {
  const words = extractColours(title);
  return words.length > 0 ? [words.join(' ')] : [];
};

/** A size as a table and a filter write it: inches as '65"', else the listing's words ("45MM" → "45 MM"). */
const sizeText = (quantity: { kind: QuantityKind; value: number; text: string }) =>
  quantity.kind === 'size' ? `${quantity.value}"` : quantity.text.toUpperCase().replace(/(\d)([A-Z])/, '$1 $2');

/** What most of a product's listings state of it: its colour and one measure of each kind. */
function agreedFacts(titles: readonly string[]): { colour: string | null; quantities: Map<Fact, Quantity> } {
  const colour = agreed(titles.map(colourOf), (value) => value);
  const listed = titles.map(extractQuantities);
  const quantities = new Map<Fact, Quantity>();
  for (const [kind] of QUANTITY_NAMES) {
    const quantity = agreed(
      listed.map((qs) => qs.filter((q) => factOf(q) === kind)),
      (q) => String(q.value),
    );
    if (quantity) quantities.set(kind, quantity);
  }
  return { colour: colour ? capitalised(colour) : null, quantities };
}

/**
 * The colour, storage and size most of a product's listings state: what browse filters a category's products by, and
 * what its specifications table says of them. Absent keys were not agreed on.
 */
export function productAttributes(titles: readonly string[]): Partial<Record<ProductAttribute, string>> {
  const { colour, quantities } = agreedFacts(titles);
  const attributes: Partial<Record<ProductAttribute, string>> = {};
  if (colour) attributes.colour = colour;
  const storage = quantities.get('storage');
  if (storage) attributes.storage = sizeText(storage);
  const size = quantities.get('size');
  if (size) attributes.size = sizeText(size);
  return attributes;
}

export function productSpecs(product: SpecProduct, offers: readonly SpecOffer[]): Spec[] {
  const specs: Spec[] = [];
  const add = (name: string, value: string | null | undefined) => {
    if (value && value.trim()) specs.push({ name, value: value.trim() });
  };
  add('Brand', product.brand);
  add('Model', product.model);
  const model = product.model?.toLowerCase();
  const partNumbers = [...new Set(offers.map((offer) => offer.model?.trim()).filter((value): value is string => Boolean(value) && value?.toLowerCase() !== model))];
  add(partNumbers.length > 1 ? 'Part numbers' : 'Part number', partNumbers.slice(0, 4).join(', '));
  add('GTIN', product.gtin && printedGtin(product.gtin));
  add('Category', product.category);

  // The same facts browse filters by (`productAttributes`), from the same listings.
  const { colour, quantities } = agreedFacts(offers.map((offer) => offer.title));
  add('Colour', colour);
  for (const [kind, name] of QUANTITY_NAMES) {
    const quantity = quantities.get(kind);
    add(name, quantity ? sizeText(quantity) : null);
  }

  const conditions = (['new', 'refurbished', 'used'] as const).filter((condition) => offers.some((offer) => offer.condition === condition));
  add('Offered', conditions.map((condition, index) => (index === 0 ? capitalised(condition) : condition)).join(', '));
  const stores = new Set(offers.map((offer) => offer.retailerId)).size;
  add('Stores', stores > 0 ? `${stores} ${stores === 1 ? 'store' : 'stores'}` : null);
  return specs;
}
