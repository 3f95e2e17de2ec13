import { extractProductIdentity } from '../page-identity';
import { mpnOf } from './values';

const URL = 'https://shop.example.at/p/k7';
const doc = (head: string, body: string, title = 'Lumetra K7 Keyboard') => `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
const ld = (node: Record<string, unknown>) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...node })}</script>`;

describe('a part number in a specification row', () => {
  const modelRow = (value: string) =>
    extractProductIdentity(doc('', `<h1>Lumetra K7 Keyboard</h1><p>49,90 €</p><table><tr><td>Brand</td><td>Lumetra</td></tr><tr><td>Model</td><td>${value}</td></tr></table>`), { url: URL })?.model ?? null;

  it('reads a code with a digit, or capitals alone in two or more parts ("LIV-PKG-US"); a word is none', () => {
    expect(modelRow('LK7-DE01')).toBe('LK7-DE01');
    expect(modelRow('LIV-PKG-US')).toBe('LIV-PKG-US');
    expect(modelRow('FBA_HY-ECCAK')).toBe('FBA_HY-ECCAK');
    expect(modelRow('H23K37.')).toBe('H23K37');
    expect(modelRow('9H.LLMLA.TPE')).toBe('9H.LLMLA.TPE');
    expect(modelRow('Pro')).toBeNull();
    expect(modelRow('WIRELESS')).toBeNull();
  });

  it('reads a row’s value that the page writes whole in brackets holding brackets of its own ("Код: (7456(3))")', () => {
    const row = (label: string, value: string) => extractProductIdentity(doc('', `<h1>Lumetra K7 Keyboard</h1><p>49,90 €</p><p><span>${label}: ${value}</span></p>`), { url: URL });
    expect(row('Код', '(7456(3))')?.sku).toBe('7456(3)');
    expect(row('Артикул', '7456(3)')?.sku).toBe('7456(3)');
    expect(row('SKU', '[LK7-01]')?.sku).toBe('LK7-01');
    expect(row('SKU', 'LK7-01).')?.sku).toBe('LK7-01');
  });

  it('reads an item number without the word of a notice written straight after it ("558824" + "Код скопійовано")', () => {
    const beside = (value: string) =>
      extractProductIdentity(doc('', `<h1>Lumetra K7 Keyboard</h1><p>49,90 €</p><div class="product_id">Код товару:&nbsp; <div><span class="bold">${value}</span><span class="clipboard-popup">Код скопійовано</span></div></div>`), { url: URL })?.sku;
    expect(beside('558824')).toBe('558824');
    expect(beside('LK7-01')).toBe('LK7-01');
  });

  it('reads the part number under Portuguese and Spanish model-reference labels', () => {
    const row = (label: string) => extractProductIdentity(doc('', `<h1>Lumetra K7 Keyboard</h1><p>49,90 €</p><div><span>${label}:</span></div><div><span> LK7DE01 </span></div>`), { url: URL })?.model ?? null;
    expect(row('Referência de modelo')).toBe('LK7DE01');
    expect(row('Referencia del modelo')).toBe('LK7DE01');
  });

  it('reads capitals alone under a label naming a number, not under a bare “Model”, nor the cart form’s own item number', () => {
    const row = (label: string, value: string, form = '') =>
      extractProductIdentity(doc('', `<h1>Lumetra K7 Keyboard</h1><p>49,90 €</p>${form}<table><tr><td>Brand</td><td>Lumetra</td></tr><tr><th>${label}</th><td>${value}</td></tr></table>`), { url: URL })?.model ?? null;
    expect(row('Model Number', 'PMCAWNSAA')).toBe('PMCAWNSAA');
    expect(row('規格番号', 'HACPAUBQA')).toBe('HACPAUBQA');
    expect(row('Model', 'WIRELESS')).toBeNull();
    expect(row('Model Number', 'UNKNOWN')).toBeNull();
    expect(row('Part Number', 'LUMKEYS', '<form action="add_cart.asp"><input type="hidden" name="itemid" value="LUMKEYS"></form>')).toBeNull();
  });
});

