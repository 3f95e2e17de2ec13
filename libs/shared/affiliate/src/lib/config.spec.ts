import { RETAILERS } from '@pricehunt/marketplace';
import {
  AFFILIATE_ENV_KEYS,
  affiliateConfigFromEnv,
  DEFAULT_AFFILIATE_CONFIG,
  DEFAULT_AFFILIATE_IDS,
  placeholderAffiliateKeys,
  resolveAffiliateConfig,
} from './config';
import { AffiliateError } from './errors';

function errorOf(fn: () => unknown): AffiliateError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AffiliateError) return error;
    throw error;
  }
  throw new Error('expected an AffiliateError');
}

describe('DEFAULT_AFFILIATE_IDS', () => {
  it('holds one placeholder per retailer, named after the retailer (Amazon’s in the form of a tag)', () => {
    expect(Object.keys(DEFAULT_AFFILIATE_IDS).sort()).toEqual(Object.keys(RETAILERS).sort());
    for (const [retailer, id] of Object.entries(DEFAULT_AFFILIATE_IDS)) {
      expect(id).toMatch(retailer === 'amazon' ? /^pricehunt-20$/ : new RegExp(`^PRICEHUNT_${retailer.toUpperCase()}_[A-Z]+$`));
    }
  });

  it('feeds the default configuration', () => {
    expect(DEFAULT_AFFILIATE_CONFIG.amazon.tag).toBe('pricehunt-20');
    expect(DEFAULT_AFFILIATE_CONFIG.ebay.campaignId).toBe('PRICEHUNT_EBAY_CAMPAIGN');
    expect(DEFAULT_AFFILIATE_CONFIG.walmart).toEqual({ publisherId: 'PRICEHUNT_WALMART_PUBLISHER', adId: '565706', campaignId: '9383' });
  });
});

describe('resolveAffiliateConfig', () => {
  it('answers the defaults for an empty input', () => {
    expect(resolveAffiliateConfig()).toEqual(DEFAULT_AFFILIATE_CONFIG);
    expect(resolveAffiliateConfig({})).toEqual(DEFAULT_AFFILIATE_CONFIG);
  });

  it('merges partial blocks over the defaults and trims', () => {
    const config = resolveAffiliateConfig({ walmart: { publisherId: ' 1234567 ' }, amazon: { tag: 'mine-20' } });
    expect(config.walmart).toEqual({ publisherId: '1234567', adId: '565706', campaignId: '9383' });
    expect(config.amazon.tag).toBe('mine-20');
    expect(config.ebay).toEqual(DEFAULT_AFFILIATE_CONFIG.ebay);
  });

  it('accepts regional Amazon tags in lower case', () => {
    expect(resolveAffiliateConfig({ amazon: { regionalTags: { 'Amazon.co.uk': 'mine-21' } } }).amazon.regionalTags).toEqual({ 'amazon.co.uk': 'mine-21' });
  });

  it.each([
    [{ amazon: { tag: '' } }, 'amazon.tag'],
    [{ ebay: { campaignId: '   ' } }, 'ebay.campaignId'],
    [{ walmart: { adId: 'a/b' } }, 'walmart.adId'],
    [{ costco: { publisherId: 'x y' } }, 'costco.publisherId'],
    [{ apple: { token: 'x'.repeat(129) } }, 'apple.token'],
    [{ newegg: { merchantId: 42 as unknown as string } }, 'newegg.merchantId'],
    [{ amazon: { regionalTags: { 'amazon.com': 'x-20' } } }, 'amazon.regionalTags'],
    [{ amazon: { regionalTags: { 'evil.com': 'x-21' } } }, 'amazon.regionalTags'],
    [{ amazon: { regionalTags: { 'amazon.de': '' } } }, 'amazon.regionalTags.amazon.de'],
    [{ amazon: { regionalTags: ['x'] as unknown as Record<string, string> } }, 'amazon.regionalTags'],
  ])('refuses %j naming %s', (input, field) => {
    const error = errorOf(() => resolveAffiliateConfig(input));
    expect(error.code).toBe('invalid_config');
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
  });

  it('refuses a non-object', () => {
    expect(errorOf(() => resolveAffiliateConfig(null as unknown as object)).field).toBe('config');
  });
});

