import {
  PARTNERIZE_HOST,
  RAKUTEN_HOST,
  isDeepLinkHost,
  parseDeepLink,
  parseHttpUrl,
  retailerDomainForHost,
  type RetailerId,
} from '@pricehunt/marketplace';
import { resolveAffiliateConfig, type AffiliateConfig, type AffiliateConfigInput, type ImpactProgrammeConfig } from './config';
import { hrefWithQueryParams, withQueryParams } from './query';
import { AffiliateError } from './errors';
import { resolveUtm, utmParams, type UtmOverrides } from './utm';

/** Affiliate networks PriceHunt's programmes run on. */
export type AffiliateNetwork = 'amazon-associates' | 'ebay-partner-network' | 'impact' | 'apple-performance-partners' | 'partnerize' | 'rakuten' | 'cj';

export interface AffiliateProgramme {
  retailer: RetailerId;
  network: AffiliateNetwork;
  /**
   * Registry domains the programme covers; other stores of the retailer stay untagged. Amazon also covers the
   * regional stores given a tag in `amazon.regionalTags`.
   */
  domains: readonly string[];
  /** How the link is tagged. */
  link: 'query' | 'wrapper';
}

/**
 * The programme per retailer. SPEC §5 names the nine retailers by host substring; hosts are matched through
 * the retailer registry of @pricehunt/marketplace instead, so look-alikes (`notamazon.com`,
 * `amazon.com.evil.com`) are never tagged.
 *
 * - Amazon: Amazon Associates, `tag=<tracking id>` on amazon.com (regional stores with a configured tag too).
 * - eBay: eBay Partner Network, `mkevt=1&mkcid=1&mkrid=<rotation id of the site>&campid=<campaign>&customid=<reference>&toolid=10001`
 *   on the sites EPN serves (US, UK, DE, FR, IT, ES, CA, AU, AT, CH, IE, NL, BE, PL).
 * - Walmart, Target, Best Buy: their US programmes on Impact, wrapped as
 *   `https://goto.walmart.com/c/<publisher>/<ad>/<campaign>?u=<encoded>` (`goto.target.com`, `bestbuy.7tiv.net`), `subId1=<reference>`.
 * - Apple: Apple Performance Partners, `at=<token>&ct=<campaign>` on apple.com hosts.
 * - PlayStation: PlayStation Direct on Partnerize, `https://prf.hn/click/camref:<camref>/pubref:<reference>/destination:<encoded>`.
 * - Newegg: Rakuten Advertising, `https://click.linksynergy.com/deeplink?id=<publisher>&mid=<advertiser>&murl=<encoded>&u1=<reference>` (newegg.com).
 * - Costco: CJ, `https://www.anrdoezrs.net/click-<PID>-<AID>?url=<encoded>&sid=<reference>` (costco.com).
 */
export const AFFILIATE_PROGRAMMES: Readonly<Record<RetailerId, AffiliateProgramme>> = Object.freeze({
  amazon: { retailer: 'amazon', network: 'amazon-associates', domains: ['amazon.com'], link: 'query' },
  ebay: {
    retailer: 'ebay',
    network: 'ebay-partner-network',
    domains: ['ebay.com', 'ebay.co.uk', 'ebay.de', 'ebay.fr', 'ebay.it', 'ebay.es', 'ebay.ca', 'ebay.com.au', 'ebay.at', 'ebay.ch', 'ebay.ie', 'ebay.nl', 'ebay.be', 'ebay.pl'],
    link: 'query',
  },
  walmart: { retailer: 'walmart', network: 'impact', domains: ['walmart.com'], link: 'wrapper' },
  target: { retailer: 'target', network: 'impact', domains: ['target.com'], link: 'wrapper' },
  bestbuy: { retailer: 'bestbuy', network: 'impact', domains: ['bestbuy.com'], link: 'wrapper' },
  apple: { retailer: 'apple', network: 'apple-performance-partners', domains: ['apple.com'], link: 'query' },
  playstation: { retailer: 'playstation', network: 'partnerize', domains: ['playstation.com'], link: 'wrapper' },
  newegg: { retailer: 'newegg', network: 'rakuten', domains: ['newegg.com'], link: 'wrapper' },
  costco: { retailer: 'costco', network: 'cj', domains: ['costco.com'], link: 'wrapper' },
});

