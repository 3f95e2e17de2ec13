import { isDeepLinkHost, parseDeepLink, unwrapDeepLink } from './deep-links';

const product = 'https://www.walmart.com/ip/Apple-AirPods/604342441?x=1&y=2#reviews';
const encoded = encodeURIComponent(product);

describe('parseDeepLink', () => {
  it('reads Impact links on the retailers’ own hosts', () => {
    expect(parseDeepLink(`https://goto.walmart.com/c/123/565706/9383?u=${encoded}`)).toEqual({ network: 'impact', destination: product });
    expect(parseDeepLink(`https://goto.target.com/c/123/81938/2092?subId1=x&u=${encodeURIComponent('https://www.target.com/p/-/A-1')}`)?.destination).toBe(
      'https://www.target.com/p/-/A-1',
    );
    expect(parseDeepLink(`https://bestbuy.7tiv.net/c/123/614286/10014?u=${encodeURIComponent('https://www.bestbuy.com/site/6505727.p')}`)?.network).toBe(
      'impact',
    );
  });

  it('reads Impact links on shared Impact domains', () => {
    expect(parseDeepLink(`https://brand.sjv.io/c/1/2/3?u=${encoded}`)?.destination).toBe(product);
  });

  it('reads Rakuten deep links (murl, any case)', () => {
    const link = `https://click.linksynergy.com/deeplink?id=abc&mid=44583&murl=${encodeURIComponent('https://www.newegg.com/p/N82E16819113663')}`;
    expect(parseDeepLink(link)).toEqual({ network: 'rakuten', destination: 'https://www.newegg.com/p/N82E16819113663' });
    expect(parseDeepLink(link.replace('murl', 'mURL'))?.network).toBe('rakuten');
    expect(parseDeepLink(`https://click.linksynergy.com/fs-bin/click?id=a&RD_PARM1=${encoded}`)?.destination).toBe(product);
  });

  it('reads CJ click links and dlg links', () => {
    const costco = 'https://www.costco.com/tv.product.100123456.html';
    expect(parseDeepLink(`https://www.anrdoezrs.net/click-100-200?url=${encodeURIComponent(costco)}&sid=r1`)).toEqual({ network: 'cj', destination: costco });
    expect(parseDeepLink(`https://www.tkqlhce.com/links/100/type/dlg/sid/r1/${costco}`)).toEqual({ network: 'cj', destination: costco });
    expect(parseDeepLink(`https://www.jdoqocy.com/links/100/type/dlg/${costco}?a=1`)?.destination).toBe(`${costco}?a=1`);
  });

  it('reads Partnerize links', () => {
    const ps = 'https://direct.playstation.com/en-us/consoles/console/playstation5-console.3006646';
    expect(parseDeepLink(`https://prf.hn/click/camref:abc/pubref:r1/destination:${encodeURIComponent(ps)}`)).toEqual({
      network: 'partnerize',
      destination: ps,
    });
  });

  it('reads eBay Rover links', () => {
    const item = 'https://www.ebay.com/itm/123456789012';
    expect(parseDeepLink(`https://rover.ebay.com/rover/1/711-53200-19255-0/1?campid=1&mpre=${encodeURIComponent(item)}`)).toEqual({
      network: 'ebay-rover',
      destination: item,
    });
  });

  it('answers null for ordinary URLs and for wrappers without an http(s) destination', () => {
    expect(parseDeepLink(product)).toBeNull();
    expect(parseDeepLink('https://goto.walmart.com/c/123/565706/9383')).toBeNull();
    expect(parseDeepLink(`https://goto.walmart.com/c/1/2/3?u=${encodeURIComponent('javascript:alert(1)')}`)).toBeNull();
    expect(parseDeepLink('https://click.linksynergy.com/deeplink?id=a&murl=not-a-url')).toBeNull();
    expect(parseDeepLink('https://prf.hn/click/camref:abc/destination:%E0%A4%A')).toBeNull();
    expect(parseDeepLink('https://www.anrdoezrs.net/other')).toBeNull();
    expect(parseDeepLink('not a url')).toBeNull();
  });

  it('needs the Impact /c/ path', () => {
    expect(parseDeepLink(`https://goto.walmart.com/other?u=${encoded}`)).toBeNull();
  });
});

describe('unwrapDeepLink', () => {
  it('follows nested redirect links to the innermost destination', () => {
    const inner = `https://goto.walmart.com/c/1/2/3?u=${encoded}`;
    const outer = `https://www.anrdoezrs.net/click-1-2?url=${encodeURIComponent(inner)}`;
    expect(unwrapDeepLink(outer)).toBe(product);
  });

  it('answers the input href for an ordinary URL and null for non-http(s) input', () => {
    expect(unwrapDeepLink(product)).toBe(product);
    expect(unwrapDeepLink('ftp://x.com')).toBeNull();
  });

  it('stops after maxDepth levels', () => {
    const inner = `https://goto.walmart.com/c/1/2/3?u=${encoded}`;
    const outer = `https://www.anrdoezrs.net/click-1-2?url=${encodeURIComponent(inner)}`;
    expect(unwrapDeepLink(outer, 1)).toBe(inner);
  });
});

describe('isDeepLinkHost', () => {
  it('knows the redirect hosts', () => {
    expect(isDeepLinkHost('goto.walmart.com')).toBe(true);
    expect(isDeepLinkHost('www.anrdoezrs.net')).toBe(true);
    expect(isDeepLinkHost('prf.hn')).toBe(true);
    expect(isDeepLinkHost('click.linksynergy.com')).toBe(true);
    expect(isDeepLinkHost('www.walmart.com')).toBe(false);
  });
});
