import { AffiliateError } from './errors';

/** SPEC §9 with DESIGN §7: the fixed UTM source of outbound links. */
export const UTM_SOURCE = 'pricehunt';
/** SPEC §9: the fixed UTM medium of outbound links. */
export const UTM_MEDIUM = 'price_comparison';
/** SPEC §9: the fixed UTM campaign of outbound links. */
export const UTM_CAMPAIGN = 'product_referral';

export interface UtmValues {
  source: string;
  medium: string;
  campaign: string;
}

/** The fixed UTM values, as one object. */
export const AFFILIATE_UTM: Readonly<UtmValues> = Object.freeze({ source: UTM_SOURCE, medium: UTM_MEDIUM, campaign: UTM_CAMPAIGN });

/** UTM overrides: a missing, null or blank value falls back to the fixed value. */
export type UtmOverrides = Partial<Record<keyof UtmValues, string | null | undefined>>;

/** Maximum length of one UTM value (the tracking contract bounds text fields at 512). */
export const UTM_VALUE_MAX_LENGTH = 512;

/** Merges overrides over {@link AFFILIATE_UTM}; values are trimmed. */
export function resolveUtm(overrides?: UtmOverrides | null): UtmValues {
  const pick = (key: keyof UtmValues): string => {
    const value = overrides?.[key];
    if (typeof value !== 'string' || !value.trim()) return AFFILIATE_UTM[key];
    const trimmed = value.trim();
    if (trimmed.length > UTM_VALUE_MAX_LENGTH) {
      throw new AffiliateError('invalid_option', `utm.${key}`, `utm.${key} must be at most ${UTM_VALUE_MAX_LENGTH} characters`);
    }
    return trimmed;
  };
  return { source: pick('source'), medium: pick('medium'), campaign: pick('campaign') };
}

/** Query parameter pairs for UTM values, in the order source, medium, campaign. */
export function utmParams(values: UtmValues): Array<[string, string]> {
  return [
    ['utm_source', values.source],
    ['utm_medium', values.medium],
    ['utm_campaign', values.campaign],
  ];
}
