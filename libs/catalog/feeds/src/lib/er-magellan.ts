import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { readDelimited } from './delimited';
import { type FieldNames, buildOffer, clean } from './normalise';
import type { FeedParseResult, FeedRow, RowError, StreamOptions } from './offer';
import { parsePrice } from './price';
import { slugify } from './slug';
import { FeedFormatError, collectRows, withProgress } from './stream';
import { displayCase } from './display-case';

/**
 * Readers for the ER-Magellan / DeepMatcher product-matching benchmarks (Walmart-Amazon, Abt-Buy,
 * Amazon-Google): `tableA.csv` and `tableB.csv` of records, and `train.csv` / `valid.csv` / `test.csv`
 * of labelled candidate pairs (`ltable_id,rtable_id,label`).
 *
 * Retailer ids: Walmart-Amazon A = `walmart`, B = `amazon`; Abt-Buy A = `abt`, B = `buy` (Buy.com);
 * Amazon-Google A = `amazon`, B = `google-shopping` (Google Products).
 *
 * The records have no real retailer ids or URLs, only row numbers. So that pasted-URL lookups and
 * links work in the seeded demo, each record gets an id and a URL in its retailer's real shape, but
 * both are DERIVED from the row number, never real: every derived id is marked, as
 * `B0M<W|G><6-digit row>` for Amazon ASINs (`W` Walmart-Amazon, `G` Amazon-Google) and as
 * `99<8-digit row>` for the numeric ids of Walmart, Abt, Buy.com and Google Shopping. These URLs do
 * not lead to the product; `isDerivedErMagellanId` recognises them and every record carries
 * `urlDerived: true`.
 *
 * Prices are USD from about 2007–2012; many are empty, and Walmart has some `0.0`. An offer needs a
 * price, so the offer readers skip those rows with an error on `price`; `readErMagellanRecords` keeps
 * every record with `priceCents: null`, for matching work that needs all of them.
 */
export const ER_MAGELLAN_DATASETS = {
  'Walmart-Amazon': { code: 'W', A: 'walmart', B: 'amazon', columns: ['id', 'title', 'category', 'brand', 'modelno', 'price'] },
  'Abt-Buy': { code: 'B', A: 'abt', B: 'buy', columns: ['id', 'name', 'description', 'price'] },
  'Amazon-Google': { code: 'G', A: 'amazon', B: 'google-shopping', columns: ['id', 'title', 'manufacturer', 'price'] },
} as const;

export type ErMagellanDataset = keyof typeof ER_MAGELLAN_DATASETS;
export type ErMagellanSide = 'A' | 'B';
export type ErMagellanRetailer = (typeof ER_MAGELLAN_DATASETS)[ErMagellanDataset][ErMagellanSide];

export interface ErMagellanRecord {
  dataset: ErMagellanDataset;
  side: ErMagellanSide;
  /** The `id` column: the row number in its table. */
  recordId: number;
  retailer: ErMagellanRetailer;
  /** Derived, marked retailer-shaped id (see the module note). */
  externalId: string;
  /** Derived URL in the retailer's URL shape; it does not lead to the product. */
  url: string;
  urlDerived: true;
  title: string;
  description?: string;
  brand?: string;
  /** Model number (Walmart-Amazon `modelno`). */
  mpn?: string;
  category?: string;
  /** USD cents, or null when the table has no price (empty or 0). */
  priceCents: number | null;
}

export type ErMagellanRecordRow = { line: number; record: ErMagellanRecord; errors?: undefined } | { line: number; record?: undefined; errors: RowError[] };

/** Derived external id of a record, as the table readers and the pair reader produce it. */
export function erMagellanExternalId(dataset: ErMagellanDataset, side: ErMagellanSide, recordId: number): string {
  const spec = ER_MAGELLAN_DATASETS[dataset];
  if (spec[side] === 'amazon') return `B0M${spec.code}${String(recordId).padStart(6, '0')}`;
  return `99${String(recordId).padStart(8, '0')}`;
}

/** True for ids made by `erMagellanExternalId`. */
export function isDerivedErMagellanId(id: string): boolean {
  return /^B0M[WG]\d{6}$/.test(id) || /^99\d{8}$/.test(id);
}

