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

describe('the variant of a Shopify product the page shows', () => {
  // The theme's copy of the product record (`{{ product | json }}`): sizes S, M and L, each with its sku and barcode.
  const variant = (id: number, size: string, sku: string, barcode: string, cents: number, available: boolean) =>
    `{"id":${id},"title":"${size}","option1":"${size}","option2":null,"option3":null,"sku":"${sku}","requires_shipping":true,"taxable":true,"featured_image":{"id":9,"product_id":77,"variant_ids":[${id}]},"available":${available},"name":"Linen Shirt - ${size}","public_title":"${size}","options":["${size}"],"price":${cents},"weight":300,"compare_at_price":null,"inventory_management":"shopify","barcode":"${barcode}","selling_plan_allocations":[{"price":1,"compare_at_price":2}]}`;
  const record = (...variants: string[]) => `<script type="application/json" data-product-json>{"id":77,"title":"Linen Shirt","vendor":"Atelier","variants":[${variants.join(',')}],"images":[]}</script>`;
  const SIZES = [
    variant(44111120301001, 'S', 'LS-01-S', '5056774820950', 12000, true),
    variant(44111120301002, 'M', 'LS-01-M', '5056774820967', 12000, true),
    variant(44111120301003, 'L', 'LS-01-L', '5056774820974', 13500, false),
  ];
  const form = (menu: string, button = '<button type="submit" name="add">Add to cart</button>') =>
    `<form action="/cart/add" method="post"><select name="id">${menu}</select><button type="button">-</button>${button}</form>`;
  const options = (selected: number | null) => [44111120301001, 44111120301002, 44111120301003].map((id) => `<option value="${id}"${id === selected ? ' selected="selected"' : ''}>${id}</option>`).join('');
  const shirt = (body: string, head = record(...SIZES)) =>
    `<!doctype html><html><head><title>Linen Shirt</title>${head}${head}</head><body><h1>Linen Shirt</h1>${body}</body></html>`;
  const read = (html: string, url = 'https://atelier.example/products/linen-shirt') => {
    const item = extractProductIdentity(html, { url });
    return { sku: item?.sku ?? null, gtin: item?.gtin ?? null, priceCents: item?.priceCents ?? null, stock: item?.stockState ?? null };
  };

  it('is the one the address names: its sku, barcode, price and stock', () => {
    expect(read(shirt(form(options(null))), 'https://atelier.example/products/linen-shirt?variant=44111120301003')).toEqual({ sku: 'LS-01-L', gtin: '05056774820974', priceCents: 13500, stock: 'OutOfStock' });
  });

  it('is the one the cart form posts: the selected option of its menu, a hidden field', () => {
    expect(read(shirt(form(options(44111120301002))))).toEqual({ sku: 'LS-01-M', gtin: '05056774820967', priceCents: 12000, stock: 'InStock' });
    const hidden = '<form action="/cart/add"><input type="hidden" name="id" value="44111120301001"><button>Add to cart</button></form>';
    expect(read(shirt(hidden))).toMatchObject({ sku: 'LS-01-S', gtin: '05056774820950' });
  });

  it('is none where the page waits for a size to be picked, its add-to-cart button disabled', () => {
    expect(read(shirt(form(options(44111120301001), '<button type="submit" name="add" disabled>Select a size</button>')))).toMatchObject({ sku: null, gtin: null });
  });

  it('is the only variant where the product has one', () => {
    expect(read(shirt('<button>Add to cart</button>', record(variant(44111120302001, 'One size', 'LS-02', '4006381333931', 8900, true))))).toEqual({ sku: 'LS-02', gtin: '04006381333931', priceCents: 8900, stock: 'InStock' });
  });

  it('is none of another product’s record: a form posting an id the page’s records do not hold names nothing', () => {
    expect(read(shirt(form('<option value="45000000000009" selected>45000000000009</option>')))).toMatchObject({ sku: null, gtin: null });
  });
});
