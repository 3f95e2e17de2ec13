import fs from 'node:fs';
import path from 'node:path';
import { cleanTitleTag, extractProductIdentity, parseAvailability, parseLenientJson, parsePrice, stockWording } from './page-identity';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', 'fixtures', name), 'utf8');

describe('extractProductIdentity', () => {
  it('reads a Walmart-like page from its Product JSON-LD', () => {
    const id = extractProductIdentity(fixture('walmart-product.html'), {
      url: 'https://www.walmart.com/ip/Apple-AirPods-Pro-2nd-Generation/1752657021',
    });
    expect(id).toEqual({
      title: 'Apple AirPods Pro (2nd Generation) with MagSafe Case (USB\u2011C)',
      brand: 'Apple',
      gtin: '00194253939153',
      // The page's JSON-LD states "model": the old reader ignored it.
      model: 'MTJV3AM/A',
      sku: '1752657021',
      priceCents: 18900,
      currency: 'USD',
      imageUrl: 'https://i5.walmartimages.com/seo/airpods-pro-2.jpeg',
      availability: 'in_stock',
      source: 'json-ld',
      // Every image the page names: JSON-LD's two, then Open Graph's.
      images: ['https://i5.walmartimages.com/seo/airpods-pro-2.jpeg', 'https://i5.walmartimages.com/seo/airpods-pro-2-side.jpeg', 'https://i5.walmartimages.com/seo/og-airpods.jpeg'],
      stockState: 'InStock',
      condition: 'NewCondition',
      shipping: null,
      shopName: 'Walmart.com',
      attributes: {},
    });
  });

  it('follows @graph, @id references and AggregateOffer, and skips related products', () => {
    const id = extractProductIdentity(fixture('bestbuy-product.html'), { url: 'https://www.bestbuy.com/site/6505727.p?skuId=6505727' });
    expect(id).toMatchObject({
      title: 'Sony - WH-1000XM5 Wireless Noise-Canceling Over-the-Ear Headphones - Black',
      brand: 'Sony',
      model: 'WH1000XM5/B',
      sku: '6505727',
      gtin: '00027242923782',
      priceCents: 32999,
      currency: 'USD',
      availability: 'in_stock',
      imageUrl: 'https://www.bestbuy.com/image2/BestBuy_US/images/products/6505/6505727_sd.jpg',
      source: 'json-ld',
    });
  });

  it("reads Amazon's own page elements (the page shows its price: the old reader missed it), ignoring commented-out markup", () => {
    const id = extractProductIdentity(fixture('amazon-product.html'));
    expect(id).toEqual(
      expect.objectContaining({
        title: 'Sony WH-1000XM5 The Best Wireless Noise Canceling Headphones, Black',
        source: 'page-elements',
        priceCents: 32800,
        currency: 'USD',
        gtin: null,
      }),
    );
  });

  it('falls back to the title tag, with the retailer name and category removed', () => {
    const id = extractProductIdentity('<html><head><title>Amazon.com: Sony WH-1000XM5 Headphones, Black : Electronics</title></head><body></body></html>');
    expect(id).toMatchObject({ title: 'Sony WH-1000XM5 Headphones, Black', source: 'title-tag' });
  });

  it('survives a broken JSON-LD block and repairs a sloppy one, decoding HTML entities', () => {
    const id = extractProductIdentity(fixture('broken-jsonld.html'));
    expect(id).toMatchObject({
      title: "Ben & Jerry's Chocolate Fudge Brownie Ice Cream - 16oz",
      brand: "Ben & Jerry's",
      gtin: '00076840100477',
      priceCents: 549,
      currency: 'USD',
      availability: 'out_of_stock',
      source: 'json-ld',
    });
  });

  it('reads Open Graph product tags in any attribute order and quoting', () => {
    const id = extractProductIdentity(fixture('open-graph-product.html'), { url: 'https://shop.example/p/anker' });
    expect(id).toEqual({
      title: 'Anker PowerCore 20000mAh Portable Charger – Black',
      brand: 'Anker',
      gtin: '00848061067446',
      model: null,
      sku: 'A1263',
      priceCents: 104995,
      currency: 'EUR',
      imageUrl: 'https://cdn.shop.example/anker.jpg',
      availability: 'in_stock',
      source: 'open-graph',
      images: ['https://cdn.shop.example/anker.jpg'],
      stockState: 'InStock',
      condition: null,
      shipping: null,
      shopName: 'Example Shop',
      attributes: {},
    });
  });

  it('reads microdata, keeping nested names (brand, review author) out of the product name', () => {
    const id = extractProductIdentity(fixture('microdata-product.html'), { url: 'https://shop.example/mx' });
    expect(id).toEqual({
      title: 'Logitech MX Master 3S Performance Wireless Mouse – Graphite',
      brand: 'Logitech',
      gtin: '05099206103177',
      model: '910-006556',
      sku: 'MX3S-GR',
      priceCents: 9999,
      currency: 'USD',
      imageUrl: 'https://shop.example/img/mx-master-3s.jpg',
      availability: 'in_stock',
      source: 'microdata',
      images: ['https://shop.example/img/mx-master-3s.jpg'],
      stockState: 'InStock',
      condition: null,
      shipping: null,
      attributes: {},
    });
  });

  it('fills fields the first source lacks from the later ones', () => {
    const html = `<html><head>
      <script type="application/ld+json">{"@type":"Product","name":"Kindle Paperwhite"}</script>
      <meta property="og:image" content="https://img.example/k.jpg">
      <meta property="product:price:amount" content="139.99"><meta property="product:price:currency" content="USD">
    </head></html>`;
    expect(extractProductIdentity(html)).toMatchObject({
      title: 'Kindle Paperwhite',
      imageUrl: 'https://img.example/k.jpg',
      priceCents: 13999,
      currency: 'USD',
      source: 'json-ld',
    });
  });

  it('drops an invalid GTIN rather than passing it on', () => {
    const html = '<script type="application/ld+json">{"@type":"Product","name":"X","gtin13":"1234567890123"}</script>';
    expect(extractProductIdentity(html)?.gtin).toBeNull();
  });

  it('returns null for a page that names nothing', () => {
    expect(extractProductIdentity('<html><body><p>hello</p></body></html>')).toBeNull();
    expect(() => extractProductIdentity(undefined as never)).toThrow('html must be a string');
  });
});

