import { extractProductIdentity, parseCondition, parseStockState, stockStateOfWording } from '../page-identity';
import type { ReaderName } from './evidence';
import { idInAddress } from './address';
import { judge, weightOf } from './judge';
import { fromMicrodata } from './microdata';
import { readPage } from './page';

const page = (head: string, body = '') => `<!doctype html><html><head><title>Lumetra K7 Keyboard</title>${head}</head><body><h1>Lumetra K7 Keyboard</h1>${body}</body></html>`;
const ld = (node: Record<string, unknown>) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...node })}</script>`;

describe('the judge', () => {
  it('weighs each reader by its measured confidence for the field', () => {
    expect(weightOf('microdata', 'price')).toBeGreaterThan(weightOf('visible-price', 'price'));
    // JSON-LD's "model" is often a marketing name: the specification table's part number is trusted more.
    expect(weightOf('spec-table', 'mpn')).toBeGreaterThan(weightOf('json-ld', 'mpn'));
  });

  it('lets readers that agree beat a lone stronger one, and the stronger reader win alone', () => {
    const says = (pairs: [ReaderName, string][]) => pairs.map(([reader, value]) => ({ reader, value }));
    expect(judge('price', says([['microdata', '10.00'], ['visible-price', '12.00']]))?.value).toBe('10.00');
    expect(judge('price', says([['json-ld', '10.00'], ['meta-tags', '12.00'], ['visible-price', '12.00']]))?.value).toBe('12.00');
    expect(judge('price', [])).toBeNull();
  });
});

describe('condition, stock states, shipping, images and the variant', () => {
  it('reads schema.org conditions and stock states, and wording in the shops’ languages', () => {
    expect(parseCondition('https://schema.org/RefurbishedCondition')).toBe('RefurbishedCondition');
    expect(parseCondition('Gebraucht')).toBe('UsedCondition');
    expect(parseCondition('Brand new')).toBe('NewCondition');
    expect(parseCondition('Damaged box')).toBe('DamagedCondition');
    expect(parseCondition('whatever')).toBeNull();
    expect(parseCondition('https://schema.org/UsedCondition')).toBe('UsedCondition');
    expect(parseCondition('used_condition')).toBe('UsedCondition');
    expect(parseStockState('http://schema.org/LimitedAvailability')).toBe('LimitedAvailability');
    expect(parseStockState('Discontinued')).toBe('Discontinued');
    expect(stockStateOfWording('Pre-order now')).toBe('PreOrder');
    expect(stockStateOfWording('On backorder')).toBe('BackOrder');
    expect(stockStateOfWording('Only 2 left')).toBe('LimitedAvailability');
    expect(stockStateOfWording('This item is no longer available')).toBe('Discontinued');
    expect(stockStateOfWording("We're sorry, this item is no longer available for waitlist.")).toBeNull();
  });

  it('marks a refurbished offer, reads its shipping details and keeps every image absolute', () => {
    const item = extractProductIdentity(
      page(
        ld({
          '@type': 'Product',
          name: 'Lumetra K7 Keyboard',
          image: ['/img/k7.jpg', 'https://cdn.example/k7-side.jpg'],
          offers: {
            '@type': 'Offer',
            price: '49.00',
            priceCurrency: 'EUR',
            availability: 'https://schema.org/BackOrder',
            itemCondition: 'https://schema.org/RefurbishedCondition',
            shippingDetails: { '@type': 'OfferShippingDetails', shippingRate: { '@type': 'MonetaryAmount', value: 4.95, currency: 'EUR' } },
          },
        }),
      ),
      { url: 'https://shop.example/p/k7' },
    );
    expect(item).toMatchObject({
      condition: 'RefurbishedCondition',
      stockState: 'BackOrder',
      availability: 'backorder',
      shipping: { priceCents: 495, currency: 'EUR' },
      images: ['https://shop.example/img/k7.jpg', 'https://cdn.example/k7-side.jpg'],
      imageUrl: 'https://shop.example/img/k7.jpg',
    });
  });

  it('chooses the variant the URL names, with its attributes, identifiers and image', () => {
    const variant = (sku: string, color: string, gtin13: string) => ({
      '@type': 'Product',
      sku,
      gtin13,
      color,
      image: `https://cdn.example/${sku}.jpg`,
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Layout', value: 'ISO' }],
      offers: { '@type': 'Offer', price: sku === 'K7-RED' ? '59.00' : '49.00', priceCurrency: 'EUR', availability: 'https://schema.org/PreOrder' },
    });
    const html = page(ld({ '@type': 'ProductGroup', name: 'Lumetra K7 Keyboard', variesBy: ['https://schema.org/color'], hasVariant: [variant('K7-BLK', 'Black', '4006381333931'), variant('K7-RED', 'Red', '0012345678905')] }));
    const item = extractProductIdentity(html, { url: 'https://shop.example/p/k7?variant=K7-RED' });
    expect(item).toMatchObject({ sku: 'K7-RED', gtin: '00012345678905', priceCents: 5900, stockState: 'PreOrder', availability: 'preorder', attributes: { color: 'Red', layout: 'ISO' }, imageUrl: 'https://cdn.example/K7-RED.jpg' });
    // No variant named: none of the variants' identifiers or attributes.
    expect(extractProductIdentity(html, { url: 'https://shop.example/p/k7' })).toMatchObject({ gtin: null, attributes: {} });
  });

  it("takes no variant's offer for the page's when every variant claims the page's address", () => {
    const url = 'https://shop.example/p/k7-blk';
    const variant = (sku: string, price: string) => ({ '@type': 'Product', name: `Lumetra K7 ${sku}`, sku, url, offers: { '@type': 'Offer', price, priceCurrency: 'GBP' } });
    const html = page(ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: 'K7-BLK', url, offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'GBP' }, hasVariant: [variant('K7-RED', '45.00'), variant('K7-WHT', '47.00')] }));
    expect(extractProductIdentity(html, { url })).toMatchObject({ sku: 'K7-BLK', priceCents: 4900 });
  });

  it("reads the barcode of the offer a page opens on when each of its offers carries one", () => {
    const offer = (sku: string, gtin13: string, availability: string) => ({ '@type': 'Offer', sku, gtin13, price: '49.00', priceCurrency: 'EUR', availability: `https://schema.org/${availability}` });
    const offers = [offer('K7-S', '4006381333931', 'OutOfStock'), offer('K7-M', '0012345678905', 'InStock'), offer('K7-L', '5012345678900', 'InStock')];
    const html = page(ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', offers }));
    // The first a shopper can buy, unless the address names another.
    expect(extractProductIdentity(html, { url: 'https://shop.example/p/k7' })?.gtin).toBe('00012345678905');
    expect(extractProductIdentity(html, { url: 'https://shop.example/p/k7?sku=K7-L' })?.gtin).toBe('05012345678900');
  });

  it('reads free shipping and the condition the visible page states, but not a free-shipping threshold', () => {
    const body = '<div class="product-shipping">Free shipping</div><div class="item-condition">Condition: Used</div><div class="stock-status">Sold out</div>';
    expect(extractProductIdentity(page('', body))).toMatchObject({ shipping: { priceCents: 0, currency: null }, condition: 'UsedCondition', stockState: 'OutOfStock', availability: 'out_of_stock' });
    const banner = '<div class="shipping-banner">Free shipping on orders over $50</div>';
    expect(extractProductIdentity(page('', banner))?.shipping).toBeNull();
  });

  it('reads a shipping cost the page shows, not a delivery time written with a number', () => {
    for (const [line, cents] of [['+ $4.95 shipping', 495], ['£3.99 delivery 17 January', 399], ['Shipping: 5,90 €', 590], ['Shipping: 6 EUR', 600]] as const) {
      expect(extractProductIdentity(page('', `<div class="shipping-message">${line}</div>`))?.shipping?.priceCents).toBe(cents);
    }
    for (const line of ['2-Day Shipping', '2 Day Shipping', 'Shipping: 3-5 business days']) {
      expect(extractProductIdentity(page('', `<div class="shipping-message">${line}</div>`))?.shipping ?? null).toBeNull();
    }
  });

  it("reads a page framework's embedded state when the markup states nothing", () => {
    const state = { props: { pageProps: { product: { name: 'Lumetra K7 Keyboard', sku: 'LK7-001', gtin13: '4006381333931', brand: { name: 'Lumetra' }, price: { value: 49.5 }, currency: 'EUR', inStock: false } } } };
    const html = page(`<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(state)}</script>`);
    expect(extractProductIdentity(html)).toMatchObject({ sku: 'LK7-001', gtin: '04006381333931', brand: 'Lumetra', priceCents: 4950, currency: 'EUR', stockState: 'OutOfStock' });
  });
});

