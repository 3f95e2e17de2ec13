import { extractProductIdentity } from '../page-identity';

describe('the Amazon buy box of a book’s page', () => {
  it('reads the “Buy New” row’s price, not the RRP under it nor the similar items’ prices', () => {
    const buyNew = '<div id="buyNewSection" class="a-section rbbHeader dp-accordion-row"><a class="a-link-normal rbbHeaderLink" href="/gp/product/0387310738?selectObb=new"><div class="a-row"><span class="a-text-bold">Buy New</span></div><div class="a-row"><span class="a-size-medium a-color-price offer-price a-text-normal">£48.44</span></div></a></div><div id="buyNewInner"><span class="a-color-secondary">RRP:</span> <span class="a-color-secondary a-text-strike">£63.99</span></div>';
    const similar = '<ul><li><div class="new-faceout p13nimp" data-asin="0262018020"><div class="pricetext"><span class="price">£41.49</span></div></div></li></ul>';
    const html = `<!doctype html><html><head><title>Pattern Recognition and Machine Learning: Amazon.co.uk</title></head><body><h1 id="title"><span id="productTitle">Pattern Recognition and Machine Learning</span></h1>${buyNew}${similar}<input type="hidden" name="ASIN" value="0387310738"></body></html>`;
    const item = extractProductIdentity(html, { url: 'https://www.amazon.co.uk/dp/0387310738' });
    expect(item?.priceCents).toBe(4844);
    expect(item?.currency).toBe('GBP');
  });
});

describe('an Amazon price shown in parts only', () => {
  const parts = (whole: string, point: string, fraction: string, sign: string) => `<span class="a-price aok-align-center priceToPay"><span class="a-offscreen"></span><span aria-hidden="true">\n  <span class="a-price-whole">\n    ${whole}\n    <span class="a-price-decimal">\n      ${point}\n    </span>\n  </span>\n  <span class="a-price-fraction">\n    ${fraction}\n  </span>\n  <span class="a-price-symbol">\n    ${sign}\n  </span>\n</span></span>`;
  const page = (box: string) => `<!doctype html><html><head><title>Amazon.es</title></head><body><span id="productTitle">Los Pilares de la Tierra</span>${box}<input type="hidden" name="ASIN" value="840827578X"></body></html>`;

  it('reads the price with its cents where the screen readers’ copy of it was saved empty and the markup indents its parts', () => {
    const box = `<div id="corePrice_feature_div"></div><div id="corePriceDisplay_desktop_feature_div">${parts('21', ',', '75', '€')}<span class="a-price a-text-price"><span class="a-offscreen">22,90€</span></span></div>`;
    expect(extractProductIdentity(page(box), { url: 'https://www.amazon.es/dp/840827578X' })?.priceCents).toBe(2175);
  });

  it('reads the one-time purchase’s price shown in parts before a subscription’s price written out', () => {
    const box = `<div id="corePrice_feature_div">${parts('46', '.', '53', '$')}<span class="a-price priceToPay"><span class="a-offscreen">$44.08</span></span></div>`;
    expect(extractProductIdentity(page(box), { url: 'https://www.amazon.com/dp/B07D7F3Q1S' })?.priceCents).toBe(4653);
  });
});