describe('value parsers', () => {
  it('parses prices written the US and the European way', () => {
    expect(parsePrice('$1,299.99')).toBe(1299.99);
    expect(parsePrice('1.299,99 €')).toBe(1299.99);
    expect(parsePrice('12,5')).toBe(12.5);
    expect(parsePrice('1,299')).toBe(1299);
    expect(parsePrice(19)).toBe(19);
    expect(parsePrice('$1,299.99 - $1,499.99')).toBe(1299.99);
    expect(parsePrice('1 299,99 €')).toBe(1299.99);
    expect(parsePrice('USD 24.')).toBe(24);
    expect(parsePrice('call for price')).toBeNull();
  });
  it('maps schema.org availability values', () => {
    expect(parseAvailability('https://schema.org/InStock')).toBe('in_stock');
    expect(parseAvailability('schema:PreOrder')).toBe('preorder');
    expect(parseAvailability('out of stock')).toBe('out_of_stock');
    expect(parseAvailability('whatever')).toBeNull();
  });
  it('repairs common JSON-LD mistakes and gives up on hopeless ones', () => {
    expect(parseLenientJson('{"a": [1, 2,], }')).toEqual({ a: [1, 2] });
    expect(parseLenientJson('{"a": ')).toBeUndefined();
  });
  it('reads JSON-LD wrapped in a commented CDATA section, with notes after its values and stray backslashes', () => {
    expect(parseLenientJson('/*<![CDATA[*/\n{"@type": "Product", "gtin13": "4902370545821"}\n/*]]>*/')).toEqual({ '@type': 'Product', gtin13: '4902370545821' });
    expect(parseLenientJson('{\n"name": "Galaxy A71", //a note\n"url": "https://x.test/a"\n}')).toEqual({ name: 'Galaxy A71', url: 'https://x.test/a' });
    expect(parseLenientJson('{"description": "<p style=\\&quot;center\\&quot;> \\\\ \\n"}')).toEqual({ description: '<p style=\\&quot;center\\&quot;> \\ \n' });
  });
  it('cleans retailer suffixes from titles', () => {
    expect(cleanTitleTag('Apple AirPods Pro - Walmart.com')).toBe('Apple AirPods Pro');
    expect(cleanTitleTag('Sony WH-1000XM5 | Best Buy')).toBe('Sony WH-1000XM5');
    expect(cleanTitleTag('Dyson V15 Detect - Cordless Vacuum')).toBe('Dyson V15 Detect - Cordless Vacuum');
  });
});

describe('the shop’s item id and stock line', () => {
  const page = (body: string) => `<!doctype html><html><head><title>x</title></head><body>${body}</body></html>`;
  const ld = (fields: Record<string, unknown>) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Lumetra K7 Keyboard', ...fields })}</script>`;

  it('drops the label a shop writes into its sku, and keeps an id that merely begins like one', () => {
    expect(extractProductIdentity(page(ld({ sku: 'sku:CAE5D4' })))?.sku).toBe('CAE5D4');
    expect(extractProductIdentity(page(ld({ sku: 'Item # 101095' })))?.sku).toBe('101095');
    expect(extractProductIdentity(page(ld({ sku: 'ITEM123' })))?.sku).toBe('ITEM123');
    expect(extractProductIdentity(page(ld({ sku: 'Art.-Nr.: 4711-B' })))?.sku).toBe('4711-B');
  });

  it('takes the item id a marketplace link carries when the page states none', () => {
    const read = extractProductIdentity(page(ld({ offers: { price: '10', priceCurrency: 'USD' } })), { url: 'https://www.amazon.com/dp/B01KLOA1PI' });
    expect(read?.sku).toBe('B01KLOA1PI');
    expect(extractProductIdentity(page(ld({})), { url: 'https://shop.example/p/lumetra-k7' })?.sku ?? null).toBeNull();
  });

  it('reads a stock line in the languages of the shops read most', () => {
    expect(stockWording('Currently unavailable.')).toBe('out_of_stock');
    expect(stockWording('Derzeit nicht verfügbar.')).toBe('out_of_stock');
    expect(stockWording('Épuisé')).toBe('out_of_stock');
    expect(stockWording('In Stock.')).toBe('in_stock');
    expect(stockWording('Only 3 left in stock - order soon.')).toBe('in_stock');
    expect(stockWording('Usually ships within 6 to 10 days.')).toBeNull();
  });
});
