import { RETAILERS, type RetailerId } from '@pricehunt/marketplace';
import { AffiliateError } from './errors';

/** Impact programme link parts: `https://<host>/c/<publisherId>/<adId>/<campaignId>?u=<destination>`. */
export interface ImpactProgrammeConfig {
  /** Our publisher (media partner) id on Impact. */
  publisherId: string;
  /** The retailer's text-link ad id used for deep links. */
  adId: string;
  /** The retailer's programme (campaign) id on Impact. */
  campaignId: string;
}

/** Ids of PriceHunt's affiliate programme memberships, one block per retailer. */
export interface AffiliateConfig {
  /** Amazon Associates: tracking id sent as `tag=` on amazon.com. */
  amazon: {
    tag: string;
    /** Tracking ids of other Amazon stores, by registry domain (`amazon.co.uk` → `pricehunt-21`). Stores without one stay untagged. */
    regionalTags: Readonly<Record<string, string>>;
  };
  /** eBay Partner Network: campaign id sent as `campid=`. */
  ebay: { campaignId: string };
  /** Walmart Affiliates on Impact. */
  walmart: ImpactProgrammeConfig;
  /** Target Partners on Impact. */
  target: ImpactProgrammeConfig;
  /** Best Buy Affiliates on Impact. */
  bestbuy: ImpactProgrammeConfig;
  /** Apple Performance Partners: affiliate token `at=` and campaign `ct=`. */
  apple: { token: string; campaign: string };
  /** PlayStation Direct on Partnerize: campaign reference `camref:`. */
  playstation: { camref: string };
  /** Newegg on Rakuten Advertising (LinkSynergy): publisher id `id=` and advertiser id `mid=`. */
  newegg: { publisherId: string; merchantId: string };
  /** Costco on CJ: publisher id (PID) and link id (AID) of `click-<PID>-<AID>`. */
  costco: { publisherId: string; adId: string };
}

/** A configuration with any subset of values; the rest come from {@link DEFAULT_AFFILIATE_CONFIG}. */
export type AffiliateConfigInput = { [R in keyof AffiliateConfig]?: Partial<AffiliateConfig[R]> };

/**
 * SPEC §9 placeholder affiliate ids, one per retailer (values are placeholders: real ids come from the
 * environment, see {@link AFFILIATE_ENV_KEYS}).
 */
export const DEFAULT_AFFILIATE_IDS: Readonly<Record<RetailerId, string>> = Object.freeze({
  amazon: 'pricehunt-20',
  ebay: 'PRICEHUNT_EBAY_CAMPAIGN',
  walmart: 'PRICEHUNT_WALMART_PUBLISHER',
  target: 'PRICEHUNT_TARGET_PUBLISHER',
  bestbuy: 'PRICEHUNT_BESTBUY_PUBLISHER',
  apple: 'PRICEHUNT_APPLE_TOKEN',
  playstation: 'PRICEHUNT_PLAYSTATION_CAMREF',
  newegg: 'PRICEHUNT_NEWEGG_PUBLISHER',
  costco: 'PRICEHUNT_COSTCO_PUBLISHER',
});

/**
 * The default configuration: the placeholders above for our own ids, plus the programmes' public link
 * values (Impact ad and campaign ids, Rakuten advertiser id). Check the programme values against the
 * network dashboards when joining; every one can be overridden.
 */
export const DEFAULT_AFFILIATE_CONFIG: Readonly<AffiliateConfig> = Object.freeze({
  amazon: { tag: DEFAULT_AFFILIATE_IDS.amazon, regionalTags: {} },
  ebay: { campaignId: DEFAULT_AFFILIATE_IDS.ebay },
  walmart: { publisherId: DEFAULT_AFFILIATE_IDS.walmart, adId: '565706', campaignId: '9383' },
  target: { publisherId: DEFAULT_AFFILIATE_IDS.target, adId: '81938', campaignId: '2092' },
  bestbuy: { publisherId: DEFAULT_AFFILIATE_IDS.bestbuy, adId: '614286', campaignId: '10014' },
  apple: { token: DEFAULT_AFFILIATE_IDS.apple, campaign: 'pricehunt' },
  playstation: { camref: DEFAULT_AFFILIATE_IDS.playstation },
  newegg: { publisherId: DEFAULT_AFFILIATE_IDS.newegg, merchantId: '44583' },
  costco: { publisherId: DEFAULT_AFFILIATE_IDS.costco, adId: 'PRICEHUNT_COSTCO_AD' },
});

