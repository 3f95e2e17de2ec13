import type { MerchantRepository, VerifiedDomainRow } from './repository';

/** A part of the merchant repository: the methods `K`, composed with the others by each engine's factory. */
export type MerchantPart<K extends keyof MerchantRepository> = Pick<MerchantRepository, K>;

/** Proofs in domain order (byte order, as both engines compare text here). */
export const byDomain = (rows: VerifiedDomainRow[]): VerifiedDomainRow[] => rows.sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));

/** The LIKE pattern (backslash escapes) that finds the activity search text anywhere; null for no search. */
export const activityPattern = (q: string | undefined): string | null => (q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);
