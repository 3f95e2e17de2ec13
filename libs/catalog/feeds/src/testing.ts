/**
 * Test and evaluation helpers of the feed library: the corpus of real price strings and real sample feeds, and how a
 * reading of them is scored. Not part of the main entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeedOffer, FeedRow } from './lib/offer';
import { readFeedText, type TextFeedFormat } from './lib/read-feed';

const FIXTURES = path.join(__dirname, 'fixtures');

// ---------- price strings ----------

export interface PriceStringCase {
  /** Line of the case in its source file. */
  line: number;
  /** The price element's text (null: the source had only a currency element). */
  text: string | null;
  /** Text of a separate currency element beside it, when the source had one. */
  hint: string | null;
  /** Expected amount in major units as a decimal text; null when the text holds no price. */
  amount: string | null;
  /** The part of the text (or hint) that names the currency. */
  currencyText: string | null;
  /** ISO codes that text can name (any is right); null: it names no current ISO currency. */
  currency: string[] | null;
}

export interface PriceStringGroup {
  id: string;
  source: string;
  list: string;
  description: string;
  cases: PriceStringCase[];
}

export interface PriceStringCorpus {
  description: string;
  sources: Array<{ repository: string; path: string; commit: string; licence: string; note: string }>;
  groups: PriceStringGroup[];
}

export function readPriceStringCorpus(): PriceStringCorpus {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, 'price-strings.json'), 'utf8')) as PriceStringCorpus;
}

/** What a reader made of one case: the amount (any number form) and the currency, or nothing. */
export interface PriceStringReading {
  amount: string | number | null;
  currency: string | null;
}

export type PriceStringReader = (text: string, hint: string | null) => PriceStringReading;

/** A decimal text or number without needless zeros: "1,049.950" is not meant, only "1049.950" → "1049.95". */
export function canonicalDecimal(value: string | number): string {
  const text = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : String(value)) : value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  const [integer = '0', fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const int = integer.replace(/^0+(?=\d)/, '');
  return trimmed ? `${int}.${trimmed}` : int;
}

export interface PriceStringMiss {
  group: string;
  line: number;
  text: string | null;
  hint: string | null;
  expected: string;
  got: string;
}

export interface PriceStringScore {
  group: string;
  cases: number;
  amountRight: number;
  currencyRight: number;
  /** Amount and currency both right. */
  right: number;
}

/**
 * Scores a reader on the corpus. A case is right when the amount is the expected one (or none is read where the text
 * holds no price) and, when there is an amount, the currency is one of the expected codes (or none where none is).
 */
export function scorePriceStrings(read: PriceStringReader, corpus = readPriceStringCorpus()): { groups: PriceStringScore[]; misses: PriceStringMiss[] } {
  const groups: PriceStringScore[] = [];
  const misses: PriceStringMiss[] = [];
  for (const group of corpus.groups) {
    const score: PriceStringScore = { group: group.id, cases: 0, amountRight: 0, currencyRight: 0, right: 0 };
    for (const c of group.cases) {
      score.cases++;
      let reading: PriceStringReading;
      try {
        reading = read(c.text ?? '', c.hint);
      } catch (error) {
        reading = { amount: null, currency: `threw ${(error as Error).message}` };
      }
      const amount = reading.amount === null ? null : canonicalDecimal(reading.amount);
      const amountRight = c.amount === null ? amount === null : amount === canonicalDecimal(c.amount);
      const currencyRight = c.amount === null || (c.currency === null ? reading.currency === null : reading.currency !== null && c.currency.includes(reading.currency));
      if (amountRight) score.amountRight++;
      if (currencyRight) score.currencyRight++;
      if (amountRight && currencyRight) score.right++;
      else {
        misses.push({
          group: group.id,
          line: c.line,
          text: c.text,
          hint: c.hint,
          expected: `${c.amount ?? '-'} ${c.currency?.join('|') ?? '-'}`,
          got: `${amount ?? '-'} ${reading.currency ?? '-'}`,
        });
      }
    }
    groups.push(score);
  }
  return { groups, misses };
}

