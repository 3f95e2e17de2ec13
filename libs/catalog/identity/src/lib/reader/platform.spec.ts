import { extractProductIdentity } from '../page-identity';

const meta = (vendor: string) => `<script>window.ShopifyAnalytics = window.ShopifyAnalytics || {}; var meta = {"product":{"id":4523,"gid":"gid:\\/\\/shopify\\/Product\\/4523","vendor":${JSON.stringify(vendor).replace(/&/g, '\\u0026')},"type":"","variants":[{"id":3181,"price":550,"name":"Paradise Pale","public_title":null,"sku":""}]},"page":{"pageType":"product","resourceType":"product","resourceId":4523}};</script>`;
const page = (vendor: string, body = '') =>
  `<!doctype html><html><head><title>Paradise Pale – Canopy Beer Co</title><meta property="og:site_name" content="Canopy Beer Co">${meta(vendor)}</head><body>${body}<h1>Paradise Pale</h1><span class="price">£5.50</span><button>Add to cart</button></body></html>`;
const url = 'https://shop.canopybeer.com/products/paradise-pale';
const brandOf = (html: string) => extractProductIdentity(html, { url })?.brand ?? null;

describe('the shop platform’s vendor of the product', () => {
  it('names the maker where nothing else on the page does, the shop itself on a maker’s own shop', () => {
    expect(brandOf(page('Canopy Beer Co'))).toBe('Canopy Beer Co');
    expect(brandOf(page('Fran & Co'))).toBe('Fran & Co');
  });

  it('comes after any other source’s brand, a link to the brand’s page too', () => {
    expect(brandOf(page('The Ridge Wallet', '<a class="product__brand" href="/collections/vendors?q=Ridge">Ridge</a>'))).toBe('Ridge');
  });

  it('names no maker where it names a season, a sale or a trade storefront', () => {
    // On a shop that sells many breweries' beers: its menu links their brands.
    const manyMakers = '<nav><a href="/brands/">Our brands</a></nav>';
    for (const vendor of ['STAUD SUMMER 2025', 'HR24 NOVEMBER SALE', 'zebronicsb2b']) expect(brandOf(page(vendor, manyMakers))).toBeNull();
  });
});

describe('the sku a cart form names in a hidden field', () => {
  const form = (...fields: string[]) =>
    `<!doctype html><html><head><title>Citizen Playing Cards</title></head><body><h1>Citizen Playing Cards</h1><span class="price">$5.99</span><form action="/cart">${fields.join('')}<button>Add to cart</button></form></body></html>`;
  const skuOf = (html: string) => extractProductIdentity(html, { url: 'https://shop.example.com/product/cards' })?.sku ?? null;

  it('is the item’s sku, by its name or its id', () => {
    expect(skuOf(form('<input type="hidden" name="sku" id="sku" value="JJIP-BK">'))).toBe('JJIP-BK');
    expect(skuOf(form('<input id="product_sku" type="hidden" value="ab-1043">'))).toBe('ab-1043');
  });

  it('is none where the form holds several, a template’s placeholder, or a field a shopper fills', () => {
    expect(skuOf(form('<input type="hidden" name="sku" value="JJIP-BK">', '<input type="hidden" name="sku" value="JJIP-RD">'))).toBeNull();
    expect(skuOf(form('<input type="hidden" name="sku" value="<%= pz.addToCart.atcskuVal %>">'))).toBeNull();
    expect(skuOf(form('<input type="text" name="sku" value="JJIP-BK">'))).toBeNull();
  });
});
