import type { Favorite, HistoryEntry } from '@pricehunt/contracts';

/** Local storage keys of what a signed-out shopper keeps (merged into the account at sign-in). */
export const HISTORY_STORAGE_KEY = 'pricehunt_history';
export const FAVORITES_STORAGE_KEY = 'pricehunt_favorites';
export const LOCAL_HISTORY_LIMIT = 200;
export const LOCAL_FAVORITES_LIMIT = 200;

const isString = (value: unknown): value is string => typeof value === 'string';
const stringOrNull = (value: unknown): string | null => (isString(value) ? value : null);
const intOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

function readList(key: string): unknown[] {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function writeList(key: string, list: unknown[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(list));
  } catch (error) {
    console.error(`Could not save ${key} in local storage:`, error);
  }
}

/** A stored history entry, or null when the record is not one (hand-edited or from an older version). */
export function toHistoryEntry(value: unknown): HistoryEntry | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!isString(v.requestId) || !isString(v.slug) || !isString(v.input) || !isString(v.searchedAt)) return null;
  if (v.kind !== 'url' && v.kind !== 'query') return null;
  return {
    requestId: v.requestId,
    slug: v.slug,
    kind: v.kind,
    input: v.input,
    title: stringOrNull(v.title),
    imageUrl: stringOrNull(v.imageUrl),
    productId: intOrNull(v.productId),
    bestPriceCents: intOrNull(v.bestPriceCents),
    currency: stringOrNull(v.currency),
    offerCount: intOrNull(v.offerCount),
    searchedAt: v.searchedAt,
  };
}

export function toFavorite(value: unknown): Favorite | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const productId = intOrNull(v.productId);
  if (productId === null || productId <= 0 || !isString(v.title) || !isString(v.savedAt)) return null;
  return {
    productId,
    title: v.title,
    brand: stringOrNull(v.brand),
    imageUrl: stringOrNull(v.imageUrl),
    savedPriceCents: intOrNull(v.savedPriceCents),
    currency: stringOrNull(v.currency),
    savedAt: v.savedAt,
    currentPriceCents: null,
    offerCount: null,
    // Price alerts need an account (an email address to write to).
    alert: null,
  };
}

export const localHistory = {
  read(): HistoryEntry[] {
    return readList(HISTORY_STORAGE_KEY)
      .map(toHistoryEntry)
      .filter((entry): entry is HistoryEntry => entry !== null);
  },
  /** Adds or refreshes an entry (by request id), newest first. */
  add(entry: HistoryEntry): HistoryEntry[] {
    const next = [entry, ...localHistory.read().filter((e) => e.requestId !== entry.requestId)].slice(0, LOCAL_HISTORY_LIMIT);
    writeList(HISTORY_STORAGE_KEY, next);
    return next;
  },
  remove(requestId: string): HistoryEntry[] {
    const next = localHistory.read().filter((e) => e.requestId !== requestId);
    writeList(HISTORY_STORAGE_KEY, next);
    return next;
  },
  clear(): void {
    writeList(HISTORY_STORAGE_KEY, []);
  },
};

export const localFavorites = {
  read(): Favorite[] {
    return readList(FAVORITES_STORAGE_KEY)
      .map(toFavorite)
      .filter((favorite): favorite is Favorite => favorite !== null);
  },
  add(favorite: Favorite): Favorite[] {
    const next = [favorite, ...localFavorites.read().filter((f) => f.productId !== favorite.productId)].slice(0, LOCAL_FAVORITES_LIMIT);
    writeList(FAVORITES_STORAGE_KEY, next.map(({ currentPriceCents: _c, offerCount: _o, alert: _a, ...kept }) => kept));
    return next;
  },
  remove(productId: number): Favorite[] {
    const next = localFavorites.read().filter((f) => f.productId !== productId);
    writeList(FAVORITES_STORAGE_KEY, next);
    return next;
  },
  clear(): void {
    writeList(FAVORITES_STORAGE_KEY, []);
  },
};
