import { normalizeHost, stripWww } from '@pricehunt/marketplace';
import { AffiliateError } from './errors';

/** Prefix of every reference id. */
export const REFERENCE_ID_PREFIX = 'aff';
/** Longest domain part of a reference id, so the whole id stays within the tracking contract's 128 characters. */
export const REFERENCE_ID_DOMAIN_MAX_LENGTH = 64;
/** Length of the random part (base 36). */
export const REFERENCE_ID_RANDOM_LENGTH = 8;

const RANDOM_SPACE = 36 ** REFERENCE_ID_RANDOM_LENGTH;
const REFERENCE_ID_PATTERN = /^aff_([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)_(\d{1,16})_([0-9a-z]{1,16})$/;

export interface ReferenceIdSources {
  /** Clock in milliseconds since the epoch (default `Date.now`). */
  now?: () => number;
  /** Uniform random number in [0, 1) (default: the platform's cryptographic generator). */
  random?: () => number;
}

export interface ParsedReferenceId {
  /** The domain part as written in the id (`shop-example-com`). */
  domain: string;
  /** Creation time in milliseconds since the epoch. */
  time: number;
  /** The random part, base 36. */
  random: string;
}

function cryptoRandom(): number {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  // 53 random bits: 21 from the first word, 32 from the second.
  return (((words[0] as number) >>> 11) * 2 ** 32 + (words[1] as number)) / 2 ** 53;
}

/**
 * The domain part of a reference id: host of a domain or URL, lower case, leading `www.` removed, every
 * run of characters other than letters and digits turned into one `-`, ends trimmed, at most 64 characters;
 * `unknown` when nothing is left. `Shop.Example.com` → `shop-example-com`.
 */
export function referenceIdDomain(domain: string | null | undefined): string {
  const text = typeof domain === 'string' ? domain.trim() : '';
  const host = (text && normalizeHost(text)) || text.toLowerCase();
  const safe = stripWww(host)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, REFERENCE_ID_DOMAIN_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
  return safe || 'unknown';
}

/**
 * SPEC §9 reference id `aff_{domain}_{time}_{random}`: domain made safe by {@link referenceIdDomain},
 * time in milliseconds, random part of 8 base-36 characters. Clock and random source are injectable.
 */
export function createReferenceId(domain: string | null | undefined, sources: ReferenceIdSources = {}): string {
  const time = (sources.now ?? Date.now)();
  if (!Number.isSafeInteger(time) || time < 0) {
    throw new AffiliateError('invalid_option', 'now', 'now() must return a non-negative integer number of milliseconds');
  }
  const draw = (sources.random ?? cryptoRandom)();
  if (!(draw >= 0 && draw < 1)) {
    throw new AffiliateError('invalid_option', 'random', 'random() must return a number in [0, 1)');
  }
  const random = Math.floor(draw * RANDOM_SPACE)
    .toString(36)
    .padStart(REFERENCE_ID_RANDOM_LENGTH, '0');
  return `${REFERENCE_ID_PREFIX}_${referenceIdDomain(domain)}_${time}_${random}`;
}

/** Reads a reference id made by {@link createReferenceId}; `null` for anything else. */
export function parseReferenceId(value: string | null | undefined): ParsedReferenceId | null {
  if (typeof value !== 'string') return null;
  const match = REFERENCE_ID_PATTERN.exec(value);
  if (!match) return null;
  const time = Number(match[2]);
  if (!Number.isSafeInteger(time)) return null;
  return { domain: match[1] as string, time, random: match[3] as string };
}

/** True for a well-formed reference id. */
export function isReferenceId(value: string | null | undefined): boolean {
  return parseReferenceId(value) !== null;
}
