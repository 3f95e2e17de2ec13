/**
 * The corpus of real saved product pages (src/fixtures/pages/corpus.json) and how a reader's answers are scored
 * against what each page shows. Test and evaluation code only: exported from the `testing` entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { normaliseGtin } from '@pricehunt/catalog-matching';

export const PAGE_CORPUS_DIR = path.join(__dirname, '..', '..', 'fixtures', 'pages');

export interface CorpusPage {
  file: string;
  shop: string;
  url: string | null;
  source: { repository: string; path: string; commit: string; licence?: string };
  expected: {
    title: string;
    titleAlternatives: string[];
    brand: string | null;
    price: number | null;
    currency: string | null;
    gtin: string | null;
    mpn: string | null;
  };
  markupStates: { gtin: boolean; mpn: boolean; brand: boolean; price: boolean };
}

/** What a reader said about a page (the shape extractProductIdentity answers). */
export interface ReadItem {
  title: string;
  brand?: string | null;
  gtin?: string | null;
  model?: string | null;
  priceCents?: number | null;
  currency?: string | null;
}

export function loadPageCorpus(): CorpusPage[] {
  const doc = JSON.parse(fs.readFileSync(path.join(PAGE_CORPUS_DIR, 'corpus.json'), 'utf8')) as { pages: CorpusPage[] };
  return doc.pages;
}

/** A corpus page's HTML (stored gzip-compressed). */
export function readCorpusPage(page: Pick<CorpusPage, 'file'>): string {
  const raw = fs.readFileSync(path.join(PAGE_CORPUS_DIR, page.file));
  return (page.file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
}

/** Case, accents kept; punctuation, symbols (™ ®) and spacing ignored. */
export function normaliseForCompare(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const normaliseMpn = (text: string) => text.toUpperCase().replace(/[\s\u00a0]+/g, '');

export type Field = 'title' | 'brand' | 'price' | 'currency' | 'gtin' | 'mpn';
export const FIELDS: readonly Field[] = ['title', 'brand', 'price', 'currency', 'gtin', 'mpn'];

export interface FieldVerdict {
  /** Whether the page counts for this field (price, GTIN and MPN count where the page shows one). */
  counted: boolean;
  correct: boolean;
  expected: string;
  got: string;
}

const show = (v: unknown) => (v == null ? '∅' : String(v));

/** Scores one page. A title is right when it names the item as the page does (its brand before it allowed), nothing more. */
export function scorePage(page: CorpusPage, item: ReadItem | null): Record<Field, FieldVerdict> {
  const e = page.expected;
  // The brand may lead the name or stand apart from it (a shop shows "Sony" above "WH-1000XM5"): both are the item's name.
  const brand = e.brand ? normaliseForCompare(e.brand) : null;
  const titles = [e.title, ...e.titleAlternatives]
    .map(normaliseForCompare)
    .flatMap((t) => (brand ? [t, `${brand} ${t}`, ...(t.startsWith(`${brand} `) ? [t.slice(brand.length + 1)] : [])] : [t]));
  const gotTitle = item ? normaliseForCompare(item.title) : '';
  void brand;
  const gotPrice = item?.priceCents != null ? item.priceCents / 100 : null;
  const gotGtin = item?.gtin ?? null;
  const wantGtin = e.gtin ? normaliseGtin(e.gtin) ?? normaliseGtin(e.gtin.padStart(12, '0')) : null;
  return {
    title: { counted: true, correct: gotTitle !== '' && titles.includes(gotTitle), expected: e.title, got: show(item?.title) },
    brand: {
      counted: true,
      correct: (e.brand == null && item?.brand == null) || (e.brand != null && item?.brand != null && normaliseForCompare(e.brand) === normaliseForCompare(item.brand)),
      expected: show(e.brand),
      got: show(item?.brand),
    },
    price: {
      counted: e.price != null,
      correct: e.price != null && gotPrice != null && Math.abs(gotPrice - e.price) < 0.005 && item?.currency === e.currency,
      expected: `${show(e.price)} ${show(e.currency)}`,
      got: `${show(gotPrice)} ${show(item?.currency)}`,
    },
    currency: { counted: e.currency != null, correct: e.currency != null && item?.currency === e.currency, expected: show(e.currency), got: show(item?.currency) },
    gtin: { counted: e.gtin != null, correct: wantGtin != null && gotGtin === wantGtin, expected: show(e.gtin), got: show(gotGtin) },
    mpn: {
      counted: e.mpn != null,
      correct: e.mpn != null && item?.model != null && normaliseMpn(item.model) === normaliseMpn(e.mpn),
      expected: show(e.mpn),
      got: show(item?.model),
    },
  };
}

export interface FieldScore {
  n: number;
  correct: number;
  /** Pages whose markup states the value (brand, price, GTIN, MPN). */
  markupN?: number;
  markupCorrect?: number;
}

export interface CorpusScore {
  pages: number;
  fields: Record<Field, FieldScore>;
  failures: { page: CorpusPage; field: Field; verdict: FieldVerdict }[];
}

const MARKUP_FIELD: Partial<Record<Field, keyof CorpusPage['markupStates']>> = { brand: 'brand', price: 'price', gtin: 'gtin', mpn: 'mpn' };

/** Runs `read` over every page and scores the answers. */
export function scoreCorpus(pages: readonly CorpusPage[], read: (html: string, page: CorpusPage) => ReadItem | null): CorpusScore {
  const fields = Object.fromEntries(FIELDS.map((f) => [f, MARKUP_FIELD[f] ? { n: 0, correct: 0, markupN: 0, markupCorrect: 0 } : { n: 0, correct: 0 }])) as Record<Field, FieldScore>;
  const failures: CorpusScore['failures'] = [];
  for (const page of pages) {
    const verdicts = scorePage(page, read(readCorpusPage(page), page));
    for (const field of FIELDS) {
      const v = verdicts[field];
      if (!v.counted) continue;
      const score = fields[field];
      score.n++;
      if (v.correct) score.correct++;
      else failures.push({ page, field, verdict: v });
      const markupKey = MARKUP_FIELD[field];
      if (markupKey && page.markupStates[markupKey]) {
        score.markupN = (score.markupN ?? 0) + 1;
        if (v.correct) score.markupCorrect = (score.markupCorrect ?? 0) + 1;
      }
    }
  }
  return { pages: pages.length, fields, failures };
}
