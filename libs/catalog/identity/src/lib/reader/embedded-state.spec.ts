import { extractProductIdentity } from '../page-identity';

/** A script of Next.js's app router pushing one chunk of its streamed data. */
const push = (chunk: string) => `<script>self.__next_f.push([1,${JSON.stringify(chunk)}])</script>`;
const page = (scripts: string) =>
  `<!doctype html><html lang="pt-BR"><head><title>Loja | Furadeira Makita de Impacto 1/2" 1010W</title></head><body><h1>Furadeira Makita de Impacto 1/2" 1010W</h1><span class="price">R$ 2.463,73</span><button>Comprar</button>${scripts}</body></html>`;
const URL = 'https://www.loja.example/produto/furadeira-makita';

describe("the data Next.js's app router streams into the page", () => {
  const item = { id: 82579, sku: '281700_1', name: 'Furadeira Makita de Impacto 1/2" 1010W', ean: '088381051644', brand: 'MK' };

  it('reads the identifiers of the object named as the heading names the item, past a text row that ends without a line break', () => {
    // A text row ("4:T<length>,") counts its length in UTF-8 bytes ("ç" and "ã" are two each) and the next row follows at once.
    const text = 'Ferramenta de impacto para construção';
    const rows = [`0:["$","$L1",null,{}]\n`, `4:T${Buffer.byteLength(text).toString(16)},${text}`, `6:["$","$L1b",null,{"state":{"data":${JSON.stringify(item)}}}]\n`];
    // The rows come in chunks cut anywhere, one script each.
    const html = page(push(rows.join('').slice(0, 50)) + push(rows.join('').slice(50)));
    const read = extractProductIdentity(html, { url: URL });
    expect(read?.gtin).toBe('00088381051644');
    expect(read?.sku).toBe('281700_1');
    // A brand field in component props is as often a code ("MK") as the maker.
    expect(read?.brand ?? null).toBeNull();
  });

  it('takes nothing from objects named otherwise: a menu’s or a carousel’s items', () => {
    const other = { ...item, name: 'Parafusadeira Bosch 12V', ean: '4059952509427' };
    const html = page(push(`6:["$","$L1b",null,{"items":[${JSON.stringify(other)}]}]\n`));
    expect(extractProductIdentity(html, { url: URL })?.gtin ?? null).toBeNull();
  });
});

describe('a state a script hands to JSON.parse as a string', () => {
  const tgt = {
    __PRELOADED_QUERIES__: {
      queries: [[['product/query', { tcin: '91351689' }], { data: { product: { __typename: 'Product', tcin: '91351689', item: { product_description: { title: 'Zapdos ex Deluxe Battle Deck' }, primary_brand: { name: 'Pokemon' }, primary_barcode: '097712561233' }, price: { current_retail: 14.99, formatted_current_price: '$14.99' } } } }]],
    },
  };
  const target = (state: unknown) =>
    `<!doctype html><html lang="en-US"><head><title>Zapdos ex Deluxe Battle Deck : Target</title></head><body><h1>Zapdos ex Deluxe Battle Deck</h1><button>Add to cart</button>` +
    `<script>Object.defineProperties(window, { '__CONFIG__': { configurable: false, value: deepFreeze(JSON.parse(${JSON.stringify(JSON.stringify({ services: { price: 1 } }))})) }, ` +
    `'__TGT_DATA__': { configurable: false, enumerable: true, value: deepFreeze(JSON.parse(${JSON.stringify(JSON.stringify(state))})) } });</script></body></html>`;

  it("reads Target's product data beside its item number: price, brand, barcode and the item number, past the page's settings", () => {
    const read = extractProductIdentity(target(tgt), { url: 'https://www.target.com/p/zapdos-ex-deluxe-battle-deck/-/A-91351689' });
    expect(read).toMatchObject({ priceCents: 1499, currency: 'USD', brand: 'Pokemon', gtin: '00097712561233', sku: '91351689' });
  });

  it('reads a state assigned from a string in single quotes, with its escapes', () => {
    const state = { product: { name: 'Lumetra K7 Keyboard', sku: 'LK7-DE', gtin13: '4006381333931', price: 49.9 } };
    const literal = `'${JSON.stringify(state).replace(/'/g, "\\'").replace(/"/g, '\\x22')}'`;
    const html = `<!doctype html><html><head><title>Lumetra K7 Keyboard</title></head><body><h1>Lumetra K7 Keyboard</h1><script>window.__STATE__ = JSON.parse(${literal});</script></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://shop.example/p/k7' })).toMatchObject({ sku: 'LK7-DE', gtin: '04006381333931' });
  });
});

describe('a window state named after its app or written as a Redux store', () => {
  const shop = (heading: string, script: string) =>
    `<!doctype html><html lang="tr"><head><title>Çamaşır Makinesi</title></head><body><h1>${heading}</h1><button>Sepete Ekle</button><script>${script}</script></body></html>`;

  it("reads the item of an app's state: its brand, the price paid now of a price block, and its stock flag", () => {
    const product = { name: 'Altus AL 6100 L Çamaşır Makinesi', brand: { name: 'Altus' }, hasStock: true, price: { discountedPrice: { text: '1.199 TL', value: 1199 }, sellingPrice: { value: 1299 }, originalPrice: { value: 1499 } } };
    const html = shop('Altus AL 6100 L Çamaşır Makinesi', `window.__PRODUCT_DETAIL_APP_INITIAL_STATE__ = ${JSON.stringify({ product })};`);
    const read = extractProductIdentity(html, { url: 'https://shop.example.com.tr/altus-p-3058612' });
    expect(read?.brand).toBe('Altus');
    expect(read?.priceCents).toBe(119900);
    expect(read?.availability).toBe('in_stock');
  });

  it("reads the brand of a store's record named as the heading, past the shop's number after it and a script's undefined", () => {
    const store = `window.__data={"productStore":{"data":{"attributes":{"name":"Echo Show 5 - Sandstone","partNumber":"1344466","brand":"Amazon Echo"}}},"router":{"state":undefined}}`;
    expect(extractProductIdentity(shop('Echo Show 5 - Sandstone 134/4466', store))?.brand).toBe('Amazon Echo');
    // Another item's record, with one fact, names no brand of this one.
    expect(extractProductIdentity(shop('Echo Dot (5th Gen)', store))?.brand ?? null).toBeNull();
  });

  it("reads the record named as the item's microdata names it on a page without a heading (Argos writes none)", () => {
    const store = `window.__data={"trolley":{"items":[{"name":"HDMI Cable 2m","partNumber":"1112223","brand":"One For All"}]},"product":{"name":"Tapo C200 Pan/Tilt Camera","partNumber":"4667999","brand":"TP Link"}}`;
    const html = (name: string) =>
      `<!doctype html><html><head><title>Buy Tapo C200 | Argos</title></head><body><div itemscope itemtype="http://schema.org/Product"><span itemprop="name">${name}</span><span itemprop="sku">4667999</span></div><script>${store}</script></body></html>`;
    expect(extractProductIdentity(html('Tapo C200 Pan/Tilt Camera'), { url: 'https://www.shop.example.co.uk/product/4667999' })?.brand).toBe('TP Link');
    expect(extractProductIdentity(html('Tapo C110 Camera'), { url: 'https://www.shop.example.co.uk/product/4667999' })?.brand ?? null).toBeNull();
  });
});