describe('identifiers the markup writes on the offer, in meta tags or in a second scope', () => {
  it('reads a GTIN and a sku the one offer carries, in JSON-LD and in microdata; the product’s own sku first, and none of several offers', () => {
    const offer = { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR', gtin13: '4006381333931', sku: 'SQ7150021' };
    const json = ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', offers: offer });
    const fromJson = extractProductIdentity(doc(json, '<h1>Lumetra K7 Keyboard</h1>'), { url: URL });
    expect(fromJson?.gtin).toBe('04006381333931');
    expect(fromJson?.sku).toBe('SQ7150021');
    const own = ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: 'LK7-DE', offers: offer });
    expect(extractProductIdentity(doc(own, '<h1>Lumetra K7 Keyboard</h1>'), { url: URL })?.sku).toBe('LK7-DE');
    const sizes = ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', offers: [offer, { ...offer, sku: 'SQ7150022' }] });
    expect(extractProductIdentity(doc(sizes, '<h1>Lumetra K7 Keyboard</h1>'), { url: URL })?.sku ?? null).toBeNull();
    const micro = '<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Lumetra K7 Keyboard</h1><div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">49.90</span><span itemprop="priceCurrency">EUR</span><span class="is-hidden" itemprop="gtin13">4006381333931</span></div></div>';
    expect(extractProductIdentity(doc('', micro), { url: URL })?.gtin).toBe('04006381333931');
    const microSku = micro.replace('</div></div>', '<span class="is-hidden" itemprop="sku"> 374837</span></div></div>');
    expect(extractProductIdentity(doc('', microSku), { url: URL })?.sku).toBe('374837');
  });

  it("reads no part number from a model number's field that holds the model's name, and keeps one written in parts", () => {
    const withMpn = (mpn: string) => extractProductIdentity(doc(ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', mpn, offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR' } }), '<h1>Lumetra K7 Keyboard</h1>'), { url: URL })?.model;
    expect(withMpn('Lumetra K7 Pro')).toBeFalsy();
    expect(withMpn('LK7-DE01')).toBe('LK7-DE01');
    expect(mpnOf('iPhone 16 Pro Max')).toBeNull();
    expect(mpnOf('Xperia 1 III 5G, 256GB')).toBeNull();
    expect(mpnOf('PBWR6 OP8V2 IN')).toBe('PBWR6 OP8V2 IN');
    expect(mpnOf('UL-KS01')).toBe('UL-KS01');
  });

  it('reads no part number from a model field in a script without capitals, which names the model (Korean, Hebrew, Japanese)', () => {
    expect(mpnOf('갤럭시S9 64G[자급제(공기계)]')).toBeNull();
    expect(mpnOf('OPTIPLEX 9010 TOWER מחודש')).toBeNull();
    expect(mpnOf('無印良品 アロマディフューザー')).toBeNull();
    expect(mpnOf('MQ2Y2SL/A')).toBe('MQ2Y2SL/A');
    expect(mpnOf('МД-510')).toBe('МД-510');
  });

  it('reads a GTIN meta tag named plainly ("gtin", "ean")', () => {
    expect(extractProductIdentity(doc('<meta property="og:type" content="product"><meta property="gtin" content="4006381333931">', '<h1>Lumetra K7 Keyboard</h1>'), { url: URL })?.gtin).toBe('04006381333931');
  });

  it('reads on into a second Product scope of the same item: one naming it, the other holding its offer', () => {
    const named = '<div itemscope itemtype="http://schema.org/Product"><h2><span itemprop="name">Lumetra K7 Keyboard</span></h2></div>';
    const details = '<div id="details" itemscope itemtype="http://schema.org/Product"><div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="availability">https://schema.org/OutOfStock</span><span itemprop="price">49.90</span><span itemprop="priceCurrency">EUR</span><span itemprop="gtin13">4006381333931</span></div></div>';
    const item = extractProductIdentity(doc('', named + details), { url: URL });
    expect(item?.gtin).toBe('04006381333931');
    expect(item?.priceCents).toBe(4990);
    expect(item?.stockState).toBe('OutOfStock');
  });
});

describe('the stock line when the page’s h1 heads another section', () => {
  const offer = ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR', availability: 'https://schema.org/OutOfStock' } });

  it('reads the item’s stock line above an h1 that does not name the item, and inside type-size utility classes', () => {
    const body = '<h2>Lumetra K7 Keyboard</h2><div class="Status content is-size-7 delivery-info"><span class="warten">in ca. 2-3 Werktagen versandbereit</span></div><div id="support"><h1>Herstellerinformationen zu Lumetra GmbH</h1></div>';
    expect(extractProductIdentity(doc(offer, body), { url: URL })?.stockState).toBe('InStock');
  });

  it('still reads no stock line a size’s markup holds', () => {
    const body = '<h1>Lumetra K7 Keyboard</h1><div class="size-picker"><span>auf Lager</span></div>';
    expect(extractProductIdentity(doc(offer, body), { url: URL })?.stockState).toBe('OutOfStock');
  });
});