describe('an Amazon page whose buy box no seller has won', () => {
  const page = (offers: string) =>
    `<!doctype html><html><head><title>Asterisk Cookbook: Amazon.co.uk</title></head><body><span id="productTitle">Asterisk Cookbook</span><div id="buybox"><div id="unqualifiedBuyBox"><div class="a-box-inner">${offers}<span id="buybox-see-all-buying-choices"><a href="/gp/offer-listing/059652692X">See All Buying Options</a></span></div></div></div><input type="hidden" name="ASIN" value="059652692X"></body></html>`;

  it('reads the item as sold used where the offers it names are used ones only', () => {
    const item = extractProductIdentity(page('<span class="a-color-base">1 Used from </span><span class="a-color-price">£442.62</span>'), { url: 'https://www.amazon.co.uk/dp/059652692X' });
    expect(item?.priceCents).toBe(44262);
    expect(item?.condition).toBe('UsedCondition');
    expect(extractProductIdentity(page('<span>2 gebraucht ab </span><span class="a-color-price">12,99 €</span>'), { url: 'https://www.amazon.de/dp/059652692X' })?.condition).toBe('UsedCondition');
  });

  it('reads no condition where new offers are named too', () => {
    const item = extractProductIdentity(page('<span>1 new from </span><span class="a-color-price">£450.00</span> <span>1 Used from </span><span class="a-color-price">£442.62</span>'), { url: 'https://www.amazon.co.uk/dp/059652692X' });
    expect(item?.condition).toBeNull();
  });
});

describe('the Amazon byline', () => {
  const page = (byline: string) => `<!doctype html><html><head><title>Amazon.de</title></head><body><span id="productTitle">Herren Boxershorts, 6er Pack</span><a id="bylineInfo" href="/stores/page/1">${byline}</a><div id="corePrice_feature_div"><span class="a-offscreen">49,95 €</span></div><input type="hidden" name="ASIN" value="B0932XK47G"></body></html>`;
  it.each([
    ['Besuche den Romberg-Store', 'Romberg'],
    ['Besuchen Sie den Romberg-Store', 'Romberg'],
    ['Visiter la boutique Romberg', 'Romberg'],
    ['Visit the Romberg Store', 'Romberg'],
    ['Marke: Romberg', 'Romberg'],
    ['Visite a loja Romberg', 'Romberg'],
    ['Odwiedź sklep Romberg', 'Romberg'],
    ['Besök Romberg-butiken', 'Romberg'],
    ['Rombergのストアを表示', 'Romberg'],
    ['ブランド: Romberg', 'Romberg'],
    ['Visita il Romberg Store', 'Romberg'],
    ['Romberg Mağazasını ziyaret edin', 'Romberg'],
    ['زيارة متجر Romberg', 'Romberg'],
    ['Varumärke: Romberg', 'Romberg'],
  ])('names the maker of "%s"', (byline, brand) => {
    expect(extractProductIdentity(page(byline), { url: 'https://www.amazon.de/dp/B0932XK47G' })?.brand).toBe(brand);
  });

  it('names Amazon’s own brands, though they carry the shop’s name', () => {
    expect(extractProductIdentity(page('AmazonBasics'), { url: 'https://www.amazon.ca/dp/B00LH3DMUO' })?.brand).toBe('AmazonBasics');
    expect(extractProductIdentity(page('Visit the Amazon Essentials Store'), { url: 'https://www.amazon.com/dp/B07F2KZ4CZ' })?.brand).toBe('Amazon Essentials');
  });
});

describe('the ASIN of an Amazon page saved without its form fields', () => {
  const widgets = (asin: string, n: number) => Array.from({ length: n }, () => `<div data-csa-c-type="widget" data-csa-c-asin="${asin}"></div>`).join('');
  const page = `<!doctype html><html><body><span id="productTitle">Dubstep Bluetooth Speaker</span><a id="bylineInfo">Visit the Dubstep Store</a><div id="corePrice_feature_div"><span class="a-offscreen">₹649.00</span></div>${widgets('B0FHHQQNZY', 5)}<div class="a-carousel">${widgets('B0OTHER001', 2)}</div></body></html>`;

  it('takes the ASIN most of its widgets carry, and knows the page for Amazon’s by them when no address is given', () => {
    expect(extractProductIdentity(page, {})?.sku).toBe('B0FHHQQNZY');
    expect(extractProductIdentity(page, { url: 'https://www.amazon.in/gp/aw/d/x' })?.sku).toBe('B0FHHQQNZY');
  });

  it('does not read a shop that is not Amazon as Amazon’s', () => {
    expect(extractProductIdentity(page, { url: 'https://www.shop.example.com/p/speaker' })?.sku ?? null).not.toBe('B0FHHQQNZY');
  });
});

