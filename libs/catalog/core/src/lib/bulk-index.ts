import type { CandidateLookup } from './matching';
import { shorterModelKeys, type OfferRef } from './ports';
import type { OfferKeyRow } from './ingestion-store';
import { present } from '@pricehunt/contracts';

/** Offers kept per GTIN or model key: candidate lookups never need more (the SQL lookups use the same limits). */
const REFS_PER_KEY = 20;
/** Offers kept per product, for the matcher's check of a product's members. */
const REFS_PER_PRODUCT = 20;

/** 32-bit FNV-1a hash of a string: the existence sets keep these instead of the strings themselves. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

interface ModelEntry {
  ref: OfferRef;
  brand: string | null;
}

/**
 * Model keys are filed by their first characters, for prefix lookups (`14AD3557` finds `14AD3557GA3`): each key under
 * its first 3, 5, 7 and 10 characters, and a lookup scans the bucket of the longest of these its own length allows, so
 * buckets stay small as the catalog grows (most keys are 10 characters or longer; with 7 at most, a million-offer
 * catalog had buckets of dozens of keys sharing a family prefix, scanned on every lookup).
 */
const PREFIX_LENGTHS = [10, 7, 5, 3] as const;

const externalKey = (retailerId: string, externalId: string) => hash32(`${retailerId}\u0000${externalId}`);

/** Adds `value` to the list under `key`, making the list when it is the first; keeps at most `max`. */
function addTo<K, V>(lists: Map<K, V[]>, key: K, value: V, max = Infinity): void {
  const list = lists.get(key);
  if (!list) lists.set(key, [value]);
  else if (list.length < max) list.push(value);
}

/**
 * What a bulk import needs to know about the catalog, in memory: which canonical URLs and retailer ids exist (as
 * hashes: a miss is certain, a hit is checked exactly by the caller), and the offers under each GTIN and model key
 * (the candidate lookups of the matcher). Loaded once when a bulk import starts and kept up to date with every
 * offer the import adds, so deciding a row never waits for the database.
 */
export class BulkCatalogIndex {
  private readonly byCanonical = new Map<number, number>();
  private readonly byExternal = new Map<number, number>();
  private readonly byGtin = new Map<string, OfferRef[]>();
  private readonly byModelKey = new Map<string, ModelEntry[]>();
  private readonly byProduct = new Map<number, OfferRef[]>();
  /** The retailers each product has an offer at. */
  private readonly retailersOf = new Map<number, Set<string>>();
  private readonly keysByPrefix = new Map<string, string[]>();

  /** The matcher's candidate lookups, answered from memory. */
  readonly lookup: CandidateLookup = {
    offersWithGtin: (gtin, limit) => (this.byGtin.get(gtin) ?? []).slice(0, limit),
    offersWithModelKey: (modelKey, limit) => this.offersWithModelKey(modelKey, limit),
    productsWithModelKey: (modelKey) => {
      const seen = new Map<number, string | null>();
      for (const entry of this.byModelKey.get(modelKey) ?? []) {
        const productId = present(entry.ref.productId);
        if (!seen.has(productId)) seen.set(productId, entry.brand);
      }
      return [...seen].map(([productId, brand]) => ({ productId, brand }));
    },
    offerRefsOfProduct: (productId, limit) => (this.byProduct.get(productId) ?? []).slice(0, limit),
  };

  constructor(offers: Iterable<OfferKeyRow>) {
    for (const row of offers) {
      this.byCanonical.set(hash32(row.canonicalUrl), row.id);
      this.byExternal.set(externalKey(row.retailerId, row.externalId), row.id);
      this.addRef({ id: row.id, productId: row.productId, updatedAt: row.updatedAt }, row.gtin, row.modelKey ? [row.modelKey] : [], row.brand, row.retailerId);
    }
  }

