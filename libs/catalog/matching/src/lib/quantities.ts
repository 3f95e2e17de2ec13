/**
 * Measured quantities pulled out of free-text titles: capacity, screen size, power, battery, frequency, length,
 * resolution and pack count.
 *
 * Units are normalised to one base unit per kind, decimal as retailers print them:
 * data in bytes with 1 KB = 1000 B, 1 GB = 1000 MB, 1 TB = 1000 GB (so "1TB" ≡ "1 TB" ≡ "1000GB");
 * sizes in inches ("55in", '55"', "55-inch"); power in watts; battery in mAh; frequency in Hz
 * (kHz/MHz/GHz scaled); lengths in millimetres (cm, m scaled); resolution in megapixels.
 */
import { foldText } from './normalise';

export type QuantityKind = 'data' | 'size' | 'power' | 'battery' | 'frequency' | 'length' | 'resolution' | 'pack';

export interface Quantity {
  kind: QuantityKind;
  /** Value in the base unit of the kind (bytes, inches, watts, mAh, Hz, mm, megapixels, units). */
  value: number;
  /** The text it was read from, e.g. "64GB". */
  text: string;
  /** A capacity the title says is the item's memory ("8GB RAM", "16GB Unified Memory"), not what it stores. */
  memory?: true;
}

interface UnitDef {
  kind: QuantityKind;
  factor: number;
}

const UNITS: Record<string, UnitDef> = {
  kb: { kind: 'data', factor: 1e3 },
  mb: { kind: 'data', factor: 1e6 },
  gb: { kind: 'data', factor: 1e9 },
  tb: { kind: 'data', factor: 1e12 },
  // French shops count bytes in octets: "128 Go", "2 To".
  go: { kind: 'data', factor: 1e9 },
  to: { kind: 'data', factor: 1e12 },
  '"': { kind: 'size', factor: 1 },
  "''": { kind: 'size', factor: 1 },
  in: { kind: 'size', factor: 1 },
  inch: { kind: 'size', factor: 1 },
  inches: { kind: 'size', factor: 1 },
  // The inch in the languages of European shops ("65 Zoll", "55 pouces", "50 pulgadas", "55 pollici", "55 cali", "55 duim").
  zoll: { kind: 'size', factor: 1 },
  pouce: { kind: 'size', factor: 1 },
  pouces: { kind: 'size', factor: 1 },
  pulgada: { kind: 'size', factor: 1 },
  pulgadas: { kind: 'size', factor: 1 },
  pollici: { kind: 'size', factor: 1 },
  cali: { kind: 'size', factor: 1 },
  duim: { kind: 'size', factor: 1 },
  w: { kind: 'power', factor: 1 },
  watt: { kind: 'power', factor: 1 },
  watts: { kind: 'power', factor: 1 },
  kw: { kind: 'power', factor: 1000 },
  mah: { kind: 'battery', factor: 1 },
  hz: { kind: 'frequency', factor: 1 },
  khz: { kind: 'frequency', factor: 1e3 },
  mhz: { kind: 'frequency', factor: 1e6 },
  ghz: { kind: 'frequency', factor: 1e9 },
  mm: { kind: 'length', factor: 1 },
  cm: { kind: 'length', factor: 10 },
  mp: { kind: 'resolution', factor: 1 },
  megapixel: { kind: 'resolution', factor: 1 },
  megapixels: { kind: 'resolution', factor: 1 },
};

