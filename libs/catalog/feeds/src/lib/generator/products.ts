import { gtinCheckDigit } from '../offer';
import { BRANDS, CATEGORIES, type CategoryId, type CategorySpec, LINES, type LineSpec } from './catalog-data';
import { Rng, mix32, permute, scatter } from './rng';

/** One synthetic product: the ground truth every offer of it points back to. */
export interface SyntheticProduct {
  /** Stable key of the product (`syn-<seed>-<index>`), the right answer for search evaluation. */
  productKey: string;
  index: number;
  brand: string;
  category: CategoryId;
  categoryLabel: string;
  categoryPath: string;
  /** Product family ("XPS", "Galaxy Tab"), may be empty. */
  family: string;
  /** Name within the family, drawn at random for lines whose model code is separate ("Ultra"), else empty. */
  name: string;
  /** Model code as shops write it in titles ("WH-1000XM5", "QN65Q80CAF", "13 9340"). */
  model: string;
  /** Manufacturer part number: the model code plus a colour code where colours differ, or an Apple part number. */
  mpn: string;
  /** GTIN-13 with a valid check digit, in GS1's restricted-circulation range (prefix 2): never a real product's. */
  gtin: string;
  noun: string;
  size?: number;
  sizeUnit?: 'inch' | 'mm';
  /** Capacity or configuration ("256GB", "16GB RAM 512GB SSD", "Body Only"). */
  capacity?: string;
  /** As shops name it; empty for a product that comes in one look (no colour in its names). */
  colour: string;
  /** Manufacturer's price in cents. */
  msrpCents: number;
  /** Two marketing phrases shops add to its titles. */
  marketing: readonly [string, string];
  bundle: string;
  /** Sold also by the brand's own store. */
  exclusiveStore?: 'apple' | 'playstation';
  /** Canonical title: brand, family, name, model, size, capacity, noun, colour. */
  title: string;
}

interface Slot {
  options: readonly string[];
  size?: true;
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const NONZERO = DIGITS.slice(1);
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'.split('');
const ALNUM = [...'0123456789', ...LETTERS];

function compile(template: string): Slot[] {
  const slots: Slot[] = [];
  const re = /\{([^}]*)\}|([^{]+)/g;
  for (let m = re.exec(template); m; m = re.exec(template)) {
    if (m[2] !== undefined) slots.push({ options: [m[2]] });
    else if (m[1] === 'd') slots.push({ options: DIGITS });
    else if (m[1] === 'D') slots.push({ options: NONZERO });
    else if (m[1] === 'A') slots.push({ options: LETTERS });
    else if (m[1] === 'size') slots.push({ options: [''], size: true });
    else slots.push({ options: (m[1] ?? '').split('|') });
  }
  return slots;
}

/** Colour code for MPNs: initials of several words, else first and third letter. */
const colourCodes = new Map<string, string>();

export function colourCode(colour: string): string {
  const cached = colourCodes.get(colour);
  if (cached) return cached;
  const code = computeColourCode(colour);
  colourCodes.set(colour, code);
  return code;
}

function computeColourCode(colour: string): string {
  const words = colour.split(/[^A-Za-z]+/).filter(Boolean);
  if (words.length > 1) return words.map((w) => w[0]).join('').toUpperCase();
  const word = words[0] ?? 'X';
  return (word.charAt(0) + (word[2] ?? word[1] ?? '')).toUpperCase();
}

const MAX_SPACE = 1e10;

class CompiledLine {
  readonly nameSlots: Slot[];
  readonly codeSlots: Slot[];
  readonly category: CategorySpec;
  readonly sizes: ReadonlyArray<readonly [number, number]>;
  readonly capacities: ReadonlyArray<readonly [string, number]>;
  readonly colours: readonly string[];
  readonly space: number;
  readonly hasSizeSlot: boolean;
  /** The products carry a size of their own (a TV's 65"), apart from their model. */
  readonly sized: boolean;
  used = 0;

  constructor(
    readonly spec: LineSpec,
    readonly lineIndex: number,
  ) {
    const [name, code] = spec.model.includes(' #') ? spec.model.split(' #') : ['', spec.model];
    this.nameSlots = compile(name ?? '');
    this.codeSlots = compile(code ?? '');
    this.hasSizeSlot = this.codeSlots.some((slot) => slot.size);
    this.category = CATEGORIES[spec.category];
    const sizes = spec.sizes ?? this.category.sizes ?? [];
    this.sized = sizes.length > 0;
    this.sizes = this.sized ? sizes : [[0, 1]];
    this.capacities = spec.capacities ?? this.category.capacities ?? [['', 1]];
    this.colours = spec.colours ?? this.category.colours;
    let space = this.sizes.length * this.capacities.length * this.colours.length;
    for (const slot of this.codeSlots) space *= slot.options.length;
    this.space = Math.min(space, MAX_SPACE);
  }

  get exhausted(): boolean {
    return this.used >= this.space;
  }
}

function render(slots: Slot[], pick: (slot: Slot, index: number) => string, size: number): string {
  let out = '';
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as Slot;
    out += slot.size ? String(size) : pick(slot, i);
  }
  return out.replace(/\s+/g, ' ').trim();
}

export interface GenerateProductsOptions {
  /** How many products; omit for an endless stream. */
  products?: number;
  seed: number;
}

/**
 * Deterministic stream of synthetic products: the same seed gives the same products in the same order,
 * and each prefix of a longer run equals a shorter run. Lines are drawn by weight; within a line every
 * product gets a distinct model code and attribute combination, and a line whose combinations run out
 * is retired (so the few real Apple names are not repeated as different products).
 */