/** eBay Partner Network rotation ids (`mkrid`) per eBay site. */
export const EBAY_ROTATION_IDS: Readonly<Record<string, string>> = Object.freeze({
  'ebay.com': '711-53200-19255-0',
  'ebay.co.uk': '710-53481-19255-0',
  'ebay.de': '707-53477-19255-0',
  'ebay.fr': '709-53476-19255-0',
  'ebay.it': '724-53478-19255-0',
  'ebay.es': '1185-53479-19255-0',
  'ebay.ca': '706-53473-19255-0',
  'ebay.com.au': '705-53470-19255-0',
  'ebay.at': '5221-53469-19255-0',
  'ebay.ch': '5222-53480-19255-0',
  'ebay.ie': '5282-53468-19255-0',
  'ebay.nl': '1346-53482-19255-0',
  'ebay.be': '1553-53471-19255-0',
  'ebay.pl': '4908-226936-19255-0',
});
/** eBay Partner Network tool id of hand-built links. */
export const EBAY_TOOL_ID = '10001';

/** Impact tracking host per retailer. */
export const IMPACT_TRACKING_HOSTS = Object.freeze({ walmart: 'goto.walmart.com', target: 'goto.target.com', bestbuy: 'bestbuy.7tiv.net' });
/** CJ click host used for Costco links. */
export const CJ_CLICK_HOST = 'www.anrdoezrs.net';

export interface TagOptions {
  /**
   * Reference (referral) id passed to the network as its sub-id, so a commission can be joined to the click:
   * eBay `customid`, Impact `subId1`, Partnerize `pubref`, Rakuten `u1`, CJ `sid`. Amazon and Apple links carry
   * none (Associates forbids per-visitor sub-tags; Apple's `ct` stays the configured campaign).
   */
  referenceId?: string | null;
  /** Add UTM parameters to the destination: `true` for the fixed values, or overrides of some of them. */
  utm?: boolean | UtmOverrides;
}

export interface AffiliateTagger {
  /** The validated configuration in use. */
  readonly config: AffiliateConfig;
  /**
   * Tags a retailer URL for PriceHunt's affiliate programme of that retailer and answers the link to send
   * the shopper to. Existing query parameters and the fragment are kept; our parameters replace any
   * earlier value (never duplicated); tagging an already tagged or wrapped link answers the same link.
   * Affiliate redirect links (ours or another publisher's) are first followed to the page they lead to.
   * URLs no programme covers (other hosts, retailer stores outside the programme) come back exactly as given,
   * unless UTM parameters are asked for: then the page URL gets them.
   * @throws InvalidUrlError (from @pricehunt/marketplace) for unparsable or non-http(s) input.
   * @throws AffiliateError for an unusable option (field `referenceId` or `utm.*`).
   */
  tagUrl(url: string | URL, options?: TagOptions): string;
  /** The programme that would tag this URL (after unwrapping redirect links), or `null`. */
  programmeFor(url: string | URL): AffiliateProgramme | null;
}

const REFERENCE_ID_MAX_LENGTH = 128;

function checkReferenceId(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !value.trim()) {
    throw new AffiliateError('invalid_option', 'referenceId', 'referenceId must be a non-empty string');
  }
  const trimmed = value.trim();
  if (trimmed.length > REFERENCE_ID_MAX_LENGTH || !/^[A-Za-z0-9._~-]+$/.test(trimmed)) {
    throw new AffiliateError('invalid_option', 'referenceId', `referenceId must be 1 to ${REFERENCE_ID_MAX_LENGTH} letters, digits or . _ ~ -`);
  }
  return trimmed;
}

/** Follows affiliate redirect links (ours or anyone's) to the retailer page they lead to. */
function unwrap(url: URL): URL {
  let current = url;
  for (let depth = 0; depth < 3; depth += 1) {
    const link = parseDeepLink(current);
    if (!link) break;
    current = new URL(link.destination);
  }
  return current;
}

function programmeForParsed(url: URL, config: AffiliateConfig): { programme: AffiliateProgramme; domain: string } | null {
  if (isDeepLinkHost(url.hostname)) return null;
  const match = retailerDomainForHost(url.hostname);
  if (!match) return null;
  const programme = AFFILIATE_PROGRAMMES[match.retailer.id];
  const covered = programme.domains.includes(match.domain) || (programme.retailer === 'amazon' && match.domain in config.amazon.regionalTags);
  return covered ? { programme, domain: match.domain } : null;
}

function impactBase(host: string, programme: ImpactProgrammeConfig): URL {
  return new URL(`https://${host}/c/${programme.publisherId}/${programme.adId}/${programme.campaignId}`);
}

