import { extractProductIdentity } from '../page-identity';

const URL = 'https://www.shop.example.lv/lat/product/545642356';

describe('the brand a link or logo names beside the item’s heading', () => {
  const menu = Array.from({ length: 45 }, (_, i) => `<a href="/lat/brand/MAKER_${i}/?cat=1005"><img src="/brands/maker_${i}.png" alt="MAKER ${i}"></a>`).join('');
  const item = '<div class="product"><h1 class="product-name"> Zeķes CALVIN KLEIN Brooklyn </h1><div class="logo"><a href="/lat/brand/CALVIN_KLEIN/" title="CALVIN KLEIN"><img src="/featured_brands/calvin_klein.png" alt="CALVIN KLEIN"></a></div></div>';

  it('reads the item’s brand link after a menu of every brand the shop sells', () => {
    const html = `<!doctype html><html><head><title>Zeķes CALVIN KLEIN Brooklyn</title></head><body><div class="brands-menu">${menu}</div>${item}</body></html>`;
    expect(extractProductIdentity(html, { url: URL })?.brand).toBe('CALVIN KLEIN');
  });

  it('reads the maker’s logo by the title of the link it stands in, where its alt text says more', () => {
    const logo = (title: string) =>
      `<a href="/cam-cam-copenhagen-c-5627.html" title="${title}" alt="Cam Cam Copenhagen møbler til børn"><img class="manufacturerImage" src="/images/manufacturers/camcam_logo.png" alt="Cam Cam Copenhagen møbler til børn"></a>`;
    const html = (title: string) =>
      `<!doctype html><html><head><title>Cam Cam Pusletaske - Black</title></head><body><div class="product"><h1>Cam Cam Pusletaske - Black</h1>${logo(title)}<span class="price">549,00 kr.</span></div></body></html>`;
    expect(extractProductIdentity(html('Cam Cam'), { url: 'https://www.kids-world.example/cam-cam-pusletaske-p-1.html' })?.brand).toBe('Cam Cam');
    // A title the item's name does not begin with names no brand of it.
    expect(extractProductIdentity(html('Copenhagen'), { url: 'https://www.kids-world.example/cam-cam-pusletaske-p-1.html' })?.brand ?? null).toBeNull();
  });
});

describe('the brand the item’s heading begins with as a link', () => {
  const page = (h1: string) => `<!doctype html><html><head><title>Woven Floppy Panama Hat</title></head><body><div class="product">${h1}<span class="price">$54.00</span><button>Add to Bag</button></div></body></html>`;
  const read = (h1: string) => extractProductIdentity(page(h1), { url: 'https://www.shop.example.com/products/woven-floppy-panama-hat/7352091' })?.brand ?? null;

  it('reads the link a heading begins with, followed by the item’s own words, as the maker', () => {
    expect(read('<h1> <a href="/shop/vince-camuto/4064">Vince Camuto</a> <span id="product-name">Vince Camuto Woven Floppy Panama Hat</span> </h1>')).toBe('Vince Camuto');
  });

  it('reads no maker from a heading that is one link, nor from a heading whose link comes after its words', () => {
    expect(read('<h1><a href="/products/woven-floppy-panama-hat">Vince Camuto Woven Floppy Panama Hat</a></h1>')).toBeNull();
    expect(read('<h1>Woven Floppy Panama Hat <a href="/shop/vince-camuto/4064">Vince Camuto</a></h1>')).toBeNull();
  });
});

