import { UUID_V4_PATTERN } from '@pricehunt/tracking';
import {
  buildQuerySlug,
  buildSlug,
  createRequestId,
  extractUrlFromPath,
  parseProductUrl,
  productRequestKey,
  readProductRequest,
  startTextSearch,
  startUrlSearch,
  storeProductRequest,
  validateProductRequest,
} from './direct-url';

describe('extractUrlFromPath', () => {
  it('takes the rest of a path that begins with /https:// as the product URL', () => {
    expect(extractUrlFromPath('/https://www.amazon.com/dp/B09XS7JWHH')).toBe('https://www.amazon.com/dp/B09XS7JWHH');
  });

  it('restores the // a browser collapsed to /', () => {
    expect(extractUrlFromPath('/https:/www.amazon.com/dp/B09XS7JWHH')).toBe('https://www.amazon.com/dp/B09XS7JWHH');
    expect(extractUrlFromPath('/http:/example.com/p/1')).toBe('http://example.com/p/1');
  });

  it('handles http as well as https', () => {
    expect(extractUrlFromPath('/http://example.com/p/1')).toBe('http://example.com/p/1');
  });

  it('keeps the query string of the pasted URL', () => {
    expect(extractUrlFromPath('/https:/www.bestbuy.com/site/tv/6501.p?skuId=6501&intl=nosplash')).toBe(
      'https://www.bestbuy.com/site/tv/6501.p?skuId=6501&intl=nosplash',
    );
  });

  it('accepts an upper-case scheme', () => {
    expect(extractUrlFromPath('/HTTPS://Example.com/x')).toBe('https://Example.com/x');
  });

  it.each([['/'], ['/browse'], ['/search/1/tv'], ['/httpsfoo'], ['/https'], ['/ftp://example.com/x'], ['/x/https://example.com']])(
    'returns null for %j, which does not begin with http(s)',
    (path) => {
      expect(extractUrlFromPath(path)).toBeNull();
    },
  );
});

describe('parseProductUrl', () => {
  it('accepts http(s) URLs with a host', () => {
    expect(parseProductUrl('https://www.amazon.com/dp/B09XS7JWHH')?.hostname).toBe('www.amazon.com');
  });

  it.each([['not a url'], ['https://'], ['javascript:alert(1)'], ['mailto:a@b.co'], [''], ['https://not%20a%20url'], ['https://a_b!.com/x']])('refuses %j', (value) => {
    expect(parseProductUrl(value)).toBeNull();
  });
});

describe('createRequestId', () => {
  it('makes a random v4 UUID', () => {
    const id = createRequestId();
    expect(id).toMatch(UUID_V4_PATTERN);
    expect(createRequestId()).not.toBe(id);
  });
});

describe('buildSlug', () => {
  it('joins the host without www and the last path segment', () => {
    expect(buildSlug('https://www.amazon.com/dp/B09XS7JWHH')).toBe('amazon-com-b09xs7jwhh');
  });

  it('lowercases, turns non-alphanumerics into single hyphens and trims the ends', () => {
    expect(buildSlug('https://www.walmart.com/ip/Apple-AirPods--Pro_(2nd)/123456789/')).toBe('walmart-com-123456789');
    expect(buildSlug('https://shop.example.co.uk/products/Sony__WH-1000XM5!!')).toBe('shop-example-co-uk-sony-wh-1000xm5');
  });

  it('uses the host alone when there is no path', () => {
    expect(buildSlug('https://www.target.com')).toBe('target-com');
    expect(buildSlug('https://www.target.com/')).toBe('target-com');
  });

  it('ignores the query string', () => {
    expect(buildSlug('https://www.bestbuy.com/site/6501.p?skuId=6501')).toBe('bestbuy-com-6501-p');
  });

  it('removes only a leading www', () => {
    expect(buildSlug('https://wwwshop.com/a')).toBe('wwwshop-com-a');
  });

  it('accepts a URL object', () => {
    expect(buildSlug(new URL('https://www.ebay.com/itm/1234'))).toBe('ebay-com-1234');
  });

  it('falls back to unknown-product for an invalid URL', () => {
    expect(buildSlug('no url here')).toBe('unknown-product');
  });

  it('falls back to unknown-product when nothing alphanumeric is left', () => {
    expect(buildSlug(new URL('http://[::1]/---'))).toBe('1');
    expect(buildSlug({ hostname: 'www.', pathname: '/%%/' } as URL)).toBe('unknown-product');
  });
});

describe('buildQuerySlug', () => {
  it('slugs the words of a query', () => {
    expect(buildQuerySlug('  Sony WH-1000XM5 headphones! ')).toBe('sony-wh-1000xm5-headphones');
  });

  it('folds accents, so that a word keeps its letters', () => {
    expect(buildQuerySlug('Kopfhörer Sony')).toBe('kopfhorer-sony');
    expect(buildQuerySlug('écouteurs sans fil')).toBe('ecouteurs-sans-fil');
  });

  it('falls back to unknown-product', () => {
    expect(buildQuerySlug('!!!')).toBe('unknown-product');
  });

  it('keeps slugs short', () => {
    expect(buildQuerySlug('word '.repeat(50)).length).toBeLessThanOrEqual(80);
  });
});