describe("the shop's item id in the address, and part numbers", () => {
  it('reads the id a product address carries: a query key, a word before it, else the rightmost id-like token', () => {
    expect(idInAddress('https://www.adidas.com/us/wanderlust-festival-poncho/CE5145.html')).toBe('CE5145');
    // A Latin-1 escape (`%B2`, "²") is no UTF-8: the segment is read as written instead of failing the whole page.
    expect(idInAddress('https://shop.example/monitor-27-zoll-68cm%B2/art-AB12345.html')).toBe('AB12345');
    expect(idInAddress('https://shop.example/ie/en/cardigans/zipped-through-cardigan-12185160.html?cgid=bc-cardigans')).toBe('12185160');
    expect(idInAddress('http://www.cvs.com/shop/charger/ihome-compact-wall-charger-prodid-937363')).toBe('937363');
    expect(idInAddress('https://store.example/pd/training-bag/pid-11071203/pgid-11161311')).toBe('11071203');
    expect(idInAddress('http://www.bkstr.com/ProductDisplay?storeId=10161&amp;productId=70682436&amp;langId=-1')).toBe('70682436');
    expect(idInAddress('https://www.eduscho.at/massivholz-waschmaschinenregal-p400105394.html')).toBe('400105394');
    expect(idInAddress('https://www.wayfair.com/Gorilla-Playsets-Treasure-Trove-Swing-Set-01-1021-L888-K~GOR1153.html')).toBe('GOR1153');
    // Slug words with a few figures, years and sizes are no ids.
    expect(idInAddress('https://mediamarkt.pt/products/micro-ondas-panasonic-nn-k35hwmebg-800w-23l')).toBeNull();
    expect(idInAddress('https://shop.example/blog/2019/summer-sale')).toBeNull();
    expect(idInAddress('not a url')).toBeNull();
  });

  it('answers the address id as the sku where the markup states none, and the markup sku before it', () => {
    expect(extractProductIdentity(page(ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard' })), { url: 'https://shop.example/p/lumetra-k7-keyboard-90311.html' })?.sku).toBe('90311');
    expect(extractProductIdentity(page(ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: 'LK7-BRN' })), { url: 'https://shop.example/p/lumetra-k7-keyboard-90311.html' })?.sku).toBe('LK7-BRN');
  });

  it("takes no part number that only repeats the shop's own sku, and keeps one the address alone repeats", () => {
    const read = (fields: Record<string, unknown>, url = 'https://shop.example/p/k7') => extractProductIdentity(page(ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', ...fields })), { url });
    expect(read({ sku: '42412205', mpn: '42412205' })?.model).toBeNull();
    expect(read({ sku: 'LK7-BRN', mpn: 'K7-2024' })?.model).toBe('K7-2024');
    expect(extractProductIdentity(page('<meta property="product:mfr_part_no" content="230657">'), { url: 'https://shop.example/p/chair/_/R-230657' })?.model).toBe('230657');
  });
});

describe('labelled values outside tables, in the shops’ languages', () => {
  const read = (body: string) => extractProductIdentity(page('', body), { url: 'https://shop.example.at/p/lumetra-k7' });

  it('reads "Label: value" written in one element, several to a line', () => {
    const item = read('<span class="nr">Artikel-Nr.: AGX1634723 | Herstellernr.: K7-DE-01 | EAN: 4006381333931</span><div>Hersteller: <a href="/m/lumetra">Lumetra</a></div>');
    expect(item).toMatchObject({ sku: 'AGX1634723', model: 'K7-DE-01', gtin: '04006381333931', brand: 'Lumetra' });
  });

  it('reads a label element and the value beside it, through the wrappers that hold only the label', () => {
    const item = read('<p><b><small>Hersteller </small></b> Lumetra<br><b><small>Hersteller Nr. </small></b> K7-DE-01<br></p><div class="row"><div class="labels"><div><span>GTIN/EAN</span></div></div><div class="values"><span>4006381333931</span></div></div>');
    expect(item).toMatchObject({ brand: 'Lumetra', model: 'K7-DE-01', gtin: '04006381333931' });
  });

  it('reads the brand a "more from" link or a "by" names, and no code as a brand', () => {
    expect(read('<div><span>Marke</span><a href="/b">mehr von Lumetra</a></div>')?.brand).toBe('Lumetra');
    expect(read('<div><span>Brand Name</span> by <a href="/b">Lumetra Works</a></div>')?.brand).toBe('Lumetra Works');
    expect(read('<div>Manufacturer: HS-MG-0174</div>')?.brand).toBeNull();
  });

  it('takes no barcode labelled as the maker’s number for a part number, and no label in a menu or footer', () => {
    expect(read('<div>Hersteller-Nr.: 4006381333931</div>')?.model).toBeNull();
    expect(read('<nav><span>Hersteller</span><a href="/all">Alle Hersteller</a></nav><footer>Marke: Kontor</footer>')?.brand).toBeNull();
  });
});

describe('the stock line in words, where it and the markup disagree', () => {
  const offer = (availability: string) => ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR', availability } });
  const read = (head: string, body: string) => extractProductIdentity(page(head, body), { url: 'https://shop.example.de/p/k7' });

  it('lets the words beside the item beat a template’s schema.org value, in the shops’ languages', () => {
    expect(read(offer('https://schema.org/OutOfStock'), '<div class="box"><span>in ca. 2-3 Werktagen versandbereit</span></div>')?.availability).toBe('in_stock');
    expect(read(offer('https://schema.org/InStock'), "<div><h5>We're sorry, this plant is out of stock.</h5></div>")?.availability).toBe('out_of_stock');
    expect(read(offer('https://schema.org/LimitedAvailability'), '<div class="product--delivery"><span>zur Zeit nicht lieferbar</span></div>')?.availability).toBe('out_of_stock');
    expect(read(offer('https://schema.org/InStock'), '<p>Nachbestellt, Liefertermin unbekannt</p>')?.stockState).toBe('OutOfStock');
    expect(read(offer('https://schema.org/OutOfStock'), '<p>Nicht lagernd, ab Bestellung versandfertig in 8 Tagen</p>')?.stockState).toBe('BackOrder');
  });

  it('reads no stock line in questions, conditions, a size’s or a pickup’s message, or above the heading', () => {
    const inStock = offer('https://schema.org/InStock');
    expect(read(inStock, '<span>Is an item out of stock?</span><div>If sold out, select size to add to waitlist.</div>')?.availability).toBe('in_stock');
    expect(read(inStock, '<span class="message-group sold_out any-size"><span>Sold Out</span></span><span class="ff-method-unavailable">Not available for pickup</span>')?.availability).toBe('in_stock');
    const above = `<!doctype html><html><head>${inStock}</head><body><span class="paired-article">Sold out</span><h1>Lumetra K7 Keyboard</h1></body></html>`;
    expect(extractProductIdentity(above, {})?.availability).toBe('in_stock');
  });
});

describe('prices the markup writes with three decimals', () => {
  it('takes no price a thousand times the one the page shows (a point read as a thousands separator)', () => {
    const body = '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Lumetra K7 Keyboard</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="188.904"><meta itemprop="priceCurrency" content="EUR"></div></div><div class="product-price">188,90 EUR</div>';
    expect(extractProductIdentity(page('', body), { url: 'https://shop.example.at/p/k7' })?.priceCents).toBe(18890);
  });

  it('reads a price to fractions of a cent as the page shows it rounded ("3200.065" shown as "3 200 грн")', () => {
    const body = (shown: string) => `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Lumetra K7 Keyboard</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="3200.065"><meta itemprop="priceCurrency" content="UAH"></div></div><div class="price">${shown}</div>`;
    expect(extractProductIdentity(page('', body('<span class="price_value">3&nbsp;200</span><span class="price_currency"> грн</span>')), { url: 'https://shop.example.ua/p/k7' })?.priceCents).toBe(320000);
    // Shown otherwise, or not at all: the structured price, to the cent.
    expect(extractProductIdentity(page('', body('')), { url: 'https://shop.example.ua/p/k7' })?.priceCents).toBe(320007);
  });
});

describe('JSON-LD of products like the item', () => {
  it("reads the item an Offer sells, named by the Offer, and no product it names as similar", () => {
    const similar = { '@type': 'Product', name: 'Tutsak Serisi Kutulu Set', offers: { '@type': 'Offer', price: '100', priceCurrency: 'TRY' } };
    const item = { '@type': 'Product', image: 'https://img.example.com/1.jpg', offers: { '@type': 'Offer', price: '65.84', priceCurrency: 'TRY' }, isSimilarTo: [similar] };
    const html = page(ld({ '@type': 'WebPage', mainEntity: { '@type': 'WebPageElement', offers: { '@type': 'Offer', name: 'Lumetra K7 Keyboard', itemOffered: [item] } } }));
    const read = extractProductIdentity(html, { url: 'https://shop.example.com.tr/k7-P223682414' });
    expect(read?.priceCents).toBe(6584);
    expect(read?.title).toBe('Lumetra K7 Keyboard');
  });
});

describe('microdata of a name whose heading holds a rating summary', () => {
  it('reads the name without the summary, and keeps a block that holds part of the name', () => {
    const rating = '<div id="BVRRSummaryContainer"><div class="BVRRRatingSummary"><div class="BVRRLabel">Overall rating </div><span itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating"><span itemprop="ratingValue">3</span> / <span itemprop="bestRating">5</span></span><div class="BVRRRatingSummaryLinkWriteFirst">Write the first review</div></div></div>';
    const named = (heading: string) => `<!doctype html><html><head><title>HP Store</title></head><body><div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name" class="prodTitle">${heading}</h1><div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">$399.99</span></div></div></body></html>`;
    expect(fromMicrodata(readPage(named(`HP LaserJet Pro 400 MFP M425dn<span class="clasification"></span>${rating}`), 'https://store.hp.example/us/en/pdp/m425dn'))?.title).toBe('HP LaserJet Pro 400 MFP M425dn');
    expect(fromMicrodata(readPage(named('<a id="brandNameLink" href="">Stuart Weitzman</a> <div id="productName">Nouveau Pointed Pumps</div>'), 'https://shop.example.com/p/1'))?.title).toBe('Stuart Weitzman Nouveau Pointed Pumps');
  });
});

describe('microdata of an offer whose product scope the template left out', () => {
  const offer = (price: string) =>
    `<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span class="d-none" itemprop="priceCurrency" content="EUR">€</span><span class="d-none" itemprop="price">${price}</span><link itemprop="availability" href="http://schema.org/OutOfStock"></div>`;

  it("reads the price, currency and stock of the page's one Offer, and none of several", () => {
    const read = extractProductIdentity(page('', offer('48.95')), { url: 'https://shop.example.nl/k7-7303090536' });
    expect(read?.priceCents).toBe(4895);
    expect(read?.currency).toBe('EUR');
    expect(read?.availability).toBe('out_of_stock');
    // Two offers marked up alone speak of two items: neither's stock is the page's.
    expect(extractProductIdentity(page('', offer('48.95') + offer('12.50')), { url: 'https://shop.example.nl/k7-7303090536' })?.availability).not.toBe('out_of_stock');
  });
});

describe('microdata of a named item whose offer is marked up apart from it', () => {
  it("reads the lone Offer's price before a pay-later line's amount marked up outside any item", () => {
    const reviewed = '<span itemprop="itemReviewed" itemscope itemtype="https://schema.org/IndividualProduct"><span itemprop="name">Lumetra K7 Keyboard</span></span>';
    const priced =
      '<span itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price"><span itemprop="priceCurrency" content="AUD">$</span><span itemprop="price" content="41.00">41</span></span></span>';
    const payLater = '<div>4 payments of <span itemprop="price"><span>$</span><span>10</span>.<span>25</span></span></div>';
    const found = fromMicrodata(readPage(page('', reviewed + priced + payLater), 'https://shop.example.com.au/p/891672'));
    expect(found?.title).toBe('Lumetra K7 Keyboard');
    expect(found?.price).toBe(41);
    expect(found?.currency).toBe('AUD');
    // Without an Offer scope, the loose price is the one there is.
    expect(fromMicrodata(readPage(page('', reviewed + '<span itemprop="price">$39.00</span>'), 'https://shop.example.com.au/p/891672'))?.price).toBe(39);
  });
});