describe('the brand a link to all of a maker’s items names', () => {
  const page = (links: string, h1 = 'Sally Hansen Miracle Gel, Top Coat, 0.5 fluid oz') =>
    `<!doctype html><html><head><title>${h1}</title></head><body><nav><a href="/dresses">Shop all Dresses</a></nav><div class="product"><h1>${h1}</h1><span class="price">$9.99</span>${links}</div></body></html>`;
  const read = (links: string, h1?: string) => extractProductIdentity(page(links, h1), { url: 'https://shop.example.com/sally-hansen-miracle-gel-top-coat-0435816' })?.brand ?? null;

  it('reads the maker of "Shop all …", "More from …" and "View all products by …" links that the item’s name begins with', () => {
    expect(read('<a href="/sally-hansen">Shop all <!-- -->Sally Hansen</a>')).toBe('Sally Hansen');
    // The link holds only the maker, after the words that lead to all of its items.
    expect(read('<strong>View All <a href="/b/Sally-Hansen">Sally Hansen</a></strong>')).toBe('Sally Hansen');
    expect(read('<strong>Reviews of <a href="/b/Sally-Hansen">Sally Hansen</a></strong>')).toBeNull();
    expect(read('<a href="/creators/sally-hansen/">More from Sally Hansen</a>')).toBe('Sally Hansen');
    expect(read('<a href="/b/sally-hansen">View all products by Sally Hansen</a>')).toBe('Sally Hansen');
  });

  it('reads none from a menu’s kind of item, a link the name does not begin with, nor a game studio’s page', () => {
    expect(read('<a href="/nail-polish">Shop all Nail Polish</a>')).toBeNull();
    expect(read('<a href="/developer/Dota/">More from Dota</a>', 'Dota Underlords Season Pass')).toBeNull();
  });
});

describe('the brand an element marked as the item’s brand shows by its heading', () => {
  const page = (block: string, header = '') =>
    `<!doctype html><html><head><title>E274F-BK 27IN LCD LED | Haym</title></head><body><header>${header}<a href="/brands/">Brands</a></header><div class="product-main"><div class="info">${block}</div><p>1920X1080 DP HDMI</p></div></body></html>`;
  const read = (block: string, header?: string) => extractProductIdentity(page(block, header), { url: 'https://www.haym.example/e274f-bk' })?.brand ?? null;

  it('reads a brand line marked by its class or id above or below the heading, without a label before it', () => {
    expect(read('<a href="/marke/nec-201" id="brand-marker">NEC</a><h1>E274F-BK 27IN LCD LED (60005830)</h1>')).toBe('NEC');
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><p class="product-single__vendor">Marke: NEC</p>')).toBe('NEC');
    // A name that begins like a label's word is kept whole; a byline's word is taken off.
    for (const name of ['Dell', 'Brandt', 'Byredo', 'Vonage']) expect(read(`<div class="product-brand">${name}</div><h1>E274F-BK 27IN LCD LED</h1>`)).toBe(name);
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><div class="product-vendor">by Sharp NEC</div>')).toBe('Sharp NEC');
  });

  it('reads a brand line whose class joins its words in camel case ("brandName", "productBrandLink")', () => {
    expect(read('<div class="brandName">NEC Display</div><h1>E274F-BK 27IN LCD LED</h1>')).toBe('NEC Display');
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><a class="productBrandLink" href="/nec">NEC</a>')).toBe('NEC');
  });

  it('reads none from a utility class that only begins with the word, a button, the shop’s header, or a line with more than a name', () => {
    expect(read('<div class="brand-title-case"><span>Ergo Series</span></div><h1 class="brand-title-case">MX Vertical</h1>')).toBeNull();
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><button class="btn-brand">Add to cart</button>')).toBeNull();
    expect(read('<h1>E274F-BK 27IN LCD LED</h1>', '<a class="navbar-brand" href="/">Haym</a>')).toBeNull();
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><div class="product-brand">NEC Display 60005830</div>')).toBeNull();
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><div class="product-brand-info">Art.-Nr.: AGX-NEC</div>')).toBeNull();
  });
});

