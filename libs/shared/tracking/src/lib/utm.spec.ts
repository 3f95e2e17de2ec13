import { clearSessionMemory } from './session-storage';
import { captureUtmParams, getUtmParams, parseUtmParams, UTM_PARAMS_KEY, UTM_VALUE_MAX_LENGTH } from './utm';

afterEach(() => clearSessionMemory());

describe('UTM capture', () => {
  it('uses the key pricehunt_utm_params', () => {
    expect(UTM_PARAMS_KEY).toBe('pricehunt_utm_params');
  });

  it('captures source, medium, campaign, term and content from the landing URL', () => {
    const captured = captureUtmParams('?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=tv&utm_content=hero&q=x');
    expect(captured).toEqual({ source: 'newsletter', medium: 'email', campaign: 'spring', term: 'tv', content: 'hero' });
    expect(JSON.parse(sessionStorage.getItem('pricehunt_utm_params') ?? 'null')).toEqual(captured);
    expect(getUtmParams()).toEqual(captured);
  });

  it('reads location.search by default', () => {
    window.history.replaceState(null, '', '/?utm_source=google&utm_medium=cpc');
    try {
      expect(captureUtmParams()).toEqual({ source: 'google', medium: 'cpc' });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('keeps only the values that are present and not blank', () => {
    expect(captureUtmParams('?utm_source=ads&utm_medium=&utm_campaign=%20%20')).toEqual({ source: 'ads' });
  });

  it('keeps the first capture of the session', () => {
    captureUtmParams('?utm_source=first&utm_campaign=a');
    expect(captureUtmParams('?utm_source=second&utm_medium=email')).toEqual({ source: 'first', campaign: 'a' });
    expect(getUtmParams()).toEqual({ source: 'first', campaign: 'a' });
  });

  it('does not write anything when the landing URL has no UTM values', () => {
    expect(captureUtmParams('?q=tv')).toEqual({});
    expect(sessionStorage.getItem('pricehunt_utm_params')).toBeNull();
  });

  it('does not overwrite saved values with an empty capture', () => {
    captureUtmParams('?utm_source=first');
    captureUtmParams('');
    expect(getUtmParams()).toEqual({ source: 'first' });
  });

  it('ignores a corrupt saved value and captures again', () => {
    sessionStorage.setItem('pricehunt_utm_params', '{not json');
    expect(getUtmParams()).toEqual({});
    expect(captureUtmParams('?utm_source=fresh')).toEqual({ source: 'fresh' });
  });

  it('ignores saved values that are not strings', () => {
    sessionStorage.setItem('pricehunt_utm_params', JSON.stringify({ source: 5, medium: 'email', other: 'x' }));
    expect(getUtmParams()).toEqual({ medium: 'email' });
    sessionStorage.setItem('pricehunt_utm_params', JSON.stringify(['a']));
    expect(getUtmParams()).toEqual({});
  });

  it('bounds values to what the API accepts', async () => {
    const { TRACKING_LIMITS } = await import('@pricehunt/contracts');
    expect(UTM_VALUE_MAX_LENGTH).toBe(TRACKING_LIMITS.textLength);
  });

  it('bounds very long values', () => {
    expect(parseUtmParams(`?utm_source=${'a'.repeat(2000)}`).source).toHaveLength(512);
  });
});