describe('affiliateConfigFromEnv', () => {
  it('answers the defaults for an empty environment', () => {
    expect(affiliateConfigFromEnv({})).toEqual(DEFAULT_AFFILIATE_CONFIG);
  });

  it('reads every documented key', () => {
    const env: Record<string, string> = {};
    Object.keys(AFFILIATE_ENV_KEYS).forEach((key, index) => {
      env[key] = `v${index}`;
    });
    const config = affiliateConfigFromEnv(env);
    for (const [key, path] of Object.entries(AFFILIATE_ENV_KEYS)) {
      expect((config[path.retailer] as unknown as Record<string, string>)[path.field]).toBe(env[key]);
    }
  });

  it('names the documented keys', () => {
    expect(Object.keys(AFFILIATE_ENV_KEYS)).toEqual([
      'AFFILIATE_AMAZON_TAG',
      'AFFILIATE_EBAY_CAMPAIGN_ID',
      'AFFILIATE_WALMART_PUBLISHER_ID',
      'AFFILIATE_WALMART_AD_ID',
      'AFFILIATE_WALMART_CAMPAIGN_ID',
      'AFFILIATE_TARGET_PUBLISHER_ID',
      'AFFILIATE_TARGET_AD_ID',
      'AFFILIATE_TARGET_CAMPAIGN_ID',
      'AFFILIATE_BESTBUY_PUBLISHER_ID',
      'AFFILIATE_BESTBUY_AD_ID',
      'AFFILIATE_BESTBUY_CAMPAIGN_ID',
      'AFFILIATE_APPLE_TOKEN',
      'AFFILIATE_APPLE_CAMPAIGN',
      'AFFILIATE_PLAYSTATION_CAMREF',
      'AFFILIATE_NEWEGG_PUBLISHER_ID',
      'AFFILIATE_NEWEGG_MERCHANT_ID',
      'AFFILIATE_COSTCO_PUBLISHER_ID',
      'AFFILIATE_COSTCO_AD_ID',
    ]);
  });

  it('keeps defaults for blank values and ignores unrelated keys', () => {
    const config = affiliateConfigFromEnv({ AFFILIATE_AMAZON_TAG: '  ', PATH: '/usr/bin', AFFILIATE_EBAY_CAMPAIGN_ID: '5338000000' });
    expect(config.amazon.tag).toBe('pricehunt-20');
    expect(config.ebay.campaignId).toBe('5338000000');
  });

  it('names the environment key of an unusable value', () => {
    const error = errorOf(() => affiliateConfigFromEnv({ AFFILIATE_WALMART_PUBLISHER_ID: 'has space' }));
    expect(error.field).toBe('AFFILIATE_WALMART_PUBLISHER_ID');
    expect(error.message).toContain('AFFILIATE_WALMART_PUBLISHER_ID');
  });

  it('reads regional Amazon tags as domain=tag pairs', () => {
    const config = affiliateConfigFromEnv({ AFFILIATE_AMAZON_REGIONAL_TAGS: 'amazon.co.uk=mine-21, amazon.de=mine0b-21,' });
    expect(config.amazon.regionalTags).toEqual({ 'amazon.co.uk': 'mine-21', 'amazon.de': 'mine0b-21' });
  });

  it.each(['amazon.co.uk', 'amazon.co.uk=a=b', '=x', 'evil.com=x-21', 'amazon.de=bad tag'])('refuses regional tags %j naming the key', (value) => {
    expect(errorOf(() => affiliateConfigFromEnv({ AFFILIATE_AMAZON_REGIONAL_TAGS: value })).field).toBe('AFFILIATE_AMAZON_REGIONAL_TAGS');
  });
});

describe('placeholderAffiliateKeys', () => {
  it('lists the keys still at a placeholder', () => {
    expect(placeholderAffiliateKeys(DEFAULT_AFFILIATE_CONFIG)).toEqual([
      'AFFILIATE_AMAZON_TAG',
      'AFFILIATE_EBAY_CAMPAIGN_ID',
      'AFFILIATE_WALMART_PUBLISHER_ID',
      'AFFILIATE_TARGET_PUBLISHER_ID',
      'AFFILIATE_BESTBUY_PUBLISHER_ID',
      'AFFILIATE_APPLE_TOKEN',
      'AFFILIATE_PLAYSTATION_CAMREF',
      'AFFILIATE_NEWEGG_PUBLISHER_ID',
      'AFFILIATE_COSTCO_PUBLISHER_ID',
      'AFFILIATE_COSTCO_AD_ID',
    ]);
  });

  it('lists nothing once real ids are set', () => {
    const config = resolveAffiliateConfig({
      amazon: { tag: 'real-20' },
      ebay: { campaignId: '1' },
      walmart: { publisherId: '1' },
      target: { publisherId: '1' },
      bestbuy: { publisherId: '1' },
      apple: { token: '1' },
      playstation: { camref: '1' },
      newegg: { publisherId: '1' },
      costco: { publisherId: '1', adId: '2' },
    });
    expect(placeholderAffiliateKeys(config)).toEqual([]);
  });
});
