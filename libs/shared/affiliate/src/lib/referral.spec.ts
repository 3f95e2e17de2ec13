import { InvalidUrlError } from '@pricehunt/marketplace';
import { AffiliateError } from './errors';
import { buildReferralTarget } from './referral';

const utm = 'utm_source=pricehunt&utm_medium=price_comparison&utm_campaign=product_referral';

describe('buildReferralTarget', () => {
  it('adds ref and the fixed UTM values', () => {
    expect(buildReferralTarget('https://cool.myshopify.com/products/mug', 'aff_cool_1_abc')).toBe(
      `https://cool.myshopify.com/products/mug?ref=aff_cool_1_abc&${utm}`,
    );
  });

  it('keeps the existing query and fragment', () => {
    expect(buildReferralTarget('https://shop.example.com/p?variant=3#buy', 'r1')).toBe(`https://shop.example.com/p?variant=3&ref=r1&${utm}#buy`);
  });

  it('replaces earlier ref and UTM values in place', () => {
    expect(buildReferralTarget('https://shop.example.com/p?utm_source=google&ref=old&x=1', 'r2')).toBe(
      'https://shop.example.com/p?utm_source=pricehunt&ref=r2&x=1&utm_medium=price_comparison&utm_campaign=product_referral',
    );
  });

  it('is idempotent', () => {
    const once = buildReferralTarget('https://shop.example.com/p?x=1#f', 'r1');
    expect(buildReferralTarget(once, 'r1')).toBe(once);
  });

  it('applies UTM overrides from the referral payload, falling back for blank ones', () => {
    expect(buildReferralTarget('https://shop.example.com/p', 'r1', { source: 'partner', medium: null, campaign: ' ' })).toBe(
      'https://shop.example.com/p?ref=r1&utm_source=partner&utm_medium=price_comparison&utm_campaign=product_referral',
    );
  });

  it('encodes the referral id', () => {
    expect(buildReferralTarget('https://shop.example.com/', 'a b&c')).toBe(`https://shop.example.com/?ref=a%20b%26c&${utm}`);
  });

  it('refuses non-http(s) targets naming targetUrl', () => {
    try {
      buildReferralTarget('javascript:alert(1)', 'r1');
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidUrlError);
      expect((error as InvalidUrlError).field).toBe('targetUrl');
    }
    expect(() => buildReferralTarget('not a url', 'r1')).toThrow('targetUrl is not a valid URL');
  });

  it('refuses a blank or over-long referral id naming referralId', () => {
    for (const id of ['', '  ', 'x'.repeat(129), undefined as unknown as string]) {
      try {
        buildReferralTarget('https://shop.example.com/', id);
        throw new Error('expected a throw');
      } catch (error) {
        expect(error).toBeInstanceOf(AffiliateError);
        expect((error as AffiliateError).field).toBe('referralId');
      }
    }
  });
});
