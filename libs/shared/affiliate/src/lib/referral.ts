import { parseHttpUrl } from '@pricehunt/marketplace';
import { withQueryParams } from './query';
import { AffiliateError } from './errors';
import { resolveUtm, utmParams, type UtmOverrides } from './utm';

/** Query parameter that carries the referral id to the merchant's store. */
export const REFERRAL_PARAM = 'ref';
const REFERRAL_ID_MAX_LENGTH = 128;

/**
 * The URL a tracked referral sends the shopper to (POST /api/trackReferral, DESIGN §4): the merchant's
 * target URL with `ref=<referralId>` and `utm_source`, `utm_medium`, `utm_campaign` (the fixed values
 * unless overridden; blank overrides fall back to them). Existing parameters and the fragment are kept,
 * ours replace earlier values, and building from an already built target answers it unchanged.
 * @throws InvalidUrlError (field `targetUrl`) for unparsable or non-http(s) targets.
 * @throws AffiliateError (field `referralId` or `utm.*`) for an unusable referral id or UTM value.
 */
export function buildReferralTarget(targetUrl: string | URL, referralId: string, utm?: UtmOverrides | null): string {
  const url = parseHttpUrl(targetUrl, 'targetUrl');
  if (typeof referralId !== 'string' || !referralId.trim()) {
    throw new AffiliateError('invalid_option', 'referralId', 'referralId must be a non-empty string');
  }
  const id = referralId.trim();
  if (id.length > REFERRAL_ID_MAX_LENGTH) {
    throw new AffiliateError('invalid_option', 'referralId', `referralId must be at most ${REFERRAL_ID_MAX_LENGTH} characters`);
  }
  return withQueryParams(url, [[REFERRAL_PARAM, id], ...utmParams(resolveUtm(utm))]).href;
}