/** Derived URL in the shape the retailer uses for product pages. */
export function erMagellanUrl(retailer: ErMagellanRetailer, externalId: string, title: string): string {
  const slug = slugify(title);
  switch (retailer) {
    case 'walmart':
      return `https://www.walmart.com/ip/${slug}/${externalId}`;
    case 'amazon':
      return `https://www.amazon.com/${slug}/dp/${externalId}`;
    case 'abt':
      return `https://www.abt.com/${slug}/p/${externalId}.html`;
    case 'buy':
      return `https://www.buy.com/prod/${slug}/${externalId}.html`;
    case 'google-shopping':
      return `https://www.google.com/shopping/product/${externalId}`;
  }
}

function tablePath(root: string, dataset: ErMagellanDataset, file: string): string {
  if (!(dataset in ER_MAGELLAN_DATASETS)) throw new FeedFormatError(`Unknown dataset "${dataset}"`, 'dataset');
  return join(root, dataset, file);
}

async function openCsv(path: string) {
  try {
    await access(path);
  } catch {
    throw new FeedFormatError(`${path} does not exist or cannot be read`, 'path');
  }
  return createReadStream(path);
}

/**
 * Every record of `tableA.csv` or `tableB.csv` under `<root>/<dataset>/`, including those without a
 * price. Rows with a bad id, a wrong column count or no title are errors.
 */
export async function* readErMagellanRecords(root: string, dataset: ErMagellanDataset, side: ErMagellanSide): AsyncGenerator<ErMagellanRecordRow> {
  const spec = ER_MAGELLAN_DATASETS[dataset];
  const path = tablePath(root, dataset, `table${side}.csv`);
  const retailer = spec[side];
  let header: string[] | undefined;
  for await (const { line, fields, unterminated } of readDelimited(await openCsv(path), { delimiter: ',' })) {
    if (!header) {
      header = fields.map((f) => f.trim());
      if (header.join(',') !== spec.columns.join(',')) {
        throw new FeedFormatError(`${path} has columns ${header.join(',')}; expected ${spec.columns.join(',')}`, 'header', line);
      }
      continue;
    }
    if (unterminated) {
      yield { line, errors: [{ line, field: 'row', reason: 'has a quoted field that is never closed' }] };
      continue;
    }
    if (fields.length !== header.length) {
      yield { line, errors: [{ line, field: 'row', reason: `has ${fields.length} columns but the header has ${header.length}` }] };
      continue;
    }
    const value = (name: string) => clean(fields[header?.indexOf(name) ?? -1]);
    const idText = value('id') ?? '';
    const errors: RowError[] = [];
    if (!/^\d+$/.test(idText)) errors.push({ line, field: 'id', reason: `"${idText}" is not a record number` });
    const title = value(dataset === 'Abt-Buy' ? 'name' : 'title');
    if (!title) errors.push({ line, field: dataset === 'Abt-Buy' ? 'name' : 'title', reason: 'is required' });
    let priceCents: number | null = null;
    const priceText = value('price');
    if (priceText) {
      const parsed = parsePrice(priceText, 'USD');
      if (!parsed.ok) errors.push({ line, field: 'price', reason: parsed.reason });
      else if (parsed.value.cents > 0) priceCents = parsed.value.cents;
    }
    if (errors.length > 0 || !title) {
      yield { line, errors };
      continue;
    }
    const recordId = Number(idText);
    const externalId = erMagellanExternalId(dataset, side, recordId);
    const record: ErMagellanRecord = {
      dataset,
      side,
      recordId,
      retailer,
      externalId,
      url: erMagellanUrl(retailer, externalId, title),
      urlDerived: true,
      title,
      priceCents,
    };
    const description = value('description');
    const brand = value('brand') ?? value('manufacturer');
    const mpn = value('modelno');
    const category = value('category');
    if (description) record.description = description;
    if (brand) record.brand = brand;
    if (mpn) record.mpn = mpn;
    if (category) record.category = category;
    yield { line, record };
  }
  if (!header) throw new FeedFormatError(`${path} is empty`, 'header');
}

const RECORD_NAMES: FieldNames = { title: 'title', mpn: 'modelno', price: 'price', brand: 'brand', description: 'description', category: 'category' };