  /** The products among `productIds` that have an offer at the retailer. */
  productsWithOfferAt(retailerId: string, productIds: readonly number[]): Set<number> {
    return new Set(productIds.filter((productId) => this.retailersOf.get(productId)?.has(retailerId)));
  }

  /** An offer id that may have this canonical URL (null: certainly none). */
  offerIdByCanonicalUrl(canonicalUrl: string): number | null {
    return this.byCanonical.get(hash32(canonicalUrl)) ?? null;
  }

  /** An offer id that may have this retailer id (null: certainly none). */
  offerIdByExternalId(retailerId: string, externalId: string): number | null {
    return this.byExternal.get(externalKey(retailerId, externalId)) ?? null;
  }

  /** Records an offer the import added (or changed), with the keys it is found by (every model key it states). */
  add(
    id: number,
    productId: number,
    updatedAt: string,
    offer: { canonicalUrl: string; gtin: string | null; modelKey: string | null; brand: string | null },
    retailerId: string,
    externalId: string,
    modelKeys: readonly string[] = offer.modelKey ? [offer.modelKey] : [],
  ): void {
    const canonical = hash32(offer.canonicalUrl);
    if (!this.byCanonical.has(canonical)) this.byCanonical.set(canonical, id);
    const external = externalKey(retailerId, externalId);
    if (!this.byExternal.has(external)) this.byExternal.set(external, id);
    this.addRef({ id, productId, updatedAt }, offer.gtin, modelKeys, offer.brand, retailerId);
  }

  /** Offers whose model key starts with `modelKey` (in key order, as the SQL range scan returns them), then those of the keys it extends. */
  private offersWithModelKey(modelKey: string, limit: number): OfferRef[] {
    const length = PREFIX_LENGTHS.find((candidate) => modelKey.length >= candidate);
    if (length === undefined) return [];
    const keys: string[] = [];
    for (const key of this.keysByPrefix.get(modelKey.slice(0, length)) ?? []) if (key.startsWith(modelKey)) keys.push(key);
    if (keys.length > 1) keys.sort();
    // Then the keys this one extends by a short suffix, as the catalog's lookup does.
    for (const key of shorterModelKeys(modelKey)) if (this.byModelKey.has(key)) keys.push(key);
    const found: OfferRef[] = [];
    for (const key of keys) {
      for (const entry of present(this.byModelKey.get(key))) {
        found.push(entry.ref);
        if (found.length >= limit) return found;
      }
    }
    return found;
  }

  private addRef(ref: OfferRef, gtin: string | null, modelKeys: readonly string[], brand: string | null, retailerId: string): void {
    if (ref.productId == null) return;
    const retailers = this.retailersOf.get(ref.productId);
    if (retailers) retailers.add(retailerId);
    else this.retailersOf.set(ref.productId, new Set([retailerId]));
    const members = this.byProduct.get(ref.productId);
    // A changed offer replaces its earlier version.
    const at = members ? members.findIndex((member) => member.id === ref.id) : -1;
    if (members && at >= 0) members[at] = ref;
    else addTo(this.byProduct, ref.productId, ref, REFS_PER_PRODUCT);
    if (gtin) addTo(this.byGtin, gtin, ref, REFS_PER_KEY);
    for (const modelKey of modelKeys) {
      const entries = this.byModelKey.get(modelKey);
      if (!entries) {
        this.byModelKey.set(modelKey, [{ ref, brand }]);
        for (const prefix of PREFIX_LENGTHS) if (modelKey.length >= prefix) addTo(this.keysByPrefix, modelKey.slice(0, prefix), modelKey);
      } else if (entries.length < REFS_PER_KEY && !entries.some((entry) => entry.ref.id === ref.id)) entries.push({ ref, brand });
    }
  }
}

/** The index of a bulk import, loaded from the catalog's offer keys. */
export function createBulkCatalogIndex(offers: Iterable<OfferKeyRow>): BulkCatalogIndex {
  return new BulkCatalogIndex(offers);
}