type ScalarPath = { [R in keyof AffiliateConfig]: { retailer: R; field: Exclude<keyof AffiliateConfig[R], 'regionalTags'> } }[keyof AffiliateConfig];

/**
 * Environment variable names read by {@link affiliateConfigFromEnv}, and the configuration value each sets.
 * `AFFILIATE_AMAZON_REGIONAL_TAGS` holds `domain=tag` pairs separated by commas
 * (`amazon.co.uk=pricehunt-21,amazon.de=pricehunt0b-21`).
 */
export const AFFILIATE_ENV_KEYS = Object.freeze({
  AFFILIATE_AMAZON_TAG: { retailer: 'amazon', field: 'tag' },
  AFFILIATE_EBAY_CAMPAIGN_ID: { retailer: 'ebay', field: 'campaignId' },
  AFFILIATE_WALMART_PUBLISHER_ID: { retailer: 'walmart', field: 'publisherId' },
  AFFILIATE_WALMART_AD_ID: { retailer: 'walmart', field: 'adId' },
  AFFILIATE_WALMART_CAMPAIGN_ID: { retailer: 'walmart', field: 'campaignId' },
  AFFILIATE_TARGET_PUBLISHER_ID: { retailer: 'target', field: 'publisherId' },
  AFFILIATE_TARGET_AD_ID: { retailer: 'target', field: 'adId' },
  AFFILIATE_TARGET_CAMPAIGN_ID: { retailer: 'target', field: 'campaignId' },
  AFFILIATE_BESTBUY_PUBLISHER_ID: { retailer: 'bestbuy', field: 'publisherId' },
  AFFILIATE_BESTBUY_AD_ID: { retailer: 'bestbuy', field: 'adId' },
  AFFILIATE_BESTBUY_CAMPAIGN_ID: { retailer: 'bestbuy', field: 'campaignId' },
  AFFILIATE_APPLE_TOKEN: { retailer: 'apple', field: 'token' },
  AFFILIATE_APPLE_CAMPAIGN: { retailer: 'apple', field: 'campaign' },
  AFFILIATE_PLAYSTATION_CAMREF: { retailer: 'playstation', field: 'camref' },
  AFFILIATE_NEWEGG_PUBLISHER_ID: { retailer: 'newegg', field: 'publisherId' },
  AFFILIATE_NEWEGG_MERCHANT_ID: { retailer: 'newegg', field: 'merchantId' },
  AFFILIATE_COSTCO_PUBLISHER_ID: { retailer: 'costco', field: 'publisherId' },
  AFFILIATE_COSTCO_AD_ID: { retailer: 'costco', field: 'adId' },
} satisfies Record<string, ScalarPath>);

export type AffiliateEnvKey = keyof typeof AFFILIATE_ENV_KEYS | 'AFFILIATE_AMAZON_REGIONAL_TAGS';
export const AFFILIATE_AMAZON_REGIONAL_TAGS_KEY = 'AFFILIATE_AMAZON_REGIONAL_TAGS';

/** Characters allowed in an id: they go into query strings and URL paths unchanged. */
const ID_PATTERN = /^[A-Za-z0-9._~*-]{1,128}$/;

function checkId(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value.trim()) {
    throw new AffiliateError('invalid_config', field, `${field} must be a non-empty string`);
  }
  const trimmed = value.trim();
  if (!ID_PATTERN.test(trimmed)) {
    throw new AffiliateError('invalid_config', field, `${field} must be 1 to 128 letters, digits or . _ ~ * -`);
  }
  return trimmed;
}

function checkRegionalTags(value: unknown, field: string): Record<string, string> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AffiliateError('invalid_config', field, `${field} must map Amazon domains to tags`);
  }
  const result: Record<string, string> = {};
  for (const [rawDomain, tag] of Object.entries(value)) {
    const domain = rawDomain.trim().toLowerCase();
    if (!RETAILERS.amazon.domains.includes(domain) || domain === 'amazon.com') {
      throw new AffiliateError('invalid_config', field, `${field}: ${rawDomain} is not a regional Amazon store domain`);
    }
    result[domain] = checkId(tag, `${field}.${domain}`);
  }
  return result;
}

/**
 * Merges `input` over {@link DEFAULT_AFFILIATE_CONFIG} and validates every value.
 * @throws AffiliateError (`invalid_config`) naming the offending value, e.g. `ebay.campaignId`.
 */
