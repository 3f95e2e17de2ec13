import type { ProductLine, ProductSummary } from '@pricehunt/contracts';

/** A product of a list, with the line it is a version of where the list tells it (search's matches, browse's pages). */
export type ListProduct = ProductSummary & { line?: ProductLine | null };

/** A version of a line in a list: the product and its variant as its name writes it ("128GB, Black Titanium"). */
export interface LineVersion {
  product: ListProduct;
  variant: string;
}

/** A choice a line's card offers: a size (or a version), the cheapest version of it, and how many versions it has. */
export interface LineChoice {
  label: string;
  cheapest: ListProduct;
  versions: number;
}

/** A line of a list's products shown as one: its name, maker, versions and the choices they give. */
export interface LineGroup {
  key: string;
  name: string;
  brand: string | null;
  versions: LineVersion[];
  /** The cheapest version that can be bought, else the first. */
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

/** The choices and other parts of a line's versions (`LineGroup`). */
function choicesOf(versions: readonly LineVersion[]): Pick<LineGroup, 'choices' | 'others'> {
  const written = versions.map((version) => version.variant.split(/\s*,\s*/).filter(Boolean));
  // Versions of one size ("256GB, Black Titanium", "256GB, White Titanium") are chosen by their other parts; versions
  // whose variants are not all of two parts or more, each by its whole variant.
  const oneSize = new Set(written.map((p) => p[0])).size === 1 && written.every((p) => p.length >= 2);
  const split = !oneSize && written.every((p) => p.length >= 2);
  // Of one size, the parts that tell the versions apart name them ("Silver" of "13\", 8GB RAM, 256GB SSD, Silver").
  const telling = (p: string[]) => p.filter((part, k) => k > 0 && written.some((other) => other[k] !== part));
  const parts = written.map((p, at) => (split ? p : oneSize ? [telling(p).join(', ') || p.slice(1).join(', ')] : [(versions[at] as LineVersion).variant]));
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
  const choices = [...byLabel.values()].sort(bySize).map(({ label, members }) => ({
    label,
    cheapest: members.reduce((best, member) => (priceOf(member) < priceOf(best) ? member : best)),
    versions: members.length,
  }));
  return { choices, others: others.sort((a, b) => a.localeCompare(b)) };
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
  for (const product of products) {
    const key = product.line?.key;
    const versions = key === undefined ? undefined : byKey.get(key);
    if (key === undefined || !versions || versions.length < 2) out.push({ product });
    else if (!placed.has(key)) {
      placed.add(key);
      const brands = new Set(versions.map((version) => version.product.brand));
      const cheapest = versions.map((version) => version.product).reduce((best, member) => (priceOf(member) < priceOf(best) ? member : best));
      out.push({ line: { key, name: product.line?.name ?? product.title, brand: brands.size === 1 ? product.brand : null, versions, cheapest, ...choicesOf(versions) } });
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
