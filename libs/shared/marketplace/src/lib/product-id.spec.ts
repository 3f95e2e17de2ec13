import { extractProductId } from './product-id';

describe('extractProductId', () => {
  describe('Amazon', () => {
    it.each([
      ['https://www.amazon.com/dp/B08N5WRWNW', 'B08N5WRWNW'],
      ['https://www.amazon.com/dp/b08n5wrwnw', 'B08N5WRWNW'],
      ['https://www.amazon.com/Apple-AirPods-Pro/dp/B0BDHWDR12/ref=sr_1_3?keywords=airpods&qid=1&sr=8-3', 'B0BDHWDR12'],
      ['https://www.amazon.com/gp/product/B08N5WRWNW', 'B08N5WRWNW'],
      ['https://www.amazon.com/gp/product/B08N5WRWNW/ref=ppx_yo_dt', 'B08N5WRWNW'],
      ['https://www.amazon.com/gp/aw/d/B08N5WRWNW', 'B08N5WRWNW'],
      ['https://smile.amazon.com/dp/B08N5WRWNW/', 'B08N5WRWNW'],
      ['https://www.amazon.co.uk/dp/0141439513', '0141439513'],
      ['https://www.amazon.com/gp/offer-listing/B08N5WRWNW', 'B08N5WRWNW'],
      ['https://www.amazon.com/exec/obidos/ASIN/B08N5WRWNW', 'B08N5WRWNW'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'amazon', id });
    });

    it.each([
      'https://www.amazon.com/dp/B08N5WRWN',
      'https://www.amazon.com/dp/B08N5WRWNWX',
      'https://www.amazon.com/s?k=airpods',
      'https://www.amazon.com/',
      'https://www.amazon.com/dpx/B08N5WRWNW',
      'https://amzn.to/3abcdef',
    ])('%s has no ASIN', (url) => {
      expect(extractProductId(url)).toBeNull();
    });
  });

  describe('Walmart', () => {
    it.each([
      ['https://www.walmart.com/ip/Apple-AirPods-with-Charging-Case/604342441', '604342441'],
      ['https://www.walmart.com/ip/604342441', '604342441'],
      ['https://www.walmart.com/ip/Apple-AirPods/604342441/?athbdg=L1200', '604342441'],
      ['https://www.walmart.com/ip/Some-Seller-Item/5TFYW2TF4F4W', '5TFYW2TF4F4W'],
      ['https://www.walmart.ca/en/ip/some-tv/6000203434590', '6000203434590'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'walmart', id });
    });

    it.each(['https://www.walmart.com/ip/Apple-AirPods', 'https://www.walmart.com/browse/electronics/123', 'https://www.walmart.com/search?q=tv'])(
      '%s has no item id',
      (url) => {
        expect(extractProductId(url)).toBeNull();
      },
    );
  });

  describe('Best Buy', () => {
    it.each([
      ['https://www.bestbuy.com/site/apple-airpods-pro/6447382.p?skuId=6447382', '6447382'],
      ['https://www.bestbuy.com/site/searchpage.jsp?skuId=6447382', '6447382'],
      ['https://www.bestbuy.com/site/apple-airpods-pro/6447382.p', '6447382'],
      ['https://www.bestbuy.com/site/6447382.p', '6447382'],
      ['https://www.bestbuy.ca/en-ca/product/apple-airpods/15166285', '15166285'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'bestbuy', id });
    });

    it('prefers the skuId query over the path', () => {
      expect(extractProductId('https://www.bestbuy.com/site/x/1111111.p?skuId=2222222')?.id).toBe('2222222');
    });

    it('ignores a non-numeric skuId', () => {
      expect(extractProductId('https://www.bestbuy.com/site/x/1111111.p?skuId=abc')?.id).toBe('1111111');
      expect(extractProductId('https://www.bestbuy.com/site/searchpage.jsp?skuId=abc')).toBeNull();
    });
  });

  describe('eBay', () => {
    it.each([
      ['https://www.ebay.com/itm/123456789012', '123456789012'],
      ['https://www.ebay.com/itm/Apple-AirPods-Pro/123456789012', '123456789012'],
      ['https://www.ebay.co.uk/itm/123456789012?hash=item1c&_trksid=p1', '123456789012'],
      ['https://www.ebay.com/itm/123456789012/', '123456789012'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'ebay', id });
    });

    it('needs a numeric item number', () => {
      expect(extractProductId('https://www.ebay.com/itm/Apple-AirPods')).toBeNull();
      expect(extractProductId('https://www.ebay.com/sch/i.html?_nkw=airpods')).toBeNull();
    });
  });

  describe('Target', () => {
    it.each([
      ['https://www.target.com/p/apple-airpods-pro/-/A-85978612', '85978612'],
      ['https://www.target.com/p/-/A-85978612', '85978612'],
      ['https://www.target.com/p/apple-airpods-pro/-/A-85978612?preselect=1#lnk=sametab', '85978612'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'target', id });
    });

    it('needs the /-/A- marker', () => {
      expect(extractProductId('https://www.target.com/c/electronics/-/N-5xtg6')).toBeNull();
    });
  });

  describe('Newegg', () => {
    it.each([
      ['https://www.newegg.com/p/N82E16819113663', 'N82E16819113663'],
      ['https://www.newegg.com/amd-ryzen-7/p/N82E16819113663?Item=N82E16819113663', 'N82E16819113663'],
      ['https://www.newegg.com/p/n82e16819113663', 'N82E16819113663'],
      ['https://www.newegg.com/Product/Product.aspx?Item=N82E16819113663', 'N82E16819113663'],
      ['https://www.newegg.com/Product/Product.aspx?item=9SIA24G9F12345', '9SIA24G9F12345'],
      ['https://www.newegg.com/p/1TS-000D-07VB3', '1TS-000D-07VB3'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'newegg', id });
    });

    it('does not mistake product lists for items', () => {
      expect(extractProductId('https://www.newegg.com/p/pl?d=ryzen')).toBeNull();
      expect(extractProductId('https://www.newegg.com/Product/Product.aspx?Item=hello')).toBeNull();
    });
  });

  describe('Costco', () => {
    it.each([
      ['https://www.costco.com/sony-65-class-tv.product.100123456.html', '100123456'],
      ['https://www.costco.ca/kirkland-signature.product.4000164519.html?langId=-24', '4000164519'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'costco', id });
    });

    it('needs the .product.<id>.html ending', () => {
      expect(extractProductId('https://www.costco.com/televisions.html')).toBeNull();
    });
  });

  describe('Apple', () => {
    it.each([
      ['https://www.apple.com/shop/product/MX532AM/A/airtag', 'MX532AM/A'],
      ['https://www.apple.com/uk/shop/product/mx532zm/a/airtag', 'MX532ZM/A'],
      ['https://www.apple.com/shop/product/MX532AM/A', 'MX532AM/A'],
      ['https://apps.apple.com/us/app/numbers/id361304891', 'id361304891'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'apple', id });
    });

    it('answers null for configurator pages without a stable id', () => {
      expect(extractProductId('https://www.apple.com/shop/buy-iphone/iphone-16')).toBeNull();
      expect(extractProductId('https://www.apple.com/airpods/')).toBeNull();
      expect(extractProductId('https://www.apple.com/shop/product/airtag')).toBeNull();
    });
  });

  describe('PlayStation', () => {
    it.each([
      ['https://direct.playstation.com/en-us/consoles/console/playstation5-console.3006646', '3006646'],
      ['https://direct.playstation.com/en-us/accessories/accessory/dualsense-wireless-controller.3005715/', '3005715'],
      ['https://store.playstation.com/en-us/product/UP9000-PPSA08338_00-MARVELSSPIDERMAN2', 'UP9000-PPSA08338_00-MARVELSSPIDERMAN2'],
    ])('%s → %s', (url, id) => {
      expect(extractProductId(url)).toEqual({ retailer: 'playstation', id });
    });

    it('answers null for marketing pages and other subdomains', () => {
      expect(extractProductId('https://www.playstation.com/en-us/ps5/')).toBeNull();
      expect(extractProductId('https://www.playstation.com/en-us/x.3006646')).toBeNull();
      expect(extractProductId('https://direct.playstation.com/en-us/buy-consoles')).toBeNull();
    });
  });

  describe('general rules', () => {
    it('follows affiliate redirect links to the product', () => {
      const wrapped = `https://goto.walmart.com/c/1/565706/9383?u=${encodeURIComponent('https://www.walmart.com/ip/604342441')}`;
      expect(extractProductId(wrapped)).toEqual({ retailer: 'walmart', id: '604342441' });
    });

    it('accepts a URL object', () => {
      expect(extractProductId(new URL('https://www.ebay.com/itm/123456789012'))?.id).toBe('123456789012');
    });

    it('answers null for unknown hosts, look-alikes, non-http(s) and garbage', () => {
      expect(extractProductId('https://example.com/dp/B08N5WRWNW')).toBeNull();
      expect(extractProductId('https://notamazon.com/dp/B08N5WRWNW')).toBeNull();
      expect(extractProductId('ftp://amazon.com/dp/B08N5WRWNW')).toBeNull();
      expect(extractProductId('not a url')).toBeNull();
    });

    it('does not read ids from the query of another retailer', () => {
      expect(extractProductId('https://www.target.com/s?searchTerm=x&skuId=6447382')).toBeNull();
    });
  });
});