describe('an older Amazon buy box', () => {
  const page = (byline: string, box: string) =>
    `<!doctype html><html><head><title>Amazon.co.uk</title></head><body><span id="productTitle">Crash Team Racing Nitro-Fueled (PS4)</span><a id="bylineInfo" href="/s?field-keywords=ACTIVISION">${byline}</a>${box}<input type="hidden" name="ASIN" value="B07L4F8LJW"></body></html>`;
  const read = (byline: string, box: string) => extractProductIdentity(page(byline, box), { url: 'https://www.amazon.co.uk/dp/B07L4F8LJW' });

  it('reads a price written in parts, its cents indented in a superscript, and the maker of a "by" byline', () => {
    const parts = '<span id="priceblock_ourprice"><div>\n  <span class="price-info-superscript">\n  £\n  </span>\n  <span class="price-large">\n  34\n  </span>\n  <span class="price-info-superscript">\n  99\n  </span></div></span>';
    const item = read('by\n    ACTIVISION', parts);
    expect(item?.priceCents).toBe(3499);
    expect(item?.brand).toBe('ACTIVISION');
  });

  it('reads the stock line in type of a medium size, and none of the newer model the page points to', () => {
    const newer = '<div id="newerVersion_feature_div"><h4>There is a newer model of this item:</h4><a href="/dp/B07KSD9DZ9">HDMI Cable, 10 Foot</a><br><span class="a-color-price">Currently unavailable.</span></div>';
    const item = read('Brand: AmazonBasics', `<span id="priceblock_ourprice">£8.99</span><div id="availability"><span class="a-size-medium a-color-state">In stock on June 17, 2020.</span></div>${newer}`);
    expect(item?.availability).toBe('in_stock');
  });
});

describe('the Amazon stock line in the marketplaces’ languages', () => {
  const page = (host: string, line: string) =>
    `<!doctype html><html><body><span id="productTitle">Monitor 24 Zoll</span><a id="bylineInfo">Visit the ASUS Store</a><div id="corePrice_feature_div"><span class="a-offscreen">170,58 €</span></div><div id="availability"><span class="a-size-medium a-color-success">${line}</span> <span>Dispatched from and sold by Amazon.</span></div><input type="hidden" name="ASIN" value="B0BVPB92MW"></body></html>`;
  it.each([
    ['amazon.nl', 'Momenteel niet verkrijgbaar.', 'out_of_stock'],
    ['amazon.se', 'För närvarande inte tillgänglig.', 'out_of_stock'],
    ['amazon.se', 'Tillfälligt slut.', 'out_of_stock'],
    ['amazon.com.tr', 'Şu anda mevcut değil.', 'out_of_stock'],
    ['amazon.com.br', 'Não disponível.', 'out_of_stock'],
    ['amazon.fr', 'Temporairement en rupture.', 'out_of_stock'],
    ['amazon.se', 'I lager.', 'in_stock'],
    ['amazon.pl', 'Dostępny.', 'in_stock'],
    ['amazon.pl', 'Zostały tylko 2 sztuki - zamów wkrótce.', 'in_stock'],
    ['amazon.ae', 'متوفر.', 'in_stock'],
    ['amazon.co.uk', 'Usually dispatched within 3 to 4 days.', 'in_stock'],
    ['amazon.fr', 'Habituellement expédié sous 3 à 4 jours.', 'in_stock'],
    ['amazon.co.jp', '通常1～2か月以内に発送します。', 'in_stock'],
  ])('on %s reads "%s"', (host, line, availability) => {
    expect(extractProductIdentity(page(host, line), { url: `https://www.${host}/dp/B0BVPB92MW` })?.availability).toBe(availability);
  });
});
