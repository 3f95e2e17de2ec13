import { cleanAddress, panelOn, readSettings, withPanel } from './settings';

const DEFAULTS = { apiUrl: 'https://pricehunt.example', siteUrl: 'https://pricehunt.example' };

describe('settings', () => {
  it('reads stored settings over the defaults, leaving out what is not an http(s) address or a host list', () => {
    expect(readSettings(undefined, DEFAULTS)).toEqual({ ...DEFAULTS, panelOffHosts: [] });
    expect(readSettings({ apiUrl: 'http://localhost:3000/', siteUrl: 'javascript:alert(1)', panelOffHosts: ['WWW.Amazon.com', 7, 'walmart.com'] }, DEFAULTS)).toEqual({
      apiUrl: 'http://localhost:3000',
      siteUrl: 'https://pricehunt.example',
      panelOffHosts: ['amazon.com', 'walmart.com'],
    });
    expect(cleanAddress('https://user:pw@api.example')).toBeNull();
    expect(cleanAddress(' https://api.example/base/ ')).toBe('https://api.example/base');
  });

  it('turns the panel off per site, the site’s subdomains with it, and on again', () => {
    const off = withPanel(readSettings(undefined, DEFAULTS), 'www.amazon.com', false);
    expect(off.panelOffHosts).toEqual(['amazon.com']);
    expect(panelOn(off, 'www.amazon.com')).toBe(false);
    expect(panelOn(off, 'smile.amazon.com')).toBe(false);
    expect(panelOn(off, 'www.amazon.co.uk')).toBe(true);
    expect(panelOn(off, 'notamazon.com')).toBe(true);
    expect(panelOn(withPanel(off, 'amazon.com', true), 'www.amazon.com')).toBe(true);
  });
});
