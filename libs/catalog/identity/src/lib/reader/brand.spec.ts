import { extractProductIdentity } from '../page-identity';

const page = (jsonLd: object, body = '') =>
  `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', offers: { '@type': 'Offer', price: '99.00', priceCurrency: 'USD' }, ...jsonLd })}</script></head><body>${body}</body></html>`;
const brandOf = (html: string, url: string) => extractProductIdentity(html, { url })?.brand ?? null;

describe('the brand a page names', () => {
  it('leaves out a country or region set after the maker’s name', () => {
    expect(brandOf(page({ name: 'Crusher ANC 2', brand: { '@type': 'Brand', name: 'Skullcandy US' } }), 'https://www.example-audio.com/p/crusher')).toBe('Skullcandy');
    expect(brandOf(page({ name: 'Infraphil lamp', brand: 'Philips, Netherlands' }), 'https://www.example-vintage.co.uk/p/lamp')).toBe('Philips');
    expect(brandOf(page({ name: 'Kettle', brand: 'Russell Hobbs - UK' }), 'https://www.example-home.com/p/kettle')).toBe('Russell Hobbs');
    expect(brandOf(page({ name: 'Dinner plate', brand: 'Certified International' }), 'https://www.example-home.com/p/plate')).toBe('Certified International');
    // A lower-case word is part of the name, and a region alone is all the brand there is.
    expect(brandOf(page({ name: 'Mug', brand: 'Made for us' }), 'https://www.example-home.com/p/mug')).toBe('Made for us');
    expect(brandOf(page({ name: 'Mug', brand: 'Canada' }), 'https://www.example-home.com/p/mug')).toBe('Canada');
  });
});

describe('a brand that is the item’s own name', () => {
  it('is no brand: the maker comes from elsewhere, or the page names none', () => {
    // The maker's own shop, whose markup fills the brand with the product's title.
    const parallels = page({ name: 'Parallels Desktop 15 for Mac', brand: { '@type': 'Brand', name: 'Parallels Desktop 15 for Mac' } }, '<h1>Parallels Desktop 15 for Mac</h1>');
    expect(brandOf(parallels, 'https://www.parallels.com/products/desktop/')).toBe('Parallels');
    const nomad = page({ name: 'Modern Leather Case - iPhone 16 Pro', brand: { '@type': 'Brand', name: 'Modern Case - iPhone - Ecco Leather' } }, '<h1>Modern Leather Case</h1>');
    expect(brandOf(nomad, 'https://nomadgoods.com/eu/products/modern-leather-case')).toBeNull();
  });

  it('stays the brand where the maker’s name is one word, or begins the item’s name', () => {
    expect(brandOf(page({ name: 'Yeti', brand: 'Yeti' }, '<h1>Yeti</h1>'), 'https://www.example-shop.com/p/yeti')).toBe('Yeti');
    expect(brandOf(page({ name: 'The North Face Nuptse Jacket', brand: 'The North Face' }), 'https://www.example-shop.com/p/nuptse')).toBe('The North Face');
    expect(brandOf(page({ name: 'Stacking Rings', brand: 'Fisher - Price' }), 'https://www.example-shop.com/p/rings')).toBe('Fisher - Price');
  });

  it('stays the brand where the heading is the brand’s own element and the item is named apart (a department store’s “<h1 itemprop="brand">”)', () => {
    const store = (h1: string) =>
      `<!doctype html><html><head><title>Lucy metallic pumps | Store</title></head><body><div itemscope itemtype="http://schema.org/Product">${h1}<meta itemprop="name" content="Lucy metallic pumps"><span itemprop="price" content="775.00">$775</span><meta itemprop="priceCurrency" content="USD"></div></body></html>`;
    expect(brandOf(store('<h1 itemprop="brand">Loretta Vance</h1>'), 'https://www.example-store.com/p/1')).toBe('Loretta Vance');
    expect(brandOf(store('<h1 class="product-designer"><span itemprop="brand">Loretta Vance</span></h1>'), 'https://www.example-store.com/p/1')).toBe('Loretta Vance');
    // A heading that is only the designer's link, the item's name below it.
    const designer = '<h1 class="product-title"><a href="/shop/loretta-vance" class="designer-link">Loretta Vance</a></h1><meta itemprop="brand" content="Loretta Vance">';
    expect(brandOf(store(designer), 'https://www.example-store.com/p/1')).toBe('Loretta Vance');
  });

  it('stays the brand where a heading writes the maker alone above the item’s longer name (“Too Faced”, then “Too Faced Born This Way Foundation”)', () => {
    const store = (h1: string) =>
      `<!doctype html><html><head><title>Too Faced Born This Way Foundation | Beauty Store</title></head><body><div itemscope itemtype="http://schema.org/Product">${h1}<meta itemprop="name" content="Too Faced Born This Way Foundation"><span itemprop="brand">Too Faced</span><span itemprop="price" content="39.00">$39</span><meta itemprop="priceCurrency" content="USD"></div></body></html>`;
    expect(brandOf(store('<h1 class="h1"><span class="header_h1">Too Faced</span></h1>'), 'https://www.example-beauty.com/p/1')).toBe('Too Faced');
    // Where every name of the item is the brand's words, the brand is the item's name and no maker.
    const named = `<!doctype html><html><head><title>Parallels Desktop 15 for Mac</title></head><body><div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Parallels Desktop 15 for Mac</h1><span itemprop="brand">Parallels Desktop 15 for Mac</span></div></body></html>`;
    expect(brandOf(named, 'https://www.example-software.com/p/2')).toBeNull();
  });
});

