import { InvalidUrlError } from './errors';
import { canonicalizeUrl, tryCanonicalizeUrl } from './canonicalize';

describe('canonicalizeUrl', () => {
  it('lower-cases the host and drops a leading www.', () => {
    expect(canonicalizeUrl('https://WWW.Example.COM/Path')).toBe('https://example.com/Path');
  });

  it('drops repeated www. labels so the result stays stable', () => {
    expect(canonicalizeUrl('https://www.www.example.com/a')).toBe('https://example.com/a');
  });

  it('keeps path case', () => {
    expect(canonicalizeUrl('https://example.com/CaseMatters')).toBe('https://example.com/CaseMatters');
  });

  it('drops the default port and keeps another', () => {
    expect(canonicalizeUrl('https://example.com:443/a')).toBe('https://example.com/a');
    expect(canonicalizeUrl('http://example.com:80/a')).toBe('http://example.com/a');
    expect(canonicalizeUrl('https://example.com:8443/a')).toBe('https://example.com:8443/a');
  });

  it('keeps IP hosts and their port', () => {
    expect(canonicalizeUrl('http://[::1]:8080/a/')).toBe('http://[::1]:8080/a');
    expect(canonicalizeUrl('http://127.0.0.1/a?b=1')).toBe('http://127.0.0.1/a?b=1');
  });

  it('drops the fragment', () => {
    expect(canonicalizeUrl('https://example.com/a#reviews')).toBe('https://example.com/a');
  });

  it('drops user info', () => {
    expect(canonicalizeUrl('https://user:secret@example.com/a')).toBe('https://example.com/a');
  });

  it('drops utm_ and global click ids on any host', () => {
    expect(canonicalizeUrl('https://example.com/a?utm_source=x&UTM_MEDIUM=y&gclid=1&fbclid=2&msclkid=3&mc_cid=4&mc_eid=5&_ga=6&yclid=7&igshid=8&ref=9&ref_=10&id=42')).toBe(
      'https://example.com/a?id=42',
    );
  });

  it('keeps generic words that only track on a retailer (tag, from, keywords) on other hosts', () => {
    expect(canonicalizeUrl('https://example.com/a?tag=shoes&from=home&keywords=red')).toBe('https://example.com/a?from=home&keywords=red&tag=shoes');
  });

  it('sorts the remaining parameters by name, then value', () => {
    expect(canonicalizeUrl('https://example.com/s?z=1&a=2&m=3&a=1')).toBe('https://example.com/s?a=1&a=2&m=3&z=1');
  });

  it('re-encodes parameters consistently', () => {
    expect(canonicalizeUrl('https://example.com/s?q=red%20shoes&b=a+b')).toBe('https://example.com/s?b=a+b&q=red+shoes');
  });

  it('strips trailing slashes, and the root slash unless a query follows', () => {
    expect(canonicalizeUrl('https://example.com/a/b/')).toBe('https://example.com/a/b');
    expect(canonicalizeUrl('https://example.com/a//')).toBe('https://example.com/a');
    expect(canonicalizeUrl('https://example.com/')).toBe('https://example.com');
    expect(canonicalizeUrl('https://example.com/?q=1')).toBe('https://example.com/?q=1');
    expect(canonicalizeUrl('https://example.com/?utm_source=x')).toBe('https://example.com');
  });

  it('keeps http for unknown hosts and upgrades retailer hosts to https', () => {
    expect(canonicalizeUrl('http://example.com/a')).toBe('http://example.com/a');
    expect(canonicalizeUrl('http://www.walmart.com/ip/604342441')).toBe('https://walmart.com/ip/604342441');
  });

  it('collapses Amazon product pages to /dp/ASIN on amazon.com', () => {
    expect(canonicalizeUrl('https://www.amazon.com/Apple-AirPods-Pro/dp/b0bdhwdr12/ref=sr_1_3?keywords=airpods&qid=1&sr=8-3&th=1#x')).toBe(
      'https://amazon.com/dp/B0BDHWDR12',
    );
    expect(canonicalizeUrl('http://smile.amazon.com/gp/product/B08N5WRWNW?psc=1')).toBe('https://amazon.com/dp/B08N5WRWNW');
    expect(canonicalizeUrl('https://www.amazon.com/gp/aw/d/B08N5WRWNW')).toBe('https://amazon.com/dp/B08N5WRWNW');
    expect(canonicalizeUrl('https://m.amazon.com/dp/B08N5WRWNW')).toBe('https://amazon.com/dp/B08N5WRWNW');
    expect(canonicalizeUrl('https://www.amzn.com/dp/B08N5WRWNW')).toBe('https://amazon.com/dp/B08N5WRWNW');
  });

  it('keeps the regional Amazon store', () => {
    expect(canonicalizeUrl('https://www.amazon.co.uk/dp/B08N5WRWNW?tag=x-21')).toBe('https://amazon.co.uk/dp/B08N5WRWNW');
  });

  it('drops Amazon tracking on other Amazon pages', () => {
    expect(
      canonicalizeUrl('https://www.amazon.com/s?k=airpods&tag=pricehunt-20&ref=nb_sb_noss&pd_rd_w=1&pf_rd_p=2&qid=3&sr=4&psc=1&th=1&smid=X&spIA=1&linkCode=ll2&camp=1&creative=2&content-id=3&crid=4'),
    ).toBe('https://amazon.com/s?k=airpods');
  });

  it('drops eBay Partner Network parameters', () => {
    expect(
      canonicalizeUrl('https://www.ebay.com/itm/123456789012?mkevt=1&mkcid=1&mkrid=711-53200-19255-0&campid=5338&customid=x&toolid=10001&var=77'),
    ).toBe('https://ebay.com/itm/123456789012?var=77');
  });

  it('drops Walmart tracking', () => {
    expect(canonicalizeUrl('https://www.walmart.com/ip/Apple-AirPods/604342441?athbdg=L1200&from=/search&classType=REGULAR')).toBe(
      'https://walmart.com/ip/Apple-AirPods/604342441?classType=REGULAR',
    );
  });

  it('keeps the Best Buy skuId', () => {
    expect(canonicalizeUrl('https://www.bestbuy.com/site/airpods/6447382.p?skuId=6447382&ref=212&loc=1')).toBe(
      'https://bestbuy.com/site/airpods/6447382.p?skuId=6447382',
    );
  });

  it('unwraps affiliate redirect links', () => {
    const wrapped = `https://goto.walmart.com/c/1/565706/9383?u=${encodeURIComponent('https://www.walmart.com/ip/604342441?athbdg=1#top')}`;
    expect(canonicalizeUrl(wrapped)).toBe('https://walmart.com/ip/604342441');
    const amazon = `https://click.linksynergy.com/deeplink?id=a&mid=1&murl=${encodeURIComponent('https://www.amazon.com/dp/B08N5WRWNW?tag=other-20')}`;
    expect(canonicalizeUrl(amazon)).toBe('https://amazon.com/dp/B08N5WRWNW');
  });

  it('is stable: a canonical URL canonicalises to itself', () => {
    const inputs = [
      'https://www.Example.com/a/b/?z=1&a=%20x&utm_source=y#f',
      'https://www.amazon.com/Apple/dp/B0BDHWDR12/ref=x?th=1',
      'http://example.com:8080/?q=a+b',
      'https://www.walmart.com/ip/x/604342441?from=/s&b=2&a=1',
      'https://example.com/p%C3%A4th?q=%E2%82%AC',
    ];
    for (const input of inputs) {
      const once = canonicalizeUrl(input);
      expect(canonicalizeUrl(once)).toBe(once);
    }
  });

  it('accepts a URL object and surrounding white space', () => {
    expect(canonicalizeUrl(new URL('https://www.example.com/a/'))).toBe('https://example.com/a');
    expect(canonicalizeUrl('  https://www.example.com/a  ')).toBe('https://example.com/a');
  });

  it('throws InvalidUrlError for non-http(s) and unparsable input', () => {
    expect(() => canonicalizeUrl('ftp://example.com/a')).toThrow(InvalidUrlError);
    expect(() => canonicalizeUrl('javascript:alert(1)')).toThrow('url must be an http or https URL');
    expect(() => canonicalizeUrl('example.com/a')).toThrow('url is not a valid URL');
  });
});

describe('tryCanonicalizeUrl', () => {
  it('answers null instead of throwing', () => {
    expect(tryCanonicalizeUrl('mailto:a@b.c')).toBeNull();
    expect(tryCanonicalizeUrl('nope')).toBeNull();
    expect(tryCanonicalizeUrl('https://www.example.com/')).toBe('https://example.com');
  });
});