describe('a price the markup does not name', () => {
  it('reads the first element after the heading showing one price with its currency, not a struck one', () => {
    const body = '<h1>Lumetra K7 Keyboard</h1><p>Hersteller NEC</p><s>249,00 €</s><table><tr><td style="font-size:28px">€210,<span>87</span></td></tr></table><h3>19,90 €</h3>';
    expect(extractProductIdentity(doc('', body), { url: URL })?.priceCents).toBe(21087);
  });
});

describe('templates that break their own markup', () => {
  it('reads JSON-LD whose strings hold raw quote marks (an inch sign)', () => {
    const raw = '<script type="application/ld+json">{"@context": "https://schema.org/", "@type": "Product", "name": "Lumetra K7 Monitor 61 cm (24") - IPS", "brand": {"@type": "Brand", "name": "Lumetra"}, "offers": {"@type": "Offer", "price": "149.00", "priceCurrency": "EUR"}}</script>';
    const item = extractProductIdentity(doc(raw, '<h1>Lumetra K7 Monitor 61 cm (24") - IPS</h1>', 'Lumetra K7 Monitor'), { url: URL });
    expect(item?.brand).toBe('Lumetra');
    expect(item?.priceCents).toBe(14900);
  });

  it('reads JSON-LD a template writes with its quotes as HTML entities', () => {
    const json = JSON.stringify({ '@context': 'https://schema.org/', '@type': 'Product', name: 'Lumetra K7 Plush', brand: { '@type': 'Brand', name: 'Lumetra' }, offers: { '@type': 'Offer', price: 399.99, priceCurrency: 'USD', availability: 'http://schema.org/OutOfStock' } });
    const escaped = `<script type="application/ld+json">${json.replace(/"/g, '&quot;')}</script>`;
    const item = extractProductIdentity(doc(escaped, '<h1>Lumetra K7 Plush</h1>', 'Lumetra K7 Plush'), { url: URL });
    expect(item).toMatchObject({ brand: 'Lumetra', priceCents: 39_999, stockState: 'OutOfStock' });
  });

  it('reads JSON-LD a template closes with a stray brace, and objects it writes one after another', () => {
    const product = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Lumetra K7 Album', offers: { '@type': 'Offer', price: '20.99', priceCurrency: 'EUR' }, brand: [{ '@type': 'Brand', name: 'Lumetra' }] });
    for (const script of [`${product}\n}`, `{"@type": "Organization", "name": "Shop"}${product}`]) {
      const item = extractProductIdentity(doc(`<script type="application/ld+json">${script}</script>`, '<h1>Lumetra K7 Album</h1>', 'Lumetra K7 Album'), { url: URL });
      expect(item).toMatchObject({ brand: 'Lumetra', priceCents: 2099 });
    }
    // A value that never closes is no JSON at all.
    const open = extractProductIdentity(doc(`<script type="application/ld+json">${product.slice(0, -1)}</script>`, '<h1>Lumetra K7 Album</h1>', 'Lumetra K7 Album'), { url: URL });
    expect(open?.brand ?? null).toBeNull();
  });

  it('reads JSON-LD that leaves out a comma between two properties on their own lines', () => {
    const script = '{"@context": "http://schema.org/", "@type": "Product", "name": "Series 7 Shaver", "brand": {"@type": "Brand", "name": "Lumetra"},\n "offers": {"@type": "Offer", "price": "199",\n "itemCondition": "http://schema.org/NewCondition"\n    "priceCurrency": "GBP"}}';
    const item = extractProductIdentity(doc(`<script type="application/ld+json">${script}</script>`, '<h1>Series 7 Shaver</h1>', 'Series 7 Shaver'), { url: URL });
    expect(item).toMatchObject({ brand: 'Lumetra', priceCents: 19900, currency: 'GBP' });
  });

  it('reads an offer’s price from a price specification a template writes with a capital (“PriceSpecification”)', () => {
    const script = JSON.stringify({ '@context': 'http://schema.org', '@type': 'Product', name: 'Leather boat shoes', brand: { '@type': 'Brand', name: 'Lumetra' }, offers: { '@type': 'Offer', PriceSpecification: { price: 995, priceCurrency: 'USD' }, availability: 'http://schema.org/InStock' } });
    const item = extractProductIdentity(doc(`<script type="application/ld+json">${script}</script>`, '<h1>Leather boat shoes</h1>', 'Leather boat shoes'), { url: URL });
    expect(item).toMatchObject({ priceCents: 99500, currency: 'USD' });
  });

  it('takes no item number that is words without a digit (a company’s name in the shop’s sku tag)', () => {
    const head = '<meta property="product:retailer_item_id" content="주식회사 위캔드기어컴퍼니">';
    expect(extractProductIdentity(doc(head, '<h1>Eagle Denim Pants</h1><p class="price">₩109,600</p>', 'Eagle Denim Pants'), { url: URL })?.sku ?? null).not.toBe('주식회사 위캔드기어컴퍼니');
    const named = '<meta property="product:retailer_item_id" content="MENS_WOOL_RUNNERS">';
    expect(extractProductIdentity(doc(named, '<h1>Eagle Denim Pants</h1><p class="price">₩109,600</p>', 'Eagle Denim Pants'), { url: URL })?.sku).toBe('MENS_WOOL_RUNNERS');
  });

  it('takes no site name a template fills with the item’s own title', () => {
    const head = '<meta property="og:site_name" content="Lumetra K7 Keyboard - 5 ms"><meta property="og:title" content="Lumetra K7 Keyboard - 5 ms">';
    const body = '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Lumetra K7 Keyboard - 5 ms</h1><span itemprop="brand">Lumetra</span></div>';
    const item = extractProductIdentity(doc(head, body, 'Lumetra K7 Keyboard - 5 ms'), { url: URL });
    expect(item?.brand).toBe('Lumetra');
    expect(item?.title).toBe('Lumetra K7 Keyboard - 5 ms');
    expect(item?.shopName).toBeUndefined();
  });

  it('names the shop as its title writes the host’s name, where no og:site_name says it', () => {
    const body = '<h1>Iiyama G-Master G2470HSU</h1><p class="price">€ 188,90</p>';
    const shopOf = (title: string, url: string) => extractProductIdentity(doc('', body, title), { url })?.shopName;
    expect(shopOf('SKC | Computer &amp; Multimedia Store - Iiyama G-Master G2470HSU', 'https://www.skc.at/produkte/246518')).toBe('SKC');
    expect(shopOf('Iiyama G-Master G2470HSU - I-CS GmbH Computer Onlineshop', 'https://www.i-cs.at/eshop.php?aid=27648512')).toBe('I-CS');
    expect(shopOf('Amazon.com: Iiyama G-Master G2470HSU : Electronics', 'https://www.amazon.com/dp/B07X1B2B5Y')).toBe('Amazon.com');
    // The item's own name beginning with the host's is no shop's name.
    expect(shopOf('Iiyama G-Master G2470HSU', 'https://iiyama.example.com/p/g2470hsu')).toBeUndefined();
  });

  it('reads an og:site_name that is an address as none, and names the shop as its title writes it', () => {
    const body = '<h1>GoPro HERO 7 Black</h1><p class="price">€ 349,-</p>';
    const head = '<meta property="og:site_name" content="https://www.coolblue.nl">';
    expect(extractProductIdentity(doc(head, body, 'GoPro HERO 7 Black - Coolblue - Voor 23.59u, morgen in huis'), { url: 'https://www.coolblue.nl/product/819196/gopro-hero-7-black.html' })?.shopName).toBe('Coolblue');
  });
});