describe('a brand followed by its registered mark and a line', () => {
  it('is the maker’s name before the mark', () => {
    const body = '<table><tr><th>Brand</th><td>Cranberry® Compac</td></tr></table>';
    expect(brandOf(page({ name: 'Compac Nitrile' }, body), 'https://www.example-dental.com/p/compac')).toBe('Cranberry');
    expect(brandOf(page({ name: 'The Batcave', brand: 'LEGO® Super Heroes' }), 'https://www.example-toys.com/p/batcave')).toBe('LEGO');
    expect(brandOf(page({ name: 'Sheet set', brand: 'Room Essentials™' }), 'https://www.example-home.com/p/sheets')).toBe('Room Essentials™');
  });
});

describe('a Shopify theme’s vendor link', () => {
  it('names the maker the item’s name begins with: “/collections/vendors?q=…” is a link to the maker’s page', () => {
    const html = '<!doctype html><html><head><title>LAKEWOOD Organic Pomegranate Blend 946mL</title></head><body><h1>LAKEWOOD Organic Pomegranate Blend 946mL</h1><p>by <a href="/collections/vendors?q=Lakewood">Lakewood</a></p><p class="price">$17.10</p></body></html>';
    expect(brandOf(html, 'https://www.example-organics.com.au/products/pomegranate')).toBe('Lakewood');
  });
});

describe('a brand field that names no maker', () => {
  it('is no brand: “Other”, “Generic” or “no brand” in the shops’ languages, a promotion or an assortment', () => {
    for (const placeholder of ['Diğer', 'diger', 'Outros', 'Sonstige', 'Sem marca', 'Não informado', 'Genérico', 'Не указан']) {
      expect(brandOf(page({ name: 'Hidrofor 43 lt', brand: placeholder }), 'https://www.example-market.com/p/hidrofor')).toBeNull();
    }
    expect(brandOf(page({ name: 'Hidrofor 43 lt', brand: 'Otto' }), 'https://www.example-market.com/p/hidrofor')).toBe('Otto');
    // A promotion or an assortment the template puts in the brand field.
    for (const promotion of ['HR24 NOVEMBER SALE', 'Bundles', 'Gift Cards']) {
      expect(brandOf(page({ name: 'Zoe Cable Crew', brand: promotion }), 'https://www.example-knits.com/products/zoe')).toBeNull();
    }
    expect(brandOf(page({ name: 'Trekking boots', brand: 'Salewa' }), 'https://www.example-outdoor.com/p/boots')).toBe('Salewa');
  });
});

describe('a brand written with more than the maker’s name', () => {
  it('is the maker’s name: without its label, a reseller’s title or a second name after a comma', () => {
    const url = 'https://www.example-electro.com/p/moto-g4';
    expect(brandOf(page({ name: 'Moto G4 Play', brand: 'Marca Motorola' }), url)).toBe('Motorola');
    expect(brandOf(page({ name: 'Amber 18000 BTU', brand: 'Gree Επίσημος Μεταπωλητής' }), url)).toBe('Gree');
    expect(brandOf(page({ name: 'Amber 18000 BTU', brand: 'Gree Official Reseller' }), url)).toBe('Gree');
    expect(brandOf(page({ name: 'Taladro 18V', brand: 'T-Lovendo, TLV' }), url)).toBe('T-Lovendo');
    expect(brandOf(page({ name: 'Akku-Bohrschrauber', brand: 'Hersteller: Bosch' }), url)).toBe('Bosch');
    expect(brandOf(page({ name: 'LED карниз C351', brand: 'Производители Orac decor' }), url)).toBe('Orac decor');
    // A word that only begins like a label is the name.
    expect(brandOf(page({ name: 'Oven', brand: 'Brandt' }), url)).toBe('Brandt');
    expect(brandOf(page({ name: 'Atlas 150 pasta machine', brand: 'Marcato' }), url)).toBe('Marcato');
    expect(brandOf(page({ name: 'Light box', brand: 'Marquee' }), url)).toBe('Marquee');
  });
});