/** Programme found in a link → the tagged link: the networks' link bases, which depend on the configuration only, parsed once. */
function linkTagger(config: AffiliateConfig): (url: URL, reference: string | null, found: { programme: AffiliateProgramme; domain: string } | null) => string {
  const impactBases = {
    walmart: impactBase(IMPACT_TRACKING_HOSTS.walmart, config.walmart),
    target: impactBase(IMPACT_TRACKING_HOSTS.target, config.target),
    bestbuy: impactBase(IMPACT_TRACKING_HOSTS.bestbuy, config.bestbuy),
  };
  const rakutenBase = new URL(`https://${RAKUTEN_HOST}/deeplink`);
  const cjBase = new URL(`https://${CJ_CLICK_HOST}/click-${config.costco.publisherId}-${config.costco.adId}`);

  const impact = (base: URL, destination: URL, reference: string | null): string => {
    const params: Array<[string, string]> = [['u', destination.href]];
    if (reference) params.push(['subId1', reference]);
    return hrefWithQueryParams(base, params);
  };

  const tagParsed = (url: URL, reference: string | null, found: { programme: AffiliateProgramme; domain: string } | null): string => {
    if (!found) return url.href;
    const { programme, domain } = found;
    switch (programme.retailer) {
      case 'amazon': {
        const tag = domain === 'amazon.com' ? config.amazon.tag : config.amazon.regionalTags[domain];
        return tag ? hrefWithQueryParams(url, [['tag', tag]]) : url.href;
      }
      case 'ebay': {
        const rotation = EBAY_ROTATION_IDS[domain];
        if (!rotation) return url.href;
        const params: Array<[string, string]> = [
          ['mkevt', '1'],
          ['mkcid', '1'],
          ['mkrid', rotation],
          ['campid', config.ebay.campaignId],
        ];
        if (reference) params.push(['customid', reference]);
        params.push(['toolid', EBAY_TOOL_ID]);
        return hrefWithQueryParams(url, params, reference ? [] : ['customid']);
      }
      case 'walmart':
      case 'target':
      case 'bestbuy':
        return impact(impactBases[programme.retailer], url, reference);
      case 'apple':
        return hrefWithQueryParams(url, [
          ['at', config.apple.token],
          ['ct', config.apple.campaign],
        ]);
      case 'playstation': {
        const pubref = reference ? `/pubref:${encodeURIComponent(reference)}` : '';
        return `https://${PARTNERIZE_HOST}/click/camref:${config.playstation.camref}${pubref}/destination:${encodeURIComponent(url.href)}`;
      }
      case 'newegg': {
        const params: Array<[string, string]> = [
          ['id', config.newegg.publisherId],
          ['mid', config.newegg.merchantId],
          ['murl', url.href],
        ];
        if (reference) params.push(['u1', reference]);
        return hrefWithQueryParams(rakutenBase, params);
      }
      case 'costco': {
        const params: Array<[string, string]> = [['url', url.href]];
        if (reference) params.push(['sid', reference]);
        return hrefWithQueryParams(cjBase, params);
      }
    }
  };
  return tagParsed;
}

/**
 * Builds a tagger for the given programme ids (missing values fall back to {@link DEFAULT_AFFILIATE_CONFIG}).
 * @throws AffiliateError (`invalid_config`) naming the unusable configuration value.
 */
export function createAffiliateTagger(input: AffiliateConfigInput | AffiliateConfig = {}): AffiliateTagger {
  const config = resolveAffiliateConfig(input);
  const tagParsed = linkTagger(config);
  return {
    config,
    tagUrl(input: string | URL, options: TagOptions = {}): string {
      const reference = checkReferenceId(options.referenceId);
      const utm = options.utm ? resolveUtm(options.utm === true ? undefined : options.utm) : null;
      // The URL is only read (a copy is made before anything changes), so a URL object is used as it is.
      const original = input instanceof URL && (input.protocol === 'http:' || input.protocol === 'https:') ? input : parseHttpUrl(input);
      let url = unwrap(original);
      const found = programmeForParsed(url, config);
      // Nothing to add: the link is returned exactly as given.
      if (!utm && !found) return typeof input === 'string' ? input.trim() : original.href;
      if (utm) url = withQueryParams(url, utmParams(utm));
      if (url.username || url.password) {
        // Credentials never travel inside an outbound link.
        url = new URL(url.href);
        url.username = '';
        url.password = '';
      }
      return tagParsed(url, reference, found);
    },
    programmeFor(input: string | URL): AffiliateProgramme | null {
      let url: URL;
      try {
        url = unwrap(parseHttpUrl(input));
      } catch {
        return null;
      }
      return programmeForParsed(url, config)?.programme ?? null;
    },
  };
}

let defaultTagger: AffiliateTagger | null = null;

/**
 * {@link AffiliateTagger.tagUrl} with the default configuration (the SPEC placeholder ids). Deployments
 * build their own tagger with {@link createAffiliateTagger} and {@link affiliateConfigFromEnv}.
 */
export function tagUrl(url: string | URL, options?: TagOptions): string {
  defaultTagger ??= createAffiliateTagger();
  return defaultTagger.tagUrl(url, options);
}