describe('the brand a breadcrumb or a brand link names', () => {
  const read = (body: string, title = 'Lumetra K7 Keyboard') => extractProductIdentity(doc('', body, title), { url: URL });

  it('reads a crumb or a brand page’s link the item’s name begins with', () => {
    expect(read('<table><tr><td>Startseite &raquo; <a href="/c/12">Tastaturen</a> &raquo; <a href="/c/12?m=4">Lumetra</a> &raquo; K7-DE (436598)</td></tr></table><h1>Lumetra K7 Keyboard</h1>')?.brand).toBe('Lumetra');
    expect(read('<h1>Neuheit Lumetra K7 Keyboard</h1><a href="/marken/lumetra.html">Lumetra</a>')?.brand).toBe('Lumetra');
  });

  it('takes no crumb that is the item’s own name, a category or an audience, and no menu of brands', () => {
    expect(read('<ol class="breadcrumb"><li><a href="/">Home</a></li><li><a href="/women">Women</a></li><li>Women Bomber Jacket</li></ol><h1>Women Bomber Jacket</h1>', 'Women Bomber Jacket')?.brand).toBeNull();
    expect(read('<ul class="breadcrumbs"><li><a href="/">Home</a></li><li><a href="/j">Bomber Jacket</a></li><li>Bomber Jacket</li></ul><h1>Bomber Jacket $24.99</h1>', 'Bomber Jacket')?.brand).toBeNull();
    const menu = `<ul>${['Acer', 'Lumetra', 'Bose', 'Canon', 'Dell', 'HP', 'LG'].map((b) => `<li><a href="/brand/${b}">${b}</a></li>`).join('')}</ul>`;
    expect(read(`${menu}<h1>Lumetra K7 Keyboard</h1>`)?.brand).toBeNull();
  });
});