describe('a brand without a letter', () => {
  it('is no brand: a number names no maker', () => {
    expect(brandOf(page({ name: 'C E Ferulic', brand: '4248' }), 'https://www.example-beauty.com/p/ferulic')).toBeNull();
  });
});

describe('a brand marked up outside any item', () => {
  const shop = (marks: string) =>
    `<!doctype html><html><head><title>Space Hippie 01 | Sneaker Shop</title></head><body><h1>Space Hippie 01</h1><div class="buybox">${marks}<span class="price">€ 89,95</span></div></body></html>`;
  const url = 'https://www.example-sneakers.com/space-hippie-01';

  it('is the brand where every such mark names the same maker (a theme without an itemscope)', () => {
    expect(brandOf(shop('<span itemprop="brand">Nike</span> <span class="sticky" itemprop="brand">Nike</span>'), url)).toBe('Nike');
  });

  it('is no brand where the marks disagree (other items’ tiles) or name the shop itself', () => {
    expect(brandOf(shop('<span itemprop="brand">Nike</span> <span itemprop="brand">Adidas</span>'), url)).toBeNull();
    expect(brandOf(shop('<span itemprop="brand">Example-Sneakers</span>'), url)).toBeNull();
  });
});

describe('the brand line beside the heading', () => {
  const shop = (body: string) => `<!doctype html><html><head><title>Frigoriferi | Negozio</title></head><body>${body}<p>€899,00</p></body></html>`;
  const URL = 'https://www.elettro.example.it/frigoriferi/p/192005354/';

  it("reads the brand line of the heading's block where the shop marks that block as a product card", () => {
    const card = (brand: string) => `<div class="productDetail__wrapper j-productCard"><div class="productDetail__mainInfo"><div class="productDetails__brand">${brand}</div><h1 class="productDetails__name">Frigorifero combinato RB41R7719S9/EF metal inox</h1></div></div>`;
    expect(brandOf(shop(card('SAMSUNG')), URL)).toBe('SAMSUNG');
    // Another product's card, away from the heading, names no brand of the item.
    expect(brandOf(shop(`<h1>Frigorifero combinato</h1><div class="j-productCard"><div class="productDetails__brand">LG</div><h3>LG GBB72</h3></div>`), URL)).toBeNull();
  });

  it('reads a link above the heading to the page its own words name ("/armedangels/" for "ARMEDANGELS"), whatever its classes', () => {
    const page = (link: string, after = '') => shop(`<div class="pdp"><div class="XKeLfu"><a class="CDD5jc" href="${link}"><h3>ARMEDANGELS</h3></a></div><h1>JAAMES TURNTABLES - T-Shirt</h1>${after}</div>`);
    const url = 'https://www.fashion.example.de/armedangels-jaames-turntables-t-shirt-ar322o0bc-c11.html';
    expect(brandOf(page('https://www.fashion.example.de/armedangels/'), url)).toBe('ARMEDANGELS');
    expect(brandOf(page('/armed-angels.html?sort=new'), url)).toBe('ARMEDANGELS');
    // A link elsewhere, or one below the heading to a page its words do not name, gives no brand.
    expect(brandOf(page('/herren-t-shirts/'), url)).toBeNull();
    expect(brandOf(shop(`<div class="pdp"><h1>JAAMES TURNTABLES - T-Shirt</h1><a href="/t-shirts/">T-Shirts</a></div>`), url)).toBeNull();
    // Nor does a breadcrumb trail's link, or a link marked as the item's category, above the heading.
    const above = (links: string) => brandOf(shop(`<div class="pdp">${links}<h1>JAAMES TURNTABLES - T-Shirt</h1></div>`), url);
    expect(above('<div><p class="bc"><a href="/">Home</a> › <a href="/t-shirts">T-Shirts</a></p></div>')).toBeNull();
    expect(above('<div><span class="Breadcrumbs_item"><a href="/t-shirts">T-Shirts</a></span></div>')).toBeNull();
    expect(above('<div><ol><li><a href="/t-shirts">T-Shirts</a></li></ol></div>')).toBeNull();
    expect(above('<div><a href="/">Home</a> › <a href="/t-shirts">T-Shirts</a></div>')).toBeNull();
    expect(above('<div><a class="sub-category" href="/t-shirts"><span>T-Shirts</span></a></div>')).toBeNull();
  });

  it("reads no icon font's glyph name as text: a rating's stars after the brand", () => {
    const stars = '<i class="icon material-icons star">star_rate</i>'.repeat(3);
    const html = shop(`<h1>Sedia da giardino</h1><table><tr><td>Marca</td><td>vidaXL ${stars}</td></tr></table>`);
    expect(brandOf(html, 'https://www.vidaxl.example.it/e/sedia/8718475.html')).toBe('vidaXL');
  });
});