// ---------- sample feeds ----------

export interface FeedCorpusEntry {
  file: string;
  format: TextFeedFormat;
  source: { repository: string; path: string; commit: string; licence: string; note: string };
  /** Every row with a title, link and price, and what its offer should read. */
  rows: Array<Partial<FeedOffer> & { externalId: string }>;
}

export function readFeedCorpus(): FeedCorpusEntry[] {
  return (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'feeds', 'feeds.json'), 'utf8')) as { feeds: FeedCorpusEntry[] }).feeds;
}

export interface FeedScore {
  file: string;
  format: string;
  /** Rows the reader saw. */
  rowsRead: number;
  /** Rows expected to become offers. */
  expected: number;
  offers: number;
  /** Expected rows that became no offer, or an offer with another value than expected. */
  lost: Array<{ externalId: string; why: string }>;
  warnings: number;
}

/** Reads every sample feed with the library's own reader and compares its offers with what they should read. */
export async function scoreFeeds(corpus = readFeedCorpus()): Promise<FeedScore[]> {
  const scores: FeedScore[] = [];
  for (const feed of corpus) {
    const text = fs.readFileSync(path.join(FIXTURES, 'feeds', feed.file), 'utf8');
    const rows: FeedRow[] = [];
    for await (const row of readFeedText(feed.format, text)) rows.push(row);
    const offers = rows.flatMap((row) => (row.offer ? [row.offer] : []));
    const lost: FeedScore['lost'] = [];
    for (const expected of feed.rows) {
      const offer = offers.find((o) => o.externalId === expected.externalId);
      if (!offer) {
        const errors = rows.find((row) => row.errors?.length)?.errors ?? [];
        lost.push({ externalId: expected.externalId, why: errors.map((e) => `${e.field} ${e.reason}`).join('; ') || 'not read' });
        continue;
      }
      const wrong = Object.entries(expected).filter(([key, value]) => offer[key as keyof FeedOffer] !== value);
      if (wrong.length > 0) lost.push({ externalId: expected.externalId, why: wrong.map(([key, value]) => `${key}: ${String(offer[key as keyof FeedOffer])} instead of ${String(value)}`).join('; ') });
    }
    scores.push({
      file: feed.file,
      format: feed.format,
      rowsRead: rows.length,
      expected: feed.rows.length,
      offers: offers.length,
      lost,
      warnings: rows.reduce((sum, row) => sum + (row.warnings?.length ?? 0), 0),
    });
  }
  return scores;
}

// ---------- retailers' product links ----------

/** The shape of a product link at each retailer the synthetic and demo catalogs sell at. */
export const RETAILER_URL_SHAPES: Readonly<Record<string, RegExp>> = {
  amazon: /^https:\/\/www\.amazon\.com\/[a-z0-9-]+\/dp\/B0[0-9A-Z]{8}$/,
  walmart: /^https:\/\/www\.walmart\.com\/ip\/[a-z0-9-]+\/\d{9}$/,
  bestbuy: /^https:\/\/www\.bestbuy\.com\/site\/[a-z0-9-]+\/(\d{7})\.p\?skuId=\1$/,
  ebay: /^https:\/\/www\.ebay\.com\/itm\/\d{12}$/,
  target: /^https:\/\/www\.target\.com\/p\/[a-z0-9-]+\/-\/A-\d{8}$/,
  newegg: /^https:\/\/www\.newegg\.com\/[a-z0-9-]+\/p\/N82E168\d{8}$/,
  costco: /^https:\/\/www\.costco\.com\/[a-z0-9-]+\.product\.\d{9}\.html$/,
  apple: /^https:\/\/www\.apple\.com\/shop\/(product\/M[0-9A-Z]{4}(LL|AM)\/A\/[a-z0-9-]+|buy-(iphone|ipad|watch)\/[a-z0-9-]+\/[a-z0-9-]+)$/,
  playstation: /^https:\/\/direct\.playstation\.com\/en-us\/(consoles\/console|accessories\/accessory)\/[a-z0-9-]+\.\d{7}$/,
};
