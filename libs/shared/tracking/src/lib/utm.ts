import { readSession, writeSession } from './session-storage';

/** Longest UTM value kept; the API accepts this much (TRACKING_LIMITS.textLength of the contracts). */
export const UTM_VALUE_MAX_LENGTH = 512;

/** SPEC §9: session storage key of the UTM parameters captured at landing. */
export const UTM_PARAMS_KEY = 'pricehunt_utm_params';
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmParams = Partial<Record<UtmField, string>>;

/** Reads `utm_*` values from a query string; blank values are left out. */
export function parseUtmParams(search: string): UtmParams {
  const params = new URLSearchParams(search);
  const result: UtmParams = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(`utm_${field}`)?.trim();
    if (value) result[field] = value.slice(0, UTM_VALUE_MAX_LENGTH);
  }
  return result;
}

/** The UTM parameters kept for this session (empty when none were captured). */
export function getUtmParams(): UtmParams {
  const raw = readSession(UTM_PARAMS_KEY);
  if (!raw) return {};
  try {
    const stored = JSON.parse(raw) as unknown;
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    const result: UtmParams = {};
    for (const field of UTM_FIELDS) {
      const value = (stored as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) result[field] = value;
    }
    return result;
  } catch {
    return {};
  }
}

/**
 * Captures UTM parameters from the landing URL (run at app start). The first capture of the session is kept:
 * later landings do not replace it, and a URL without UTM values never overwrites what was saved.
 */
export function captureUtmParams(search: string = typeof window === 'undefined' ? '' : window.location.search): UtmParams {
  const saved = getUtmParams();
  if (Object.keys(saved).length > 0) return saved;
  const incoming = parseUtmParams(search);
  if (Object.keys(incoming).length === 0) return saved;
  writeSession(UTM_PARAMS_KEY, JSON.stringify(incoming));
  return incoming;
}
