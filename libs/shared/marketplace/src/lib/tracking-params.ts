import type { RetailerId } from './retailers';

/**
 * Query parameters that only track or attribute a visit and never select what the page shows.
 * Canonicalisation drops them; names compare case-insensitively.
 *
 * - `prefixes`: every parameter starting with one of these (`utm_source`, `pd_rd_w`, `pf_rd_p` …).
 * - `global`: click ids of ad and affiliate networks and e-mail tools, and referral markers (`ref`, `ref_`),
 *   dropped on every host.
 * - `byRetailer`: names that are tracking on that retailer's hosts only. Words such as `tag`, `keywords`,
 *   `from`, `sr` or `th` carry meaning on other sites, so they are dropped on the retailer that uses them
 *   for tracking and nowhere else.
 */
export const TRACKING_PARAMS = Object.freeze({
  prefixes: ['utm_', 'pd_rd_', 'pf_rd_', 'hsa_'] as readonly string[],
  global: [
    'gclid',
    'gclsrc',
    'dclid',
    'gbraid',
    'wbraid',
    'srsltid',
    'fbclid',
    'msclkid',
    'yclid',
    'twclid',
    'ttclid',
    'igshid',
    'li_fat_id',
    'epik',
    'mc_cid',
    'mc_eid',
    '_ga',
    '_gl',
    '_hsenc',
    '_hsmi',
    'mkt_tok',
    'oly_anon_id',
    'oly_enc_id',
    'vero_id',
    'ref',
    'ref_',
    'ref_src',
    'irclickid',
    'irgwc',
    'cjevent',
    'cjdata',
    'ranmid',
    'raneaid',
    'ransiteid',
  ] as readonly string[],
  byRetailer: {
    amazon: [
      'tag',
      'linkcode',
      'linkid',
      'camp',
      'creative',
      'creativeasin',
      'ascsubtag',
      'keywords',
      'content-id',
      'qid',
      'sr',
      'psc',
      'th',
      'smid',
      'spia',
      'crid',
      'sprefix',
      'dib',
      'dib_tag',
      'social_share',
      'sbo',
      'starsleft',
      'refrid',
      'dchild',
      '_encoding',
      'ie',
    ],
    ebay: ['mkevt', 'mkcid', 'mkrid', 'mkpid', 'mkgroupid', 'campid', 'customid', 'toolid', 'siteid', '_trkparms', '_trksid', 'amdata', 'hash'],
    walmart: [
      'athbdg',
      'from',
      'athcpid',
      'athpgid',
      'athznid',
      'athmtid',
      'athstid',
      'athguid',
      'athwpid',
      'athtvid',
      'athcgid',
      'athieid',
      'athancid',
      'athena',
      'adsredirect',
      'wmlspartner',
      'affiliates_ad_id',
      'campaign_id',
      'sourceid',
      'veh',
      'clickid',
      'sharedid',
      'subid1',
      'subid2',
      'subid3',
    ],
    target: ['afid', 'lnk', 'clkid', 'cpng', 'adgroup', 'clickid', 'sharedid', 'subid1', 'subid2', 'subid3'],
    bestbuy: ['loc', 'acampid', 'mpid', 'clickid', 'sharedid', 'subid1', 'subid2', 'subid3'],
    apple: ['at', 'ct', 'itscg', 'itsct', 'uo'],
    playstation: ['smcid', 'emcid'],
    newegg: ['cm_mmc', 'cm_sp', 'cm_re', 'icid', 'nm_mc'],
    costco: ['emid'],
  },
});

/** True when the query parameter `name` only tracks, on any host or on the given retailer's hosts. */
export function isTrackingParam(name: string, retailer?: RetailerId | null): boolean {
  const lower = name.toLowerCase();
  if (TRACKING_PARAMS.prefixes.some((prefix) => lower.startsWith(prefix))) return true;
  if (TRACKING_PARAMS.global.includes(lower)) return true;
  return retailer ? TRACKING_PARAMS.byRetailer[retailer].includes(lower) : false;
}
