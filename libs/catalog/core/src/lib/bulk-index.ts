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
 * What a bulk import needs to know about the catalog, in memory: which canonical URLs and retailer ids exist (as
 * hashes: a miss is certain, a hit is checked exactly by the caller), and the offers under each GTIN and model key
 * (the candidate lookups of the matcher). Loaded once when a bulk import starts and kept up to date with every
 * offer the import adds, so deciding a row never waits for the database.
 */
export function createBulkCatalogIndex(offers: Iterable<OfferKeyRow>) {
  const byCanonical = new Map<number, number>();
  const byExternal = new Map<number, number>();
  const byGtin = new Map<string, OfferRef[]>();
  const byModelKey = new Map<string, ModelEntry[]>();
  const byProduct = new Map<number, OfferRef[]>();
  // The retailers each product has an offer at.
  const retailersOf = new Map<number, Set<string>>();
  // Model keys by their first characters, for prefix lookups (`14AD3557` finds `14AD3557GA3`): each key is filed
  // under its first 3, 5, 7 and 10 characters, and a lookup scans the bucket of the longest of these its own length
  // allows, so buckets stay small as the catalog grows (most keys are 10 characters or longer; with 7 at most, a
  // million-offer catalog had buckets of dozens of keys sharing a family prefix, scanned on every lookup).
  const PREFIX_LENGTHS = [10, 7, 5, 3] as const;
  const keysByPrefix = new Map<string, string[]>();
  const bucketAdd = (buckets: Map<string, string[]>, prefix: string, key: string) => {
    const bucket = buckets.get(prefix);
    if (bucket) bucket.push(key);
    else buckets.set(prefix, [key]);
  };

  const externalKey = (retailerId: string, externalId: string) => hash32(`${retailerId}\u0000${externalId}`);

  const addRef = (ref: OfferRef, gtin: string | null, modelKeys: readonly string[], brand: string | null, retailerId: string) => {
    if (ref.productId == null) return;
    const retailers = retailersOf.get(ref.productId);
    if (retailers) retailers.add(retailerId);
    else retailersOf.set(ref.productId, new Set([retailerId]));
    const members = byProduct.get(ref.productId);
    if (!members) byProduct.set(ref.productId, [ref]);
    else {
      // A changed offer replaces its earlier version.
      const at = members.findIndex((member) => member.id === ref.id);
      if (at >= 0) members[at] = ref;
      else if (members.length < REFS_PER_PRODUCT) members.push(ref);
    }
    if (gtin) {
      const refs = byGtin.get(gtin);
      if (!refs) byGtin.set(gtin, [ref]);
      else if (refs.length < REFS_PER_KEY) refs.push(ref);
    }
    for (const modelKey of modelKeys) {
      const entries = byModelKey.get(modelKey);
      if (!entries) {
        byModelKey.set(modelKey, [{ ref, brand }]);
        for (const length of PREFIX_LENGTHS) if (modelKey.length >= length) bucketAdd(keysByPrefix, modelKey.slice(0, length), modelKey);
      } else if (entries.length < REFS_PER_KEY && !entries.some((entry) => entry.ref.id === ref.id)) entries.push({ ref, brand });
    }
  };

  for (const row of offers) {
    byCanonical.set(hash32(row.canonicalUrl), row.id);
    byExternal.set(externalKey(row.retailerId, row.externalId), row.id);
    addRef({ id: row.id, productId: row.productId, updatedAt: row.updatedAt }, row.gtin, row.modelKey ? [row.modelKey] : [], row.brand, row.retailerId);
  }

  const lookup: CandidateLookup = {
    offersWithGtin: (gtin, limit) => (byGtin.get(gtin) ?? []).slice(0, limit),
    offersWithModelKey(modelKey, limit) {
      const length = PREFIX_LENGTHS.find((candidate) => modelKey.length >= candidate);
      if (length === undefined) return [];
      const keys: string[] = [];
      for (const key of keysByPrefix.get(modelKey.slice(0, length)) ?? []) if (key.startsWith(modelKey)) keys.push(key);
      // In key order, as the SQL range scan returns them.
      if (keys.length > 1) keys.sort();
      // Then the keys this one extends by a short suffix, as the catalog's lookup does.
      for (const key of shorterModelKeys(modelKey)) if (byModelKey.has(key)) keys.push(key);
      const found: OfferRef[] = [];
      for (const key of keys) {
        for (const entry of present(byModelKey.get(key))) {
          found.push(entry.ref);
          if (found.length >= limit) return found;
        }
      }
      return found;
    },
    productsWithModelKey(modelKey) {
      const seen = new Map<number, string | null>();
      for (const entry of byModelKey.get(modelKey) ?? []) {
        const productId = present(entry.ref.productId);
        if (!seen.has(productId)) seen.set(productId, entry.brand);
      }
      return [...seen].map(([productId, brand]) => ({ productId, brand }));
    },
    offerRefsOfProduct: (productId, limit) => (byProduct.get(productId) ?? []).slice(0, limit),
  };

  return {
    lookup,
    /** The products among `productIds` that have an offer at the retailer. */
    productsWithOfferAt: (retailerId: string, productIds: readonly number[]): Set<number> =>
      new Set(productIds.filter((productId) => retailersOf.get(productId)?.has(retailerId))),
    /** An offer id that may have this canonical URL (null: certainly none). */
    offerIdByCanonicalUrl: (canonicalUrl: string) => byCanonical.get(hash32(canonicalUrl)) ?? null,
    /** An offer id that may have this retailer id (null: certainly none). */
    offerIdByExternalId: (retailerId: string, externalId: string) => byExternal.get(externalKey(retailerId, externalId)) ?? null,
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
      if (!byCanonical.has(canonical)) byCanonical.set(canonical, id);
      const external = externalKey(retailerId, externalId);
      if (!byExternal.has(external)) byExternal.set(external, id);
      addRef({ id, productId, updatedAt }, offer.gtin, modelKeys, offer.brand, retailerId);
    },
  };
}

export type BulkCatalogIndex = ReturnType<typeof createBulkCatalogIndex>;