export function resolveAffiliateConfig(input: AffiliateConfigInput = {}): AffiliateConfig {
  if (input === null || typeof input !== 'object') {
    throw new AffiliateError('invalid_config', 'config', 'config must be an object');
  }
  const pick = <R extends keyof AffiliateConfig, F extends Exclude<keyof AffiliateConfig[R], 'regionalTags'>>(retailer: R, field: F): string => {
    const block = input[retailer];
    const value = block?.[field] ?? DEFAULT_AFFILIATE_CONFIG[retailer][field];
    return checkId(value, `${retailer}.${String(field)}`);
  };
  const impact = (retailer: 'walmart' | 'target' | 'bestbuy'): ImpactProgrammeConfig => ({
    publisherId: pick(retailer, 'publisherId'),
    adId: pick(retailer, 'adId'),
    campaignId: pick(retailer, 'campaignId'),
  });
  return {
    amazon: {
      tag: pick('amazon', 'tag'),
      regionalTags: checkRegionalTags(input.amazon?.regionalTags ?? DEFAULT_AFFILIATE_CONFIG.amazon.regionalTags, 'amazon.regionalTags'),
    },
    ebay: { campaignId: pick('ebay', 'campaignId') },
    walmart: impact('walmart'),
    target: impact('target'),
    bestbuy: impact('bestbuy'),
    apple: { token: pick('apple', 'token'), campaign: pick('apple', 'campaign') },
    playstation: { camref: pick('playstation', 'camref') },
    newegg: { publisherId: pick('newegg', 'publisherId'), merchantId: pick('newegg', 'merchantId') },
    costco: { publisherId: pick('costco', 'publisherId'), adId: pick('costco', 'adId') },
  };
}

/**
 * Reads the configuration from an environment-like record (`process.env`, `import.meta.env` …) using the
 * keys of {@link AFFILIATE_ENV_KEYS} and `AFFILIATE_AMAZON_REGIONAL_TAGS`. Missing or blank keys keep their
 * defaults.
 * @throws AffiliateError naming the environment key whose value is unusable.
 */
export function affiliateConfigFromEnv(env: Readonly<Record<string, string | undefined>>): AffiliateConfig {
  const input: Record<string, Record<string, unknown>> = {};
  for (const [key, path] of Object.entries(AFFILIATE_ENV_KEYS) as Array<[string, ScalarPath]>) {
    const value = env[key];
    if (value === undefined || !value.trim()) continue;
    checkId(value, key);
    (input[path.retailer] ??= {})[path.field] = value.trim();
  }
  const regional = env[AFFILIATE_AMAZON_REGIONAL_TAGS_KEY];
  if (regional !== undefined && regional.trim()) {
    const tags: Record<string, string> = {};
    for (const pair of regional.split(',')) {
      if (!pair.trim()) continue;
      const [domain, tag, extra] = pair.split('=');
      if (!domain?.trim() || tag === undefined || extra !== undefined) {
        throw new AffiliateError('invalid_config', AFFILIATE_AMAZON_REGIONAL_TAGS_KEY, `${AFFILIATE_AMAZON_REGIONAL_TAGS_KEY} must list domain=tag pairs separated by commas`);
      }
      tags[domain.trim()] = tag;
    }
    try {
      (input['amazon'] ??= {})['regionalTags'] = checkRegionalTags(tags, AFFILIATE_AMAZON_REGIONAL_TAGS_KEY);
    } catch (error) {
      if (error instanceof AffiliateError) {
        throw new AffiliateError('invalid_config', AFFILIATE_AMAZON_REGIONAL_TAGS_KEY, error.message);
      }
      throw error;
    }
  }
  return resolveAffiliateConfig(input);
}

/**
 * Environment keys whose value in `config` is still a placeholder (`PRICEHUNT_…`, `pricehunt-20`), so a
 * deployment can warn that links of those retailers earn nothing.
 */
export function placeholderAffiliateKeys(config: AffiliateConfig): string[] {
  const keys: string[] = [];
  for (const [key, path] of Object.entries(AFFILIATE_ENV_KEYS) as Array<[string, ScalarPath]>) {
    const value = (config[path.retailer] as unknown as Record<string, string>)[path.field];
    const isPlaceholder = value === DEFAULT_AFFILIATE_IDS.amazon || (typeof value === 'string' && value.startsWith('PRICEHUNT_'));
    if (isPlaceholder) keys.push(key);
  }
  return keys;
}