/** Offers of one table; records without a price become errors on `price` (see the module note). */
export async function* readErMagellanTable(
  root: string,
  dataset: ErMagellanDataset,
  side: ErMagellanSide,
  options: StreamOptions = {},
): AsyncGenerator<FeedRow> {
  async function* rows(): AsyncGenerator<FeedRow> {
    const names: FieldNames = {
      ...RECORD_NAMES,
      title: dataset === 'Abt-Buy' ? 'name' : 'title',
      brand: dataset === 'Amazon-Google' ? 'manufacturer' : 'brand',
    };
    for await (const row of readErMagellanRecords(root, dataset, side)) {
      if (!row.record) {
        yield row;
        continue;
      }
      const r = row.record;
      if (r.priceCents === null) {
        yield { line: row.line, errors: [{ line: row.line, field: 'price', reason: 'is empty or zero: an offer needs a price' }] };
        continue;
      }
      yield buildOffer(
        {
          externalId: r.externalId,
          retailer: r.retailer,
          url: r.url,
          // The tables hold every text in lower case: shoppers read titles and brands cased again.
          title: displayCase(r.title),
          description: r.description,
          brand: r.brand === undefined ? undefined : displayCase(r.brand),
          mpn: r.mpn === undefined ? undefined : displayCase(r.mpn),
          category: r.category === undefined ? undefined : displayCase(r.category),
          price: `${(r.priceCents / 100).toFixed(2)} USD`,
        },
        row.line,
        names,
      );
    }
  }
  yield* withProgress(rows(), options);
}

/** `{ offers, errors, total }` of one table. */
export async function parseErMagellanTable(
  root: string,
  dataset: ErMagellanDataset,
  side: ErMagellanSide,
  options: StreamOptions = {},
): Promise<FeedParseResult> {
  return collectRows(readErMagellanTable(root, dataset, side, options));
}

export type ErMagellanSplit = 'train' | 'valid' | 'test';

export interface ErMagellanPair {
  left: { retailer: ErMagellanRetailer; externalId: string; recordId: number };
  right: { retailer: ErMagellanRetailer; externalId: string; recordId: number };
  /** 1: the two records are the same product; 0: they are not. */
  label: 0 | 1;
}

/**
 * Labelled pairs of a split (`train.csv`, `valid.csv`; `test.csv` where present), with both sides as
 * the derived external ids the table readers give, so known matches can share a product cluster.
 */
export async function readErMagellanPairs(
  root: string,
  dataset: ErMagellanDataset,
  split: ErMagellanSplit,
): Promise<{ pairs: ErMagellanPair[]; errors: RowError[]; total: number }> {
  const spec = ER_MAGELLAN_DATASETS[dataset];
  const path = tablePath(root, dataset, `${split}.csv`);
  const pairs: ErMagellanPair[] = [];
  const errors: RowError[] = [];
  let total = 0;
  let header = false;
  for await (const { line, fields } of readDelimited(await openCsv(path), { delimiter: ',' })) {
    if (!header) {
      if (fields.map((f) => f.trim()).join(',') !== 'ltable_id,rtable_id,label') {
        throw new FeedFormatError(`${path} has columns ${fields.join(',')}; expected ltable_id,rtable_id,label`, 'header', line);
      }
      header = true;
      continue;
    }
    total++;
    const [l = '', r = '', label = ''] = fields.map((f) => f.trim());
    const rowErrors: RowError[] = [];
    if (fields.length !== 3) rowErrors.push({ line, field: 'row', reason: `has ${fields.length} columns; expected 3` });
    else {
      if (!/^\d+$/.test(l)) rowErrors.push({ line, field: 'ltable_id', reason: `"${l}" is not a record number` });
      if (!/^\d+$/.test(r)) rowErrors.push({ line, field: 'rtable_id', reason: `"${r}" is not a record number` });
      if (label !== '0' && label !== '1') rowErrors.push({ line, field: 'label', reason: `"${label}" is not 0 or 1` });
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    pairs.push({
      left: { retailer: spec.A, externalId: erMagellanExternalId(dataset, 'A', Number(l)), recordId: Number(l) },
      right: { retailer: spec.B, externalId: erMagellanExternalId(dataset, 'B', Number(r)), recordId: Number(r) },
      label: label === '1' ? 1 : 0,
    });
  }
  if (!header) throw new FeedFormatError(`${path} is empty`, 'header');
  return { pairs, errors, total };
}