describe('identifiers copied from the structured-data documentation', () => {
  it('takes no sku or part number of the documentation’s example product', () => {
    const json = ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: '0446310786', mpn: '925872', offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR' } });
    const item = extractProductIdentity(doc(json, '<h1>Lumetra K7 Keyboard</h1>'), { url: 'https://shop.example.at/lumetra-k7.html' });
    expect(item?.model).toBeNull();
    expect(item?.sku).not.toBe('0446310786');
  });
});

describe('a barcode in the page’s script data', () => {
  const read = (script: string) => extractProductIdentity(doc(`<script>${script}</script>`, '<h1>Lumetra K7 Keyboard</h1>'), { url: URL })?.gtin;

  it('reads the one valid barcode a data layer or a store’s JSON writes under a GTIN key', () => {
    expect(read('dataLayer.push({"productID":120945,"productEAN":"4006381333931"});')).toBe('04006381333931');
    expect(read('var p = {"ean":{"data":"4006381333931","text":"4006381333931"}};')).toBe('04006381333931');
  });

  it('reads an EAN or UPC a Shopify variant or a store’s state writes under "barcode", not a marketplace’s 8-digit one', () => {
    expect(read('var meta = {"product":{"variants":[{"id":4711,"price":10900,"barcode":"5025232895564"}]}};')).toBe('05025232895564');
    expect(read('window.__S = {"brand":"KOHLER","barcode":"195711109965"};')).toBe('00195711109965');
    expect(read('var p = {"barcode":"30158672","merchantId":968};')).toBeNull();
  });

  it('reads a barcode under a key a script writes without quotes, or inside JSON written as a string', () => {
    expect(read("var item = {isBridal:false,upc:'3605975092790',sku_id:1689949389172530};")).toBe('03605975092790');
    expect(read('var state = JSON.parse("{\\"variants\\":[{\\"barcode\\":\\"5025232895564\\"}]}");')).toBe('05025232895564');
    expect(read('var p = {product_upc:"3605975092790", list_ean: "4006381333931"};')).toBeNull();
  });

  it('reads a barcode a tag manager\'s variable is set to (tc_vars["pr_ean"]), not a list\'s', () => {
    expect(read('tc_vars["pr_sku"]="BES6942138929485";tc_vars["pr_ean"]="6942138953008";tc_vars["pr_mfpn"]="";')).toBe('06942138953008');
    expect(read("tc_vars['list_ean']='6942138953008';")).toBeNull();
  });

  it('reads a barcode a data attribute of the page’s blocks names by its last part ("data-productdetail-productean")', () => {
    const block = (attrs: string) => extractProductIdentity(doc('', `<h1>Lumetra K7 Keyboard</h1><div class="product" ${attrs}>49,90 €</div>`), { url: URL })?.gtin ?? null;
    expect(block('data-productdetail-productean="0711719396604"')).toBe('00711719396604');
    expect(block('data-ean="4006381333931"')).toBe('04006381333931');
    expect(block('data-item-gtin13="4006381333931"')).toBe('04006381333931');
    // Another attribute that ends otherwise, or a number without a valid check digit, is none.
    expect(block('data-eant="4006381333931"')).toBeNull();
    expect(block('data-productdetail-productean="0711719396605"')).toBeNull();
  });

  it('reads none where the scripts name several items’ barcodes', () => {
    expect(read('var list = [{"ean":"4006381333931"},{"ean":"5028695125438"}];')).toBeNull();
  });
});

