/**
 * Saved product pages read as a pasted link is read: the files of a folder (or named one by one) as pages keyed by their
 * name, each page's address from a mapping file, its bytes decoded by the charset it names, read in the page-reading
 * pool; and what the reader says written either as the item the API answers with or in the fields of the public
 * product-extraction benchmark's output files, which its own `evaluate.py` scores; or scored here against that
 * benchmark's ground truth with the metric of `eval:extraction -- --labels annotations`, brand, GTIN and MPN included.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { decodePage, type PageItem, type PageReadPool } from '@pricehunt/catalog-identity';
import { annotatedValues, binaryOfItem, type CorpusPage, type MetricField, type MetricScore, tallyMetric } from '@pricehunt/catalog-identity/testing';

/** A saved page's file name: HTML, gzip-compressed or not. */
const PAGE_FILE = /\.html?(?:\.gz)?$/i;

export interface SavedPage {
  /** The file name without its extensions: the benchmark's page id, the key of the output. */
  key: string;
  file: string;
}

/** The page's key: its file name without `.html`, `.htm` or `.gz`. */
export function pageKey(file: string): string {
  return path.basename(file).replace(PAGE_FILE, '');
}

/**
 * The pages named: each folder's page files (not those of its sub-folders), each file as given, sorted by key. A path
 * that is not there, a file that is no page and two pages of one key are errors that name them.
 */
export function savedPages(paths: readonly string[]): SavedPage[] {
  const pages: SavedPage[] = [];
  for (const given of paths) {
    if (!fs.existsSync(given)) throw new Error(`${given}: no such file or folder`);
    if (fs.statSync(given).isDirectory()) {
      for (const name of fs.readdirSync(given)) {
        const file = path.join(given, name);
        if (PAGE_FILE.test(name) && fs.statSync(file).isFile()) pages.push({ key: pageKey(name), file });
      }
    } else if (PAGE_FILE.test(given)) {
      pages.push({ key: pageKey(given), file: given });
    } else {
      throw new Error(`${given}: not a page file (.html, .htm, either also .gz)`);
    }
  }
  const seen = new Map<string, string>();
  for (const page of pages) {
    const other = seen.get(page.key);
    if (other !== undefined) throw new Error(`${other} and ${page.file} are both page ${page.key}`);
    seen.set(page.key, page.file);
  }
  return pages.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A JSON document that is an object keyed by page, else an error naming the file and what each page's value `holds`. */
function keyedByPage(text: string, source: string, holds: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`${source}: expected an object keyed by page, ${holds}`);
  return doc as Record<string, unknown>;
}

/** The web address a mapping's value holds: the address, a replay path ending in it, or an object with a `url`. */
function addressIn(value: unknown): string | null {
  const written = typeof value === 'string' ? value : value !== null && typeof value === 'object' ? (value as Record<string, unknown>)['url'] : undefined;
  if (typeof written !== 'string') return null;
  const at = written.search(/https?:\/\//i);
  if (at < 0) return null;
  try {
    return new URL(written.slice(at)).href;
  } catch {
    return null;
  }
}

/**
 * Each page's address from a JSON object keyed by page: `{ key: "https://…" }`, the benchmark's ground truth
 * (`{ key: { url, … } }`) or its replay mapping (`{ key: "/collection/20210203105656/https://…" }`). A key whose value
 * holds no web address is left out; a document that is no such object is an error.
 */
export function addressesFrom(text: string, source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(keyedByPage(text, source, "each naming the page's address"))) {
    const address = addressIn(value);
    if (address) out.set(key, address);
  }
  return out;
}

/** A saved page's text: gunzipped when its bytes are gzip's, decoded by the charset its <meta> names (UTF-8 else). */
export function decodeSavedPage(bytes: Buffer): string {
  const gzipped = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  return decodePage(gzipped ? zlib.gunzipSync(bytes) : bytes, null);
}

/** One page's fields as the benchmark's output files write them; strings only, a field the reader did not find left out. */
export type BenchmarkFields = Partial<Record<'url' | 'name' | 'price' | 'currency' | 'sku' | 'availability' | 'InStock' | 'OutOfStock' | 'brand' | 'gtin' | 'mpn', string>>;

