export { AffiliateError, type AffiliateErrorCode } from './lib/errors';
export {
  AFFILIATE_UTM,
  UTM_CAMPAIGN,
  UTM_MEDIUM,
  UTM_SOURCE,
  UTM_VALUE_MAX_LENGTH,
  resolveUtm,
  type UtmOverrides,
  type UtmValues,
} from './lib/utm';
export {
  AFFILIATE_AMAZON_REGIONAL_TAGS_KEY,
  AFFILIATE_ENV_KEYS,
  DEFAULT_AFFILIATE_CONFIG,
  DEFAULT_AFFILIATE_IDS,
  affiliateConfigFromEnv,
  placeholderAffiliateKeys,
  resolveAffiliateConfig,
  type AffiliateConfig,
  type AffiliateConfigInput,
  type AffiliateEnvKey,
  type ImpactProgrammeConfig,
} from './lib/config';
export {
  REFERENCE_ID_DOMAIN_MAX_LENGTH,
  REFERENCE_ID_PREFIX,
  REFERENCE_ID_RANDOM_LENGTH,
  createReferenceId,
  isReferenceId,
  parseReferenceId,
  referenceIdDomain,
  type ParsedReferenceId,
  type ReferenceIdSources,
} from './lib/reference-id';
export {
  AFFILIATE_PROGRAMMES,
  CJ_CLICK_HOST,
  EBAY_ROTATION_IDS,
  EBAY_TOOL_ID,
  IMPACT_TRACKING_HOSTS,
  createAffiliateTagger,
  tagUrl,
  type AffiliateNetwork,
  type AffiliateProgramme,
  type AffiliateTagger,
  type TagOptions,
} from './lib/tagger';
export { REFERRAL_PARAM, buildReferralTarget } from './lib/referral';
/** Thrown for unparsable or non-http(s) URLs; the same class as @pricehunt/marketplace's. */
export { InvalidUrlError } from '@pricehunt/marketplace';
