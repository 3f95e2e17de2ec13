import { isTrackingParam, TRACKING_PARAMS } from './tracking-params';

describe('isTrackingParam', () => {
  it('drops every utm_ parameter, whatever the case', () => {
    expect(isTrackingParam('utm_source')).toBe(true);
    expect(isTrackingParam('UTM_Campaign')).toBe(true);
    expect(isTrackingParam('utm_whatever')).toBe(true);
  });

  it('drops Amazon pd_rd_ and pf_rd_ families on any host', () => {
    expect(isTrackingParam('pd_rd_w')).toBe(true);
    expect(isTrackingParam('pf_rd_p')).toBe(true);
  });

  it.each(['gclid', 'fbclid', 'msclkid', 'mc_cid', 'mc_eid', '_ga', 'yclid', 'igshid', 'ref', 'ref_', 'srsltid', 'irclickid', 'cjevent'])(
    'drops the global click id %s',
    (name) => {
      expect(isTrackingParam(name)).toBe(true);
    },
  );

  it.each(['tag', 'qid', 'sr', 'psc', 'th', 'smid', 'spIA', 'linkCode', 'camp', 'creative', 'keywords', 'content-id'])(
    'drops Amazon %s on Amazon only',
    (name) => {
      expect(isTrackingParam(name, 'amazon')).toBe(true);
      expect(isTrackingParam(name)).toBe(false);
      expect(isTrackingParam(name, 'bestbuy')).toBe(false);
    },
  );

  it.each(['mkevt', 'mkcid', 'mkrid', 'campid', 'customid', 'toolid', '_trksid'])('drops eBay %s on eBay', (name) => {
    expect(isTrackingParam(name, 'ebay')).toBe(true);
    expect(isTrackingParam(name)).toBe(false);
  });

  it.each(['athbdg', 'from', 'wmlspartner'])('drops Walmart %s on Walmart', (name) => {
    expect(isTrackingParam(name, 'walmart')).toBe(true);
    expect(isTrackingParam(name, 'target')).toBe(false);
  });

  it('drops the Apple Performance Partners token and campaign on Apple', () => {
    expect(isTrackingParam('at', 'apple')).toBe(true);
    expect(isTrackingParam('ct', 'apple')).toBe(true);
  });

  it.each(['skuId', 'k', 'q', 'id', 'variant', 'Item', 'preselect', 'color'])('keeps the page-selecting parameter %s', (name) => {
    for (const retailer of [undefined, 'amazon', 'ebay', 'walmart', 'target', 'bestbuy', 'apple', 'playstation', 'newegg', 'costco'] as const) {
      expect(isTrackingParam(name, retailer)).toBe(false);
    }
  });

  it('stores every name in lower case so comparison is case-insensitive', () => {
    const all = [...TRACKING_PARAMS.prefixes, ...TRACKING_PARAMS.global, ...Object.values(TRACKING_PARAMS.byRetailer).flat()];
    for (const name of all) expect(name).toBe(name.toLowerCase());
  });
});