describe('the brand a breadcrumb trail names', () => {
  const page = (mainClass: string) =>
    `<!doctype html><html><head><title>Crunch Situp Attachment | Ironvale</title></head><body><div id="main" class="${mainClass}"><nav><a href="/">Home</a> <a href="/benches/">Benches</a></nav><h1>Crunch Situp Attachment</h1><p class="price">$69.00</p><p class="tags">Tags: <a href="/tag/crunch/" rel="tag">Crunch</a>, <a href="/tag/situp/" rel="tag">situp</a></p></div></body></html>`;
  // A shop other than the maker Ironvale's own.
  const read = (mainClass: string) => extractProductIdentity(page(mainClass), { url: 'https://www.gym-depot.example/products/crunch-situp' })?.brand ?? null;

  it('reads no trail in a column whose class says the page has none ("no-breadcrumbs"): its tags name no maker', () => {
    expect(read('column1 boxed no-breadcrumbs')).toBeNull();
    expect(read('column1 hide_breadcrumb')).toBeNull();
  });

  it('still reads a trail marked as one whose link the item’s name begins with', () => {
    const trail = '<!doctype html><html><head><title>Ironvale Crunch Situp</title></head><body><ol class="breadcrumbs"><li><a href="/">Home</a></li><li><a href="/ironvale/">Ironvale</a></li><li>Crunch Situp</li></ol><h1>Ironvale Crunch Situp</h1><p class="price">$69.00</p></body></html>';
    expect(extractProductIdentity(trail, { url: 'https://www.shop.example/p/1' })?.brand).toBe('Ironvale');
  });

  it('reads the maker a crumb of its range opens with ("Samsung Galaxy"), and a crumb of a maker no list holds whole', () => {
    const trail = (crumb: string, name: string) =>
      `<!doctype html><html><head><title>${name}</title></head><body><ol class="breadcrumbs"><li><a href="/">Home</a></li><li><a href="/phones/">Phones</a></li><li><a href="/range/">${crumb}</a></li><li>${name}</li></ol><h1>${name}</h1><p class="price">$699.00</p></body></html>`;
    expect(extractProductIdentity(trail('Samsung Galaxy', 'Samsung Galaxy S23 FE 128 GB'), { url: 'https://www.shop.example/p/1' })?.brand).toBe('Samsung');
    expect(extractProductIdentity(trail('Apple MacBook Pro', 'Apple MacBook Pro 14" M3'), { url: 'https://www.shop.example/p/2' })?.brand).toBe('Apple');
    expect(extractProductIdentity(trail('Tallgrass Outdoor', 'Tallgrass Outdoor Trail Jacket'), { url: 'https://www.shop.example/p/3' })?.brand).toBe('Tallgrass Outdoor');
  });
});

describe('the brand a block marked as showing brands writes as the item’s name begins', () => {
  const page = (body: string, bodyClass = '') =>
    `<!doctype html><html><head><title>Tallgrass Men's Nano Puff Jacket | Active Outfitters</title><meta property="og:site_name" content="Active Outfitters"></head><body class="${bodyClass}"><h1>Tallgrass Men's Nano Puff Jacket</h1><span class="price">$239.00</span>${body}</body></html>`;
  const read = (body: string, bodyClass?: string) => extractProductIdentity(page(body, bodyClass), { url: 'https://www.outfitters.example.com/mens-nano-puff-jacket.html' })?.brand ?? null;

  it('reads the opening words a brand line of the page writes alone, the longest first', () => {
    expect(read('<div class="related"><a href="/p/2"><span class="product-col-brand">Tallgrass</span> Better Sweater</a></div>')).toBe('Tallgrass');
    expect(read('<nav id="mega-brands"><ul><li><a href="/arcteryx">Arc’teryx</a></li><li><a href="/tallgrass">Tallgrass</a></li></ul></nav>')).toBe('Tallgrass');
  });

  it('reads no brand from a block that is the whole page, nor words the marked blocks do not write alone', () => {
    expect(read('<nav><a href="/tallgrass">Tallgrass</a></nav>', 'page brand-2020')).toBeNull();
    expect(read('<div class="brand-story">Tallgrass makes jackets</div>')).toBeNull();
    expect(read('<div class="site-branding"><a href="/">Tallgrass</a></div>')).toBeNull();
  });
});

describe('a breadcrumb naming the item’s kind', () => {
  const page = (heading: string) =>
    `<!doctype html><html lang="ru"><head><title>${heading} – купить</title></head><body><nav class="breadcrumb"><ol><li><a href="/">Главная</a></li><li><a href="/catalog/koshki_2/">Кошки</a></li><li>${heading}</li></ol></nav><h1>${heading}</h1><div class="price">5 355 ₽</div></body></html>`;

  it('is no brand where Latin words follow it in the item’s name; a well-known maker there is', () => {
    expect(extractProductIdentity(page('Кошки LUMETRA AIR TECH GSB'), { url: 'https://shop.example.ru/product/5485/' })?.brand ?? null).toBeNull();
    expect(extractProductIdentity(page('Кошки BLACK DIAMOND Cyborg'), { url: 'https://shop.example.ru/product/5486/' })?.brand).toBe('BLACK DIAMOND');
  });
});
