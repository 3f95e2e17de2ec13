/**
 * The judge: every reader's candidates for a field, weighed by how often that reader is right about that field on the
 * corpus of real pages (./weights). Readers that agree on a value strengthen it (the chance that all of them are
 * wrong at once is the product of their error rates); the value with the highest confidence wins.
 */
import { JUDGED_FIELDS, READERS, type Evidence, type JudgedField, type ReaderName } from './evidence';
import { SOURCE_WEIGHTS } from './weights';

export interface Candidate<T> {
  value: T;
  reader: ReaderName;
}

/** A reader's confidence for a field it has not been measured on: a coin toss, so that measured readers lead. */
export const UNMEASURED_WEIGHT = 0.5;

export function weightOf(reader: ReaderName, field: JudgedField): number {
  return SOURCE_WEIGHTS[reader]?.[field] ?? UNMEASURED_WEIGHT;
}

interface Scored<T> {
  value: T;
  /** The chance that not every reader saying it is wrong. */
  confidence: number;
  /** The most confident reader saying it, and its rank among the readers (ties go to the reader listed first). */
  strongest: number;
  rank: number;
  reader: ReaderName;
}

/** The value of one field the candidates most likely agree on, compared by `key`; null without candidates. */
export function judge<T>(field: JudgedField, candidates: Candidate<T>[], key: (value: T) => string = String): Candidate<T> & { confidence: number } | null {
  const byValue = new Map<string, Scored<T>>();
  for (const c of candidates) {
    const w = Math.min(Math.max(weightOf(c.reader, field), 0), 0.999);
    const rank = READERS.indexOf(c.reader);
    const k = key(c.value);
    const seen = byValue.get(k);
    if (!seen) {
      byValue.set(k, { value: c.value, confidence: w, strongest: w, rank, reader: c.reader });
      continue;
    }
    seen.confidence = 1 - (1 - seen.confidence) * (1 - w);
    if (w > seen.strongest || (w === seen.strongest && rank < seen.rank)) Object.assign(seen, { strongest: w, rank, reader: c.reader, value: c.value });
  }
  let best: Scored<T> | null = null;
  for (const s of byValue.values()) {
    if (!best || s.confidence > best.confidence + 1e-9 || (Math.abs(s.confidence - best.confidence) <= 1e-9 && (s.strongest > best.strongest || (s.strongest === best.strongest && s.rank < best.rank)))) best = s;
  }
  return best ? { value: best.value, reader: best.reader, confidence: best.confidence } : null;
}

/** Each reader's non-empty value of a field, cleaned by `clean` (a value it cleans away is no candidate). */
export function candidatesOf<K extends keyof Evidence, T = NonNullable<Evidence[K]>>(evidence: [ReaderName, Evidence][], field: K, clean: (value: NonNullable<Evidence[K]>) => T | null = (v) => v as unknown as T): Candidate<T>[] {
  const out: Candidate<T>[] = [];
  for (const [reader, found] of evidence) {
    const raw = found[field];
    if (raw == null) continue;
    const value = clean(raw);
    if (value != null) out.push({ value, reader });
  }
  return out;
}

export { JUDGED_FIELDS };
