/**
 * Prepared forms of catalog offers, reused while they stay the same (bulk imports score the same members often,
 * searches the same popular products). Their index words are worked out on first use: only words-only searches need
 * them. An entry remembered by a bulk import holds the item until first use: most offers are never a candidate.
 */
import { normaliseModel, prepareOffer, type ItemIdentity, type PreparedOffer } from '@pricehunt/catalog-matching';
import type { OfferRef } from '../ports';
import { indexWords } from '../words';
import { read, type MatcherStep } from './reads';

/**
 * A catalog offer as the matcher knows it. `bare`: its prepared form without its model numbers, for words that state
 * none (`withoutUnstatedModels`).
 */
export interface CachedOffer {
  updatedAt: string;
  item: ItemIdentity;
  prepared?: PreparedOffer;
  words?: readonly string[];
  bare?: PreparedOffer;
}

/** The entry of each offer (null when it is gone). */
export type Entries = (ref: OfferRef) => CachedOffer | null;

const CACHE_LIMIT = 200_000;

export class OfferCache {
  private readonly entries = new Map<number, CachedOffer>();

  /** The item the last `rank` call prepared, for `remember` to keep when it is that item's offer being written. */
  lastRanked: { item: ItemIdentity; prepared: PreparedOffer } | null = null;

  store(id: number, entry: CachedOffer): void {
    if (this.entries.size >= CACHE_LIMIT) {
      // Drop the oldest tenth (a Map iterates in insertion order).
      let drop = CACHE_LIMIT / 10;
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (--drop === 0) break;
      }
    }
    this.entries.delete(id);
    this.entries.set(id, entry);
  }

  /** The entry of each offer (null when it is gone), read in one batch for those not remembered as they are now. */
  *entriesOf(refs: Iterable<OfferRef>): MatcherStep<Entries> {
    const found = new Map<number, CachedOffer | null>();
    const missing: number[] = [];
    for (const ref of refs) {
      if (found.has(ref.id)) continue;
      const hit = this.entries.get(ref.id);
      if (hit && hit.updatedAt === ref.updatedAt) found.set(ref.id, hit);
      else {
        found.set(ref.id, null);
        missing.push(ref.id);
      }
    }
    if (missing.length > 0) {
      const rows = yield* read('offerItems', missing);
      for (const id of missing) {
        const row = rows.get(id);
        if (!row) continue;
        const entry: CachedOffer = {
          updatedAt: row.updatedAt,
          item: { title: row.title, brand: row.brand, model: row.model, gtin: row.gtin, priceCents: row.priceCents },
        };
        this.store(row.id, entry);
        found.set(id, entry);
      }
    }
    return (ref) => found.get(ref.id) ?? null;
  }

  /** The offer prepared for scoring (null when it is gone). */
  preparedOf(entry: CachedOffer | null): PreparedOffer | null {
    return entry ? (entry.prepared ??= prepareOffer(entry.item)) : null;
  }

  /** The prepared forms of the offers that are still there. */
  preparedFrom(entryOf: Entries, refs: readonly OfferRef[]): PreparedOffer[] {
    return refs.map((ref) => this.preparedOf(entryOf(ref))).filter((offer): offer is PreparedOffer => offer !== null);
  }

  *preparedAll(refs: readonly OfferRef[]): MatcherStep<PreparedOffer[]> {
    const entryOf = yield* this.entriesOf(refs);
    return this.preparedFrom(entryOf, refs);
  }

  /** The words of an offer that words-only searches compare with. */
  wordsOf(entry: CachedOffer): readonly string[] {
    return (entry.words ??= indexWords([entry.item.title, entry.item.brand ?? '', entry.item.model ?? ''].join(' ')));
  }

  /**
   * A candidate as words that state no model number compare with it: without the model numbers of its title and its
   * part number. Such words say nothing against a listing that shows its part number ("Logitech MX Master 2S
   * 910-001821 Wireless Mouse Rose"), yet the code would dilute their likeness to its title and count as a model only
   * one side states, ranking a twin whose listings leave the code out above it.
   */
  withoutUnstatedModels(entry: CachedOffer | null, offer: PreparedOffer, item: PreparedOffer): PreparedOffer {
    // Words that hold one of its numbers after all (as plain digits, say) compare with the listing as it is.
    if (!entry || [...offer.models].some((model) => item.modelText.includes(model))) return offer;
    return (entry.bare ??= bareForm(entry.item, offer));
  }
}

/** The listing without the words of its title that are its model numbers, and without its part number. */
function bareForm(item: ItemIdentity, offer: PreparedOffer): PreparedOffer {
  const words = item.title.split(/\s+/);
  const kept = words.filter((word) => {
    const key = normaliseModel(word);
    return key === null || !offer.models.has(key);
  });
  // A title that is nothing but its model number stays as it is: without it nothing would be left to compare.
  if ((kept.length === words.length && !item.model) || kept.length === 0) return offer;
  return prepareOffer({ ...item, title: kept.join(' '), model: null });
}