/**
 * What the reader says of a page in the fields of the benchmark's output: price as a decimal in major units,
 * availability as InStock or OutOfStock with a field of that name beside it, the model or part number as `mpn`.
 */
export function benchmarkFields(item: PageItem | null, url: string | undefined): BenchmarkFields {
  const out: BenchmarkFields = {};
  if (url) out.url = url;
  if (!item) return out;
  out.name = item.title;
  if (item.priceCents != null) out.price = (item.priceCents / 100).toFixed(2);
  if (item.currency) out.currency = item.currency;
  if (item.sku) out.sku = item.sku;
  const availability = binaryOfItem(item.availability);
  if (availability) {
    out.availability = availability;
    out[availability] = availability;
  }
  if (item.brand) out.brand = item.brand;
  if (item.gtin) out.gtin = item.gtin;
  if (item.model) out.mpn = item.model;
  return out;
}

/** A page's reading: the item (null when the page names none), or why it could not be read. */
export type PageReading = { page: SavedPage; url: string | undefined; item: PageItem | null } | { page: SavedPage; url: string | undefined; error: string };

/**
 * Reads the pages in the pool, at most twice as many at once as it has threads (so its queue never fills), and calls
 * `onRead` as each is done; the readings come back in the pages' order. A page the pool refuses or gives up (too large,
 * too slow, its thread died) is a reading with its error; the others go on.
 */
export async function readSavedPages(pages: readonly SavedPage[], addresses: ReadonlyMap<string, string>, pool: PageReadPool, onRead: () => void = () => undefined): Promise<PageReading[]> {
  const out: PageReading[] = new Array<PageReading>(pages.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let at = next++; at < pages.length; at = next++) {
      const page = pages[at] as SavedPage;
      const url = addresses.get(page.key);
      try {
        const html = decodeSavedPage(fs.readFileSync(page.file));
        out[at] = { page, url, item: await pool.read(html, url ? { url } : {}) };
      } catch (error) {
        out[at] = { page, url, error: error instanceof Error ? error.message : String(error) };
      }
      onRead();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, pool.size * 2) }, lane));
  return out;
}

/** A page's labels: for each annotated field, the list of right answers. */
type PageLabels = NonNullable<CorpusPage['annotations']>;
const LABELLED_FIELDS = ['price', 'sku', 'availability', 'brand', 'gtin', 'mpn'] as const;

/**
 * Each page's right answers from a JSON object keyed by page, as the benchmark's `dataset/ground-truth.json` writes them
 * (`{ key: { price: ["259"], sku: ["14347"], availability: ["InStock"], brand: […], gtin: […], mpn: […], … } }`); other
 * fields are left out. A page's entry that is no object, or a field that is no list of texts, is an error naming both.
 */
export function labelsFrom(text: string, source: string): Map<string, PageLabels> {
  const out = new Map<string, PageLabels>();
  for (const [key, entry] of Object.entries(keyedByPage(text, source, "each with its fields' right answers"))) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new Error(`${source}: page ${key}: expected an object of fields`);
    const labels: PageLabels = {};
    for (const field of LABELLED_FIELDS) {
      const values: unknown = (entry as Record<string, unknown>)[field];
      if (values === undefined) continue;
      if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) throw new Error(`${source}: page ${key}: ${field} must be a list of texts`);
      labels[field] = values as string[];
    }
    out.set(key, labels);
  }
  return out;
}

/**
 * The metric over the readings of the labelled pages: a page without labels is not scored; one the pool could not read
 * (too large, too slow) counts as read with no answer, as a page the reader finds no item in.
 */
export function scoreReadings(readings: readonly PageReading[], labels: ReadonlyMap<string, PageLabels>): { pages: number; fields: Record<MetricField, MetricScore> } {
  const scored = readings.flatMap((r) => {
    const annotations = labels.get(r.page.key);
    return annotations ? [[r.page.key, annotatedValues({ annotations }, 'item' in r ? r.item : null)] as const] : [];
  });
  return { pages: scored.length, fields: tallyMetric(scored).fields };
}