describe('a barcode written as the part number', () => {
  it('reads a GTIN a theme writes under mpn as the GTIN, and no part number', () => {
    const json = ld({ '@type': 'Product', name: 'Voltaren Schmerzgel', sku: 'J-12732027', mpn: '4150127320270', offers: { '@type': 'Offer', price: '14.72', priceCurrency: 'EUR' } });
    const item = extractProductIdentity(doc(json, '<h1>Voltaren Schmerzgel</h1>'), { url: URL });
    expect(item?.gtin).toBe('04150127320270');
    expect(item?.model ?? null).toBeNull();
  });

  it('keeps a part number that is no barcode: letters, a wrong check digit, or beside a GTIN of its own', () => {
    const read = (node: Record<string, unknown>) => extractProductIdentity(doc(ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR' }, ...node }), '<h1>Lumetra K7 Keyboard</h1>'), { url: URL });
    expect(read({ mpn: 'K7-4150127' })?.gtin ?? null).toBeNull();
    expect(read({ mpn: '4150127320271' })?.gtin ?? null).toBeNull();
    expect(read({ mpn: '4150127320270', gtin13: '4006381333931' })?.gtin).toBe('04006381333931');
  });

  it('keeps a number of the ranges shops number their own items with (20–29) as the maker’s reference it is labelled', () => {
    const row = extractProductIdentity(doc('', '<h1>Lumetra K7 Keyboard</h1><p>49,90 €</p><ul><li><b>Manufacturer reference</b> <span>2200630056066</span></li></ul>'), { url: URL });
    expect(row?.gtin ?? null).toBeNull();
    expect(row?.model).toBe('2200630056066');
    // Written with the leading zero of a GTIN-13 (GS1 prefixes 020–029 and 040–049), or as a UPC, it is the same number.
    const markup = (mpn: string) => extractProductIdentity(doc(ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', mpn, offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR' } }), '<h1>Lumetra K7 Keyboard</h1>'), { url: URL });
    for (const mpn of ['0401234567893', '401234567893', '0201234567899']) expect(markup(mpn)?.gtin ?? null).toBeNull();
    expect(markup('4150127320270')?.gtin).toBe('04150127320270');
  });
});

describe('a barcode written as the item number', () => {
  it('reads an EAN or UPC the markup states as the sku as the GTIN too, where it states none', () => {
    const micro = (sku: string, extra = '') =>
      `<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Lumetra K7 Keyboard</h1><span itemprop="sku">${sku}</span>${extra}<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">42.00</span><span itemprop="priceCurrency">GBP</span></div></div>`;
    const item = extractProductIdentity(doc('', micro('5018899787594')), { url: URL });
    expect(item).toMatchObject({ gtin: '05018899787594', sku: '5018899787594' });
    // Not a number of other lengths, a wrong check digit, or beside a GTIN of its own.
    expect(extractProductIdentity(doc('', micro('50188997')), { url: URL })?.gtin ?? null).toBeNull();
    expect(extractProductIdentity(doc('', micro('5018899787595')), { url: URL })?.gtin ?? null).toBeNull();
    expect(extractProductIdentity(doc('', micro('5018899787594', '<span itemprop="gtin13">4006381333931</span>')), { url: URL })?.gtin).toBe('04006381333931');
  });

  it('reads an EAN or UPC a labelled row gives as the item number as the GTIN too ("Product Code: 776029700046")', () => {
    const page = (code: string) => `<h1>Alpine Lager 12 B</h1><p class="price">$25.49</p><ul><li>Product Code: ${code}</li><li>Size: 12 x 355 ml</li></ul>`;
    expect(extractProductIdentity(doc('', page('776029700046')), { url: URL })).toMatchObject({ gtin: '00776029700046' });
    expect(extractProductIdentity(doc('', page('776029700047')), { url: URL })?.gtin ?? null).toBeNull();
  });
});

describe('an item number as the markup writes it', () => {
  it('is read without a label before it or the brackets around it', () => {
    const micro = (sku: string) =>
      `<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Lumetra K7 Keyboard</h1><span itemprop="sku">${sku}</span><div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">42.00</span><span itemprop="priceCurrency">EUR</span></div></div>`;
    expect(extractProductIdentity(doc('', micro('mpn:A 773701')), { url: URL })?.sku).toBe('A 773701');
    expect(extractProductIdentity(doc('', micro('[24512506]')), { url: URL })?.sku).toBe('24512506');
    expect(extractProductIdentity(doc('', micro('(Cód. Item 462100)')), { url: URL })?.sku).toBe('462100');
    expect(extractProductIdentity(doc('', micro('Item Number: LK-700')), { url: URL })?.sku).toBe('LK-700');
    // Words that are no label stay: a value is not cut to its last word.
    expect(extractProductIdentity(doc('', micro('CFI-ZCT1G (27418876)')), { url: URL })?.sku).toBe('CFI-ZCT1G (27418876)');
    expect(extractProductIdentity(doc('', micro('Item Blue 4')), { url: URL })?.sku).toBe('Item Blue 4');
  });
});
