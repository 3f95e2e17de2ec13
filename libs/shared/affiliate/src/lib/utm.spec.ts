import { AffiliateError } from './errors';
import { AFFILIATE_UTM, resolveUtm, UTM_CAMPAIGN, UTM_MEDIUM, UTM_SOURCE, utmParams } from './utm';

describe('UTM constants', () => {
  it('are the fixed values of the spec', () => {
    expect(UTM_SOURCE).toBe('pricehunt');
    expect(UTM_MEDIUM).toBe('price_comparison');
    expect(UTM_CAMPAIGN).toBe('product_referral');
    expect(AFFILIATE_UTM).toEqual({ source: 'pricehunt', medium: 'price_comparison', campaign: 'product_referral' });
    expect(Object.isFrozen(AFFILIATE_UTM)).toBe(true);
  });
});

describe('resolveUtm', () => {
  it('answers the fixed values without overrides', () => {
    expect(resolveUtm()).toEqual(AFFILIATE_UTM);
    expect(resolveUtm(null)).toEqual(AFFILIATE_UTM);
  });

  it('applies overrides, trimmed, and falls back for blank or null ones', () => {
    expect(resolveUtm({ source: ' newsletter ', medium: '', campaign: null })).toEqual({
      source: 'newsletter',
      medium: 'price_comparison',
      campaign: 'product_referral',
    });
  });

  it('refuses an over-long value naming it', () => {
    expect(() => resolveUtm({ campaign: 'x'.repeat(513) })).toThrow(AffiliateError);
    try {
      resolveUtm({ campaign: 'x'.repeat(513) });
    } catch (error) {
      expect((error as AffiliateError).field).toBe('utm.campaign');
    }
  });
});

describe('utmParams', () => {
  it('lists source, medium, campaign in order', () => {
    expect(utmParams(AFFILIATE_UTM)).toEqual([
      ['utm_source', 'pricehunt'],
      ['utm_medium', 'price_comparison'],
      ['utm_campaign', 'product_referral'],
    ]);
  });
});