// A number, optional space or dash, a unit; the unit must not run on into more letters.
const QUANTITY_RE =
  /(?<![a-z0-9.])(\d+(?:\.\d+)?)\s?-?\s?(kb|mb|gb|tb|go|to|"|''|inches|inch|in|zoll|pouces|pouce|pulgadas|pulgada|pollici|cali|duim|watts|watt|kw|w|mah|khz|mhz|ghz|hz|mm|cm|megapixels|megapixel|mp)(?![a-z0-9])/g;
/**
 * A screen's diagonal in inches, by the word after the number: a television's class ('Samsung - 65" Class QN90C', and
 * the same in a URL slug, where the inch mark is lost: "samsung-65-class-qn90c"), or the word "diagonal" (a projection
 * screen's "Fixed Frame Screen - 135 Diagonal").
 */
const SCREEN_CLASS_RE = /(?<![a-z0-9.])(\d{2,3})\s?(?:"|''|-?\s?inch)?\s?-?\s?(?:class|diagonal)(?![a-z0-9])/g;
/**
 * How shops write a multipack's count, in folded text: "24-Pack", "1000 count", "Pack of 24", and in the languages of
 * European shops "24er Pack", "lot de 24", "pack de 24", "confezione da 24", "Packung mit 24", "set van 24".
 */
const MULTIPACK_RES = [
  /(?<![a-z0-9])(\d{1,4})\s*-?\s*(?:pack|pk|count|ct)(?![a-z])/g,
  /(?<![a-z0-9])(\d{1,3})er[\s-]?(?:pack|packung|set)(?![a-z])/g,
  /(?<![a-z])(?:pack|set|box|case|lot|paquet|paquete|lote|packung|confezione|pacco) (?:of|de|da|mit|van) (\d{1,4})(?![0-9])/g,
];
/** A count of pieces ("24 pcs", "24 Stück", "24 pezzi"): a measure of the item, as a pack's count is. */
const PIECES_RE = /(?<![a-z0-9])(\d{1,3})\s?-?\s?(?:pcs|pieces|piece|stuck|stk|stuks|pezzi|unidades)(?![a-z])/g;
const PACK_RES = [...MULTIPACK_RES, PIECES_RE];

/** The multipack counts a title states ("AA Batteries 24er Pack": 24), each over one, in reading order. */
export function multipackCounts(title: string): number[] {
  const text = foldText(title);
  return MULTIPACK_RES.flatMap((re) => [...text.matchAll(re)].map((m) => Number(m[1]))).filter((count) => count > 1);
}

/**
 * The words after a capacity that make it working memory: "RAM", "DDR5", "LPDDR5X", "(unified) memory"; a memory card
 * or stick stores ("128GB Memory Card").
 */
const MEMORY_AFTER = /^\)?,?\s?(?:of\s)?(?:(?:lp)?ddr\d\w*\s)?(?:ram|sdram|(?:lp)?ddr\d\w*|(?:unified\s|system\s)?memory(?!\s?(?:card|stick)s?(?![a-z])))(?![a-z])/;

/**
 * A capacity paired with a larger one right after it, a plus, a slash, a comma or a space between, as phone listings
 * write memory and storage ("8GB+256GB", "12 GB / 512 GB", "12GB 256GB"): the first is memory when it is at most 32 GB
 * and the second four times it or more (a choice of two storage sizes, "1TB/2TB", is no pair).
 */
const PAIRED_AFTER = /^(?:\s?[+/]\s?|,?\s)(\d+(?:\.\d+)?)\s?(gb|tb)(?![a-z0-9])/;
const PAIRED_MEMORY_MAX = 32e9;

function pairedWithStorage(bytes: number, after: string): boolean {
  const m = PAIRED_AFTER.exec(after);
  if (!m || bytes > PAIRED_MEMORY_MAX) return false;
  const next = Number(m[1]) * (m[2] === 'tb' ? 1e12 : 1e9);
  return next >= bytes * 4;
}

function roundKey(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * A quantity in its kind's base unit, written so that two ways of stating one amount compare equal: memory counted in
 * binary ("1024MB" graphics memory, "1536 MB") is the next unit up ("1 GB", "1.5 GB"), and a camera's megapixels are
 * stated cut to whole ones by one shop and not by another ("14.7 megapixel" and "14 megapixel" of one camera), so they
 * count in whole megapixels.
 */
/** A connector's name before a number: "USB 3.0 To VGA" is an adapter's, not 3 terabytes. */
const CONNECTOR_BEFORE = /(?:usb|hdmi|sata|displayport|dp|thunderbolt|pcie|firewire|lightning|ethernet|type[- ]?c)\s?-?\s?$/;

/**
 * Whether "<number> to" is terabytes as French shops write them: "To" with its capital ("2 To", "1,5 To"), after no
 * connector's name (`before`: the folded title up to the number).
 */
function writesTerabytes(title: string, number: string, before: string): boolean {
  if (CONNECTOR_BEFORE.test(before)) return false;
  const written = number.replace('.', '[.,]');
  return new RegExp(`(?<![\\p{L}\\p{N}.,])${written}\\s?-?\\s?To(?![\\p{L}\\p{N}])`, 'u').test(title);
}

function baseValue(value: number, def: UnitDef): number {
  if (def.kind === 'data' && value >= 1024 && value % 256 === 0 && def.factor < 1e12) return (value / 1024) * def.factor * 1000;
  if (def.kind === 'resolution' && value >= 2) return Math.trunc(value);
  return value * def.factor;
}

/** Every measured quantity in a title, in reading order. */
export function extractQuantities(title: string): Quantity[] {
  const text = foldText(title);
  const out: Quantity[] = [];
  for (const m of text.matchAll(QUANTITY_RE)) {
    const unit = m[2] as string;
    const def = UNITS[unit];
    if (!def) continue;
    const value = Number(m[1]);
    if (!Number.isFinite(value) || value <= 0) continue;
    const after = text.slice((m.index ?? 0) + m[0].length);
    // "2 in 1" is a form factor, not a size.
    if (unit === 'in' && /^\s?-?\s?1(?![0-9])/.test(after)) continue;
    // "5 in-wall", "7 in-dash", "3-in-one": "in" begins the word after the number; it is not inches.
    if (unit === 'in' && /^-\p{L}/u.test(after)) continue;
    // "2 to 4 players", "ready 2 go 5": a number after the word makes it a range's or a phrase's, not octets.
    if ((unit === 'to' || unit === 'go') && /^\s?-?\s?\d/.test(after)) continue;
    if (unit === 'to' && !writesTerabytes(title, m[1] as string, text.slice(0, m.index))) continue;
    // "7,450MB/s" (or "450mb s" in a URL slug) is a transfer rate, not a capacity.
    if (def.kind === 'data' && /^(?:\s?\/\s?|\s)s(?![a-z0-9])/.test(after)) continue;
    const quantity: Quantity = { kind: def.kind, value: roundKey(baseValue(value, def)), text: m[0].trim() };
    if (def.kind === 'data' && (MEMORY_AFTER.test(after) || pairedWithStorage(quantity.value, after))) quantity.memory = true;
    out.push(quantity);
  }
  for (const m of text.matchAll(SCREEN_CLASS_RE)) {
    const value = Number(m[1]);
    if (!out.some((q) => q.kind === 'size' && q.value === value)) out.push({ kind: 'size', value, text: m[0].trim() });
  }
  for (const re of PACK_RES) {
    for (const m of text.matchAll(re)) {
      const value = Number(m[1]);
      if (value > 1) out.push({ kind: 'pack', value, text: m[0].trim() });
    }
  }
  return out;
}

/** Quantities grouped by kind, as sets of base-unit values. */
export function quantitiesByKind(quantities: readonly Quantity[]): Map<QuantityKind, Set<number>> {
  const map = new Map<QuantityKind, Set<number>>();
  for (const q of quantities) {
    let set = map.get(q.kind);
    if (!set) map.set(q.kind, (set = new Set()));
    set.add(q.value);
  }
  return map;
}
