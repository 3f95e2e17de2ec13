import type { ProductLine, ProductSummary } from '@pricehunt/contracts';

/** A product of a list, with the line it is a version of where the list tells it (search's matches, browse's pages). */
export type ListProduct = ProductSummary & { line?: ProductLine | null };

/** A version of a line in a list: the product and its variant as its name writes it ("128GB, Black Titanium"). */
export interface LineVersion {
  product: ListProduct;
  variant: string;
}

/**
 * A choice a line's card offers: a size (or a version), the cheapest version of it, how many versions it has, and
 * whether one of them is what the list was asked for (a search's match, not a version listed with it).
 */
export interface LineChoice {
  label: string;
  cheapest: ListProduct;
  versions: number;
  fits: boolean;
}

/** A line of a list's products shown as one: its name, maker, versions and the choices they give. */
export interface LineGroup {
  key: string;
  name: string;
  brand: string | null;
  /** What every version's variant states alike ('13"' of '13", 128GB, Blue' and '13", 256GB, Purple'), or null. */
  shared: string | null;
  versions: LineVersion[];
  /** How many versions are the list's own; the others joined it as versions of its line (`groupLines`). */
  fitting: number;
  /** The cheapest of the versions that are the list's own. */
  cheapest: ListProduct;
  /**
   * The first part of the versions' variants (their sizes); each version where the variants have one part, or where
   * they share the first (then named by the others: their colours).
   */
  choices: LineChoice[];
  /** The variants' last parts (their colours), each once, in alphabetical order; empty where they have one part. */
  others: string[];
}

export type ListEntry = { product: ListProduct } | { line: LineGroup };

const priceOf = (product: ListProduct) => product.bestPriceCents ?? Number.POSITIVE_INFINITY;
const cheapestOf = (products: readonly ListProduct[]) => products.reduce((best, member) => (priceOf(member) < priceOf(best) ? member : best));

/** The size a variant's first part states, in one unit per kind ("1TB" is 1000 GB, '65"' is 65), or null. */
function sizeOf(label: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(tb|gb|mb|"|”|in|inch|mm|cm)?\b/i.exec(label.trim());
  if (!m) return null;
  const unit = (m[2] ?? '').toLowerCase();
  return Number(m[1]) * (unit === 'tb' ? 1000 : unit === 'mb' ? 0.001 : 1);
}

/** Smallest size first, labels of no size after those in the order they came. */
function bySize(a: { label: string; at: number }, b: { label: string; at: number }): number {
  const [x, y] = [sizeOf(a.label), sizeOf(b.label)];
  if (x !== null && y !== null && x !== y) return x - y;
  if ((x === null) !== (y === null)) return x === null ? 1 : -1;
  return a.at - b.at;
}

/** The choices and other parts of a line's versions (`LineGroup`); those of versions that fit (`fits`) come first. */
function choicesOf(versions: readonly LineVersion[], fits: ReadonlySet<ListProduct>): Pick<LineGroup, 'choices' | 'others' | 'shared'> {
  const written = versions.map((version) => version.variant.split(/\s*,\s*/).filter(Boolean));
  // Versions of one size ("256GB, Black Titanium", "256GB, White Titanium") are chosen by their other parts; versions
  // whose variants are not all of two parts or more, each by its whole variant.
  const oneSize = new Set(written.map((p) => p[0])).size === 1 && written.every((p) => p.length >= 2);
  const split = !oneSize && written.every((p) => p.length >= 2);
  // Of one size, the parts that tell the versions apart name them ("Silver" of "13\", 8GB RAM, 256GB SSD, Silver").
  const telling = (p: string[]) => p.filter((part, k) => k > 0 && written.some((other) => other[k] !== part));
  const parts = written.map((p, at) => (split ? p : oneSize ? [telling(p).join(', ') || p.slice(1).join(', ')] : [(versions[at] as LineVersion).variant]));
  // What every version states alike, where the choices leave it out: the one size of versions chosen by colour.
  const shared = oneSize ? (written[0] as string[]).filter((part, k) => k === 0 || !written.some((other) => other[k] !== part)).join(', ') : null;
  const byLabel = new Map<string, { label: string; at: number; members: ListProduct[] }>();
  const others: string[] = [];
  versions.forEach((version, at) => {
    const own = parts[at] as string[];
    const label = own[0] as string;
    const entry = byLabel.get(label) ?? { label, at, members: [] };
    entry.members.push(version.product);
    byLabel.set(label, entry);
    // The last part is the finish ("13\", 8GB RAM, 256GB SSD, Midnight"); the parts between, the version's page offers.
    const finish = own[own.length - 1] as string;
    if (split && !others.includes(finish)) others.push(finish);
  });
  const fitting = (entry: { members: ListProduct[] }) => entry.members.some((member) => fits.has(member));
  const choices = [...byLabel.values()]
    .sort((a, b) => Number(fitting(b)) - Number(fitting(a)) || bySize(a, b))
    .map((entry) => ({ label: entry.label, cheapest: cheapestOf(entry.members), versions: entry.members.length, fits: fitting(entry) }));
  return { choices, others: others.sort((a, b) => a.localeCompare(b)), shared };
}

/**
 * A list's products with each line of two versions or more as one entry, where its first version is listed; `joining`
 * are products listed elsewhere (past the list's length) that are versions of a line this list holds, and join it.
 * Products of no line (`line` null or absent, as in a pasted link's lists) stay as they are.
 */
export function groupLines(products: readonly ListProduct[], joining: readonly ListProduct[] = []): ListEntry[] {
  const byKey = new Map<string, LineVersion[]>();
  for (const product of [...products, ...joining]) {
    if (!product.line) continue;
    byKey.set(product.line.key, [...(byKey.get(product.line.key) ?? []), { product, variant: product.line.variant }]);
  }
  const out: ListEntry[] = [];
  const placed = new Set<string>();
  const own: ReadonlySet<ListProduct> = new Set(products);
  for (const product of products) {
    const key = product.line?.key;
    const versions = key === undefined ? undefined : byKey.get(key);
    if (key === undefined || !versions || versions.length < 2) out.push({ product });
    else if (!placed.has(key)) {
      placed.add(key);
      const brands = new Set(versions.map((version) => version.product.brand));
      const fits = new Set(versions.map((version) => version.product).filter((member) => own.has(member)));
      const cheapest = cheapestOf(versions.map((version) => version.product).filter((member) => fits.has(member)));
      const name = product.line?.name ?? product.title;
      out.push({ line: { key, name, brand: brands.size === 1 ? product.brand : null, versions, fitting: fits.size, cheapest, ...choicesOf(versions, fits) } });
    }
  }
  return out;
}

/** The products of `more` that are versions of a line `products` hold, and the rest. */
export function splitJoining<T extends ListProduct>(products: readonly T[], more: readonly T[]): { joining: T[]; rest: T[] } {
  const keys = new Set(products.flatMap((product) => (product.line ? [product.line.key] : [])));
  const joins = (product: T) => product.line != null && keys.has(product.line.key);
  return { joining: more.filter(joins), rest: more.filter((product) => !joins(product)) };
}