export function* generateProducts(options: GenerateProductsOptions): Generator<SyntheticProduct> {
  const seed = options.seed >>> 0;
  if (!Number.isInteger(options.seed)) throw new RangeError('seed must be a whole number');
  const limit = options.products ?? Number.POSITIVE_INFINITY;
  if (!(limit >= 0)) throw new RangeError('products must not be negative');
  const rng = new Rng(mix32(seed, 0x70726f64));
  const lines = LINES.map((spec, i) => new CompiledLine(spec, i));
  let active = lines.slice();
  let cumulative: number[] = [];
  let totalWeight = 0;
  const rebuild = () => {
    active = active.filter((line) => !line.exhausted);
    cumulative = [];
    totalWeight = 0;
    for (const line of active) cumulative.push((totalWeight += line.spec.weight));
  };
  rebuild();
  const appleCounter = { n: 0 };
  for (let index = 0; index < limit; index++) {
    if (active.length === 0) throw new RangeError(`the synthetic vocabulary is exhausted after ${index} products`);
    const target = rng.next() * totalWeight;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    const line = active[lo] as CompiledLine;
    yield makeProduct(line, index, seed, rng, appleCounter);
    line.used++;
    if (line.exhausted) rebuild();
  }
}

function makeProduct(line: CompiledLine, index: number, seed: number, rng: Rng, appleCounter: { n: number }): SyntheticProduct {
  const spec = line.spec;
  // Enumerate the line's combinations in a scattered order: colour, capacity, size, then code slots.
  let k = scatter(line.used, line.space, mix32(seed, line.lineIndex) % line.space);
  const colour = line.colours[k % line.colours.length] as string;
  k = Math.floor(k / line.colours.length);
  const [capacity, capacityFactor] = line.capacities[k % line.capacities.length] as readonly [string, number];
  k = Math.floor(k / line.capacities.length);
  const [size, sizeFactor] = line.sizes[k % line.sizes.length] as readonly [number, number];
  k = Math.floor(k / line.sizes.length);
  const codeChoices: string[] = [];
  for (let s = line.codeSlots.length - 1; s >= 0; s--) {
    const slot = line.codeSlots[s] as Slot;
    codeChoices[s] = slot.options[k % slot.options.length] as string;
    k = Math.floor(k / slot.options.length);
  }
  const code = render(line.codeSlots, (_slot, i) => codeChoices[i] as string, size);
  const name = render(line.nameSlots, (slot) => rng.pick(slot.options), size);
  const category = line.category;

  let mpn: string;
  if (spec.partNumbers) {
    // Apple part numbers: M, three letters or digits, a digit, then the US region suffix (`MTJV3LL/A`).
    const n = permute(appleCounter.n++, ALNUM.length ** 3 * 10, mix32(seed, 0x61706c65));
    let part = String(n % 10);
    for (let i = 0, v = Math.floor(n / 10); i < 3; i++, v = Math.floor(v / ALNUM.length)) part = (ALNUM[v % ALNUM.length] as string) + part;
    mpn = `M${part}LL/A`;
  } else if (spec.mpn) {
    mpn = spec.mpn(code, colour);
  } else {
    // Products of a line differ in code, size, capacity and colour; the MPN must tell them all apart.
    let suffix = line.colours.length > 1 ? colourCode(colour) : '';
    if (line.capacities.length > 1) suffix += String(line.capacities.findIndex(([c]) => c === capacity) + 1);
    if (line.sizes.length > 1 && !line.hasSizeSlot) suffix += String(size);
    mpn = suffix ? `${code}-${suffix}` : code;
  }
  const brandCode = String(BRANDS.indexOf(spec.brand)).padStart(2, '0');
  const body = `2${brandCode}${String(index % 1e9).padStart(9, '0')}`;
  const gtin = body + String(gtinCheckDigit(body));

  const [low, high] = spec.price;
  const dollars = (low + rng.next() * (high - low)) * capacityFactor * sizeFactor;
  const msrpCents = Math.max(999, Math.round(dollars) * 100 - 1);
  const m1 = rng.int(category.marketing.length);
  let m2 = rng.int(category.marketing.length - 1);
  if (m2 >= m1) m2++;
  const marketing = [category.marketing[m1] as string, (category.marketing[m2] ?? category.marketing[m1]) as string] as const;
  const sizeText = line.sized ? `${size}${category.sizeUnit === 'mm' ? 'mm' : '"'}` : '';
  // A family that starts with the brand ("Apple Watch") is not written after it again.
  const brand = spec.family.startsWith(`${spec.brand} `) ? '' : spec.brand;
  const title = [brand, spec.family, name, code, sizeText, capacity, spec.noun, colour]
    .filter((part) => part !== '')
    .join(' ');
  const product: SyntheticProduct = {
    productKey: `syn-${seed}-${index}`,
    index,
    brand: spec.brand,
    category: spec.category,
    categoryLabel: category.label,
    categoryPath: category.path,
    family: spec.family,
    name,
    model: code,
    mpn,
    gtin,
    noun: spec.noun,
    colour,
    msrpCents,
    marketing,
    bundle: rng.pick(category.bundles),
    title,
  };
  if (line.sized) {
    product.size = size;
    product.sizeUnit = category.sizeUnit ?? 'inch';
  }
  if (capacity) product.capacity = capacity;
  if (spec.exclusiveStore) product.exclusiveStore = spec.exclusiveStore;
  return product;
}