describe('product request storage', () => {
  it('uses a key specific to the request', () => {
    expect(productRequestKey('abc')).toBe('pricehunt_product_request_abc');
  });

  it('stores and reads back a {url, timestamp} record', () => {
    storeProductRequest('r1', { url: 'https://www.amazon.com/dp/B0', timestamp: 1700000000000 });
    expect(JSON.parse(sessionStorage.getItem('pricehunt_product_request_r1') ?? 'null')).toEqual({ url: 'https://www.amazon.com/dp/B0', timestamp: 1700000000000 });
    expect(readProductRequest('r1')).toEqual({ url: 'https://www.amazon.com/dp/B0', timestamp: 1700000000000 });
  });

  it('stores and reads back a {query, timestamp} record for text searches', () => {
    storeProductRequest('r2', { query: 'oled tv', timestamp: 5 });
    expect(readProductRequest('r2')).toEqual({ query: 'oled tv', timestamp: 5 });
  });

  it('keeps requests apart', () => {
    storeProductRequest('a', { query: 'one', timestamp: 1 });
    storeProductRequest('b', { query: 'two', timestamp: 2 });
    expect(readProductRequest('a')).toEqual({ query: 'one', timestamp: 1 });
    expect(readProductRequest('b')).toEqual({ query: 'two', timestamp: 2 });
  });

  it('returns null for an unknown request', () => {
    expect(readProductRequest('missing')).toBeNull();
  });

  it('returns null for a corrupt or foreign record', () => {
    sessionStorage.setItem('pricehunt_product_request_x', '{oops');
    expect(readProductRequest('x')).toBeNull();
    sessionStorage.setItem('pricehunt_product_request_y', JSON.stringify({ url: 5 }));
    expect(readProductRequest('y')).toBeNull();
  });

  it('refuses an empty request id and an invalid record, naming them', () => {
    expect(() => storeProductRequest('', { query: 'x', timestamp: 1 })).toThrow('requestId is required');
    expect(() => storeProductRequest('r', { url: '', timestamp: 1 })).toThrow(/Invalid product request/);
  });
});

describe('startUrlSearch', () => {
  it('stores the request and navigates, replacing, to /new-search/{id}/{slug}', () => {
    const navigate = jest.fn();
    const result = startUrlSearch('https://www.amazon.com/dp/B09XS7JWHH?th=1', navigate, () => 1700000000000);
    if (!result.ok) throw new Error('expected the search to start');
    expect(result.requestId).toMatch(UUID_V4_PATTERN);
    expect(result.slug).toBe('amazon-com-b09xs7jwhh');
    expect(result.path).toBe(`/new-search/${result.requestId}/amazon-com-b09xs7jwhh`);
    expect(navigate).toHaveBeenCalledWith(result.path, {
      replace: true,
      state: { productRequest: { url: 'https://www.amazon.com/dp/B09XS7JWHH?th=1', timestamp: 1700000000000 } },
    });
    expect(readProductRequest(result.requestId)).toEqual({ url: 'https://www.amazon.com/dp/B09XS7JWHH?th=1', timestamp: 1700000000000 });
  });

  it('uses the current time by default', () => {
    jest.spyOn(Date, 'now').mockReturnValue(42);
    try {
      const result = startUrlSearch('https://a.example/p', jest.fn());
      expect(result.ok && readProductRequest(result.requestId)).toEqual({ url: 'https://a.example/p', timestamp: 42 });
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('navigates, replacing, to /?error=invalid-url when the URL does not parse, storing nothing', () => {
    const navigate = jest.fn();
    expect(startUrlSearch('https://', navigate)).toEqual({ ok: false, path: '/?error=invalid-url' });
    expect(navigate).toHaveBeenCalledWith('/?error=invalid-url', { replace: true });
    expect(sessionStorage.length).toBe(0);
  });

  it('still navigates when session storage refuses the record', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      const navigate = jest.fn();
      const result = startUrlSearch('https://a.example/p', navigate);
      expect(result.ok).toBe(true);
      expect(navigate).toHaveBeenCalledTimes(1);
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('startTextSearch', () => {
  it('stores {query, timestamp} and navigates to /new-search/{id}/{slug}', () => {
    const navigate = jest.fn();
    const result = startTextSearch('  LG OLED 55 ', navigate, () => 7);
    expect(result.slug).toBe('lg-oled-55');
    expect(navigate).toHaveBeenCalledWith(`/new-search/${result.requestId}/lg-oled-55`, { state: { productRequest: { query: 'LG OLED 55', timestamp: 7 } } });
    expect(readProductRequest(result.requestId)).toEqual({ query: 'LG OLED 55', timestamp: 7 });
  });

  it('refuses an empty query, naming it', () => {
    expect(() => startTextSearch('   ', jest.fn())).toThrow('query is required');
  });
});

describe('validateProductRequest', () => {
  it('accepts url and query records, dropping other fields', () => {
    expect(validateProductRequest({ url: 'https://a.example/p', timestamp: 1, extra: true })).toEqual({ ok: true, record: { url: 'https://a.example/p', timestamp: 1 } });
    expect(validateProductRequest({ query: 'tv', timestamp: 0 })).toEqual({ ok: true, record: { query: 'tv', timestamp: 0 } });
  });

  it.each([
    [null, 'record'],
    [[], 'record'],
    [{ url: 'x' }, 'timestamp'],
    [{ url: 'x', timestamp: -1 }, 'timestamp'],
    [{ url: 'x', timestamp: 1.5 }, 'timestamp'],
    [{ url: ' ', timestamp: 1 }, 'url'],
    [{ url: 5, timestamp: 1 }, 'url'],
    [{ timestamp: 1 }, 'query'],
    [{ query: '', timestamp: 1 }, 'query'],
  ])('refuses %j, naming %s', (value, field) => {
    expect(validateProductRequest(value)).toMatchObject({ ok: false, field });
  });
});
