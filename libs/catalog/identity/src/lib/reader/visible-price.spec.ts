import { extractProductIdentity } from '../page-identity';
import { readPage } from './page';
import { fromVisiblePrice } from './visible-price';

const URL = 'https://www.shop.example.co.uk/dp/0387310738';

describe('the price the page shows for its own item', () => {
  it('skips a “frequently bought together” bundle’s price beside the add-to-basket control', () => {
    const item = '<h1 id="title">Pattern Recognition and Machine Learning</h1><div class="buybox"><span class="price">£48.44</span><form><button>Add to Basket</button></form></div>';
    const bundle = '<div id="fbt_price_block"><span id="fbt_bpt">Price For All Three:</span>&nbsp;<span class="price" id="fbt_buying_price">£136.88</span><br><input type="image" alt="Add all three to Basket" class="s_add3ToCart" name="submit.addToCart"></div>';
    const html = `<!doctype html><html><head><title>Pattern Recognition</title></head><body>${item}<div class="frequently-bought-together">${bundle}</div>${bundle}</body></html>`;
    expect(extractProductIdentity(html, { url: URL })?.priceCents).toBe(4844);
  });

  it('skips a price struck through by a class (Tailwind’s “line-through”) or by an empty child whose class draws the line over it', () => {
    const page = (box: string) => `<!doctype html><html><head><title>Flats</title></head><body><h1>Pointed Flats</h1>${box}<button>Add to bag</button></body></html>`;
    const read = (box: string) => extractProductIdentity(page(box), { url: 'https://www.shop.example.com/p/501727' })?.priceCents;
    expect(read(`<div class='prod-price'><span class='discounted-price markdown-price'>$795<span class='line-through'></span></span>$247</div>`)).toBe(24700);
    expect(read('<div class="price"><span class="text-gray-500 line-through">$795</span> <span class="font-bold">$247</span></div>')).toBe(24700);
    // A line-through child that holds text strikes only itself.
    expect(read('<div class="price"><span class="now-price">$247<span class="line-through">$795</span></span></div>')).toBe(24700);
  });

  it('reads a bare price written with the hryvnia’s or the rouble’s letters ("800.00грн", "1 299 руб.")', () => {
    const read = (shown: string) => extractProductIdentity(`<!doctype html><html><head><title>X-718BK</title></head><body><h1>A4 Tech X-718BK</h1><ul><li><h2>${shown}</h2></li></ul></body></html>`, { url: 'https://shop.example.ua/p/630019' });
    expect([read('800.00грн')?.priceCents, read('800.00грн')?.currency]).toEqual([80000, 'UAH']);
    expect([read('1 299 руб.')?.priceCents, read('1 299 руб.')?.currency]).toEqual([129900, 'RUB']);
  });

  it('reads the selling price, not India’s maximum retail price (“MRP: ₹644”)', () => {
    const page = (box: string) => `<!doctype html><html><head><title>Atta</title></head><body><h1>Whole Wheat Atta, 10 kg</h1><div class="price-box">${box}</div><button>Add to basket</button></body></html>`;
    const read = (box: string) => extractProductIdentity(page(box), { url: 'https://www.shop.example.in/pd/126906/' })?.priceCents;
    expect(read('<div class="price">MRP: Rs 644</div><div class="price">Price: Rs 536</div>')).toBe(53600);
    expect(read('<div class="price">MRP: ₹644</div><div class="price">₹536</div>')).toBe(53600);
  });

  it('reads “Now $52.00” in a price line that wraps a rating widget, before the marked-down list price above it', () => {
    const rating = '<div class="reviews-summary"><dl class="bv-stars-container"><dt>Rated 4.6 out of 5 stars</dt><dd>4.6 (127 reviews) — see every review of this item</dd></dl></div>';
    const prices = `<h5 class="product-price--markdown"> $64.95 <span class="product-price--percentage-off"></span></h5><h5 class="product-price product-price--highlight"> Now $52.00 ${rating}</h5>`;
    const html = `<!doctype html><html><head><title>Mesh panel leggings</title></head><body><div class="buy-box"><h1 class="product-title">Mesh panel leggings</h1><div>${prices}</div></div></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com/products/leggings' })?.priceCents).toBe(5200);
  });

  it('reads the first price of a range whose line wraps a rating widget, not the range’s end', () => {
    const rating = '<div class="reviews-summary"><dl class="bv-stars-container"><dt>Rated 4.6 out of 5 stars</dt><dd>4.6 (127 reviews) — see every review of this item</dd></dl></div>';
    const html = `<!doctype html><html><head><title>Crew-Neck Cardi</title></head><body><h1 class="product-title">Crew-Neck Cardi</h1><div><h5 class="product-price"><span class="product-price--highlight">$12.97</span> - $24.99 ${rating}</h5></div></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com/products/cardi' })?.priceCents).toBe(1297);
  });

  it('reads the price of a row of old price, saving and price, each on a line of its own, not the old price or the saving', () => {
    const row = '<div class="product-page-price-wrapper"><div class="product-page-price product-old-price"> 1699 </div> <div class="product-page-price product-save-price"> 250 </div> <div class="product-page-price product-main-price"> 1449 </div></div>';
    const html = `<!doctype html><html><head><title>Graphics card</title></head><body><h1>PRIME GeForce RTX 5070 Ti OC, 16GB</h1>${row}<button>Add to cart</button></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com.au/product/116175' })?.priceCents).toBe(144900);
  });

  it('reads no price from a block marked as the saving, beside the price ("savings-amount": "Risparmi 150,00 €!")', () => {
    const amount = (v: string) => `<span class="woocommerce-Price-amount amount"><bdi>${v}<span class="woocommerce-Price-currencySymbol">€</span></bdi></span>`;
    const prices = `<p class="price"><del aria-hidden="true">${amount('1.099,00')}</del> <span class="screen-reader-text">Il prezzo originale era: 1.099,00€.</span><ins aria-hidden="true">${amount('949,00')}</ins><span class="screen-reader-text">Il prezzo attuale è: 949,00€.</span></p>`;
    const html = `<!doctype html><html lang="it"><head><title>Mac Studio</title></head><body><h1>Apple Mac Studio M1 Max</h1><div class="summary">${prices}<div class="sale-label"><p class="savings-amount">Risparmi ${amount('150,00')}!</p></div><button>Aggiungi al carrello</button></div></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.it/prodotto/mac-studio' })?.priceCents).toBe(94900);
  });

  it('reads two bare figures on lines of their own as no price, not as one amount grouped with spaces (1699 250: 1 699 250)', () => {
    const html = `<!doctype html><html><head><title>Graphics card</title></head><body><h1>PRIME GeForce RTX 5070 Ti OC, 16GB</h1><div class="price-row"><div>1699</div><div>250</div></div><button>Add to cart</button></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com.au/product/116175' })?.priceCents ?? null).toBeNull();
  });

  it('reads cents a price sets apart in an element of their own (“$31<sup>57</sup>”, “216<sup>00</sup> €”), not one run of digits', () => {
    const page = (price: string, lang = 'en') => `<!doctype html><html lang="${lang}"><head><title>Conduit</title></head><body><h1>Steel Conduit</h1><div class="price-box">${price}</div><button>Add to cart</button></body></html>`;
    const read = (price: string, lang?: string) => extractProductIdentity(page(price, lang), { url: 'https://www.shop.example.com/p/conduit' })?.priceCents;
    expect(read('<span class="price"><span class="price__currency">$</span><span class="price__dollars">31</span><span class="price__cents">57</span></span>')).toBe(3157);
    expect(read('<div class="price sale">$229<span class="right-end">99</span></div>')).toBe(22999);
    expect(read('<h3 class="price">216<sup>00</sup>&nbsp;€</h3>', 'de')).toBe(21600);
    expect(read('<h3 class="price">1.299<sup>00</sup>&nbsp;€</h3>', 'de')).toBe(129900);
    // The markup's line breaks between the units and the cents are no gap between two numbers.
    expect(read('<div class="price-text">\n  <sup class="price-currency">$</sup>\n  <span class="product-price">499</span>\n  <sup class="price-fraction">99</sup>\n</div>')).toBe(49999);
    expect(read('<h3 class="price">1.299\n<sup>00</sup>&nbsp;€</h3>', 'de')).toBe(129900);
    // Cents already written with their separator, and a price split into its separator's parts, read as before.
    expect(read('<span class="price">$31<sup>.57</sup></span>')).toBe(3157);
    expect(read('<span class="price"><span class="vor">150</span><span class="trenner">,</span><span class="nach">85</span> <small>EUR</small></span>', 'de')).toBe(15085);
    // Units, separator and cents each in a block of their own (Lidl), read as one amount, not 39.
    expect(read('<div class="pricelabel__price">€ <div class="pricelabel__integer">39</div> <div class="pricelabel__separator">.</div> <div class="pricelabel__decimal-superscript">99</div></div>', 'nl')).toBe(3999);
  });

  it('reads the price in the block that holds the item’s heading even where that block is named like a product card, and skips the cards of other products', () => {
    const card = (name: string, price: string) => `<div class="product-card"><a href="/p/${price}">${name}</a><p class="product__price">${price} €</p></div>`;
    const html = `<!doctype html><html lang="fr"><head><title>Montre Casio PRO TREK</title></head><body><section class="product-card container"><section class="product__infos"><h1>Montre Casio PRO TREK PRW-3100YB-1ER</h1><div class="product__offer"><p class="product__price">259,00 €</p></div></section><div class="product-list">${card('Montre Casio G-Shock', '99,00')}${card('Montre Seiko 5', '189,00')}</div></section></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.fr/montre-casio-pro-trek' })?.priceCents).toBe(25_900);
    const withoutItemPrice = html.replace('<p class="product__price">259,00 €</p>', '');
    expect(extractProductIdentity(withoutItemPrice, { url: 'https://www.shop.example.fr/montre-casio-pro-trek' })?.priceCents ?? null).toBeNull();
  });

  it('skips a price worded as one no longer paid', () => {
    const html = '<!doctype html><html><head><title>Desk Lamp</title></head><body><h1>Desk Lamp</h1><div class="price-box"><span class="price">Was $40.00</span> <span class="price">$29.00</span></div></body></html>';
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com/products/lamp' })?.priceCents).toBe(2900);
  });

  it('reads no struck-through element as the price, where the price paid is written by a script', () => {
    const html = '<!doctype html><html><head><title>Phone case</title></head><body><h1>Phone case</h1><div class="widget prod-info-price"><div class="current-price"><div class="left"><del class="del-price">$12.59</del></div></div></div><button>Add to cart</button></body></html>';
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com/p_8231.html' })?.priceCents ?? null).toBeNull();
  });

  it('skips an amount written as a difference (an option’s surcharge, a saving) and a quantity control’s count', () => {
    const read = (box: string) =>
      extractProductIdentity(`<!doctype html><html><head><title>Jersey</title></head><body><h1>Jersey</h1>${box}<button>Add to cart</button></body></html>`, { url: 'https://www.shop.example.com/p2793324.html' })?.priceCents ?? null;
    // Where the price itself is written by a script, none of them stands in for it.
    expect(read('<div class="sizes"><a class="sale_property">XL</a><a class="sale_property">3XL <span class="addprice">(+US$ 1.00)</span></a></div>')).toBeNull();
    expect(read('<div class="priceInfo"><p class="priceSale"><span class="priceSaleInfo">Outlet Savings: -$80.00</span></p></div>')).toBeNull();
    expect(read('<div class="quantity-credit"><span class="amount-wrap quantity"><button>-</button><span class="amount">1</span><button>+</button></span></div>')).toBeNull();
    expect(read('<div class="priceInfo"><p class="priceSale"><span class="priceSaleInfo">Outlet Savings: -$80.00</span></p><p class="price">$69.99</p></div>')).toBe(6999);
    // A discount's percentage is no amount either way, and the cart form osCommerce names "cart_quantity" holds the price.
    expect(read('<form name="cart_quantity" id="cart_quantity"><span class="price" id="product-price"><span>from</span> 34.56€</span></form>')).toBe(3456);
  });

  it('skips a was-price a BEM class names by its element, whatever its block is called, and a struck or “De:” price in Portuguese', () => {
    const read = (box: string, lang = 'en') =>
      extractProductIdentity(`<!doctype html><html lang="${lang}"><head><title>Action camera</title></head><body><h1>Action camera</h1><div class="order-block">${box}</div><button>In winkelwagen</button></body></html>`, { url: 'https://www.shop.example.nl/product/819196' })?.priceCents;
    expect(read('<span class="sales-price"><span class="sales-price__former">409,-</span><strong class="sales-price__current">349,-</strong></span>', 'nl')).toBe(34900);
    expect(read('<div class="PriceWithSchema10"><span class="PriceWithSchema10__previousPrice">$600</span><span class="PriceWithSchema10__value">$360</span></div>')).toBe(36000);
    expect(read('<div class="precos"><span class="risco-produto">de R$ 2999.00</span> <span class="preco-produto">R$ 2428.20</span></div>', 'pt-BR')).toBe(242820);
    // Brazil's "De: … Por: …": the "De" price, worded so or named so ("precoDeValue", "preco-anterior"), is the old one.
    expect(read('<span class="precoDetalhe preco-anterior"> De: R$ 699,00 </span><br><span class="precoDetalhe precoDescricao"><strong>Por: R$ 659,00</strong></span>', 'pt-BR')).toBe(65900);
    expect(read('<span class="from"><span>De:</span> <strong id="precoDeValue">R$ 1.099,00</strong></span> <span class="for"><span>Por:</span> <strong id="precoPorValue">R$<i class="sale price">799,00</i></strong></span>', 'pt-BR')).toBe(79900);
    expect(read('<div class="precos"><span class="valor">De: R$ 899,00</span> <span class="valor">R$ 649,90</span></div>', 'pt-BR')).toBe(64990);
    // An element named "original" whose modifier says it is the sale price is the price paid.
    expect(read('<p class="pv-price"><span class="pv-price__original pv-price__original--on-sale-bg">$92.74</span></p>')).toBe(9274);
  });
});

describe('amounts that are not the item’s price', () => {
  it('skips a price hidden by a design system’s prefixed class (a coupon price shown only once the coupon applies)', () => {
    const box = (hidden: string) => `<div class="pdp_price"><div class="pdp_price__price"><span class="pl_headline300">12,99 €</span></div><div class="pdp_price__price ${hidden}" data-benefit-id="10881"><div class="pdp_price__retail-price--sale"><span>9,09 €</span></div></div></div>`;
    const html = (hidden: string) => `<!doctype html><html lang="de"><head><title>Rundhalsshirt</title></head><body><h1>Casual Looks Rundhalsshirt</h1>${box(hidden)}<button>In den Warenkorb</button></body></html>`;
    for (const hidden of ['pl_hidden', 'u-hidden', 'hidden']) expect(extractProductIdentity(html(hidden), { url: 'https://www.shop.example.de/p/shirt-645503675/' })?.priceCents).toBe(1299);
    // Text kept for screen readers is no hidden price.
    const labelled = '<!doctype html><html><head><title>Mug</title></head><body><h1>Mug</h1><div class="price"><span class="visually-hidden">Sale price</span><span class="price-item--sale">$12.00</span></div><button>Add to cart</button></body></html>';
    expect(extractProductIdentity(labelled, { url: 'https://www.shop.example.com/products/mug' })?.priceCents).toBe(1200);
  });

  it('skips a monthly payment offered beside the price (a pay-later widget, “/mo” after the amount)', () => {
    const affirm = '<p class="affirm-as-low-as" data-amount="79900">Starting at <span class="affirm-ala-price">$67</span>/mo or 0% APR</p>';
    const card = '<p class="card-offer">Or <span class="price">$34</span>/mo with the store card</p>';
    for (const offer of [affirm, card]) {
      const html = `<!doctype html><html><head><title>LCD-2 Classic</title></head><body><h1>LCD-2 Classic Headphones</h1><div class="product-info"><div><span class="price-item">$799.00</span></div>${offer}<button type="submit" name="add">Add to cart</button></div></body></html>`;
      expect(extractProductIdentity(html, { url: 'https://www.shop.example.com/products/lcd-2' })?.priceCents).toBe(79900);
    }
  });

  it('skips a monthly payment whose currency stands between the amount and “per month” (eMAG’s “19,22 Lei / luna”)', () => {
    const lei = (whole: number, cents: string) => `${whole}<sup>${cents}</sup> <span>Lei</span>`;
    const main = `<form method="post" action="/newaddtocart?source_area=main"><div class="product-highlight product-page-pricing"><p class="product-old-price"><s>${lei(549, '99')}</s> <span class="product-this-deal">(- 37% )</span></p><p class="product-new-price">${lei(344, '99')}</p><div class="ecredit-installment-block"><div>Rate lunare</div><div class="price">de la <span class="numeric">${lei(17, '65')}</span></div></div></div><button type="submit" class="btn btn-primary">Adauga in Cos</button></form>`;
    const openBox = (rate: string) =>
      `<div class="panel panel-resealed"><div class="panel-body"><div class="panel-resealed-inner"><p class="product-old-price"><s>${lei(344, '99')}</s></p><p class="product-this-deal">Economisesti ${lei(55, '00')}</p><p class="product-new-price">${lei(289, '99')}</p></div><form action="/newaddtocart?source_area=resealed" method="post"><button type="submit" class="btn btn-sm">Cumpara Resigilat</button></form><a class="btn btn-link trigger-ecredit-modal-resealed" data-offer-id="7040420" data-new-price="289.99"><strong>Rate</strong> ${rate}</a></div></div>`;
    for (const rate of [`de la ${lei(19, '22')} / luna`, 'od 19,22 zł/mies.']) {
      const html = `<!doctype html><html lang="ro"><head><title>Mouse</title></head><body><h1 class="page-title">Mouse gaming wireless HyperX Pulsefire Dart, Negru</h1>${main}${openBox(rate)}</body></html>`;
      expect(fromVisiblePrice(readPage(html, 'https://www.emag.ro/mouse-gaming-wireless-hyperx-pulsefire-dart/pd/DGL8B8BBM/'))?.price).toBe(344.99);
    }
  });

  it('skips a split payment offered beside the price (“4 payments starting at $15.00”), by its words or its block’s name', () => {
    const worded = '<div class="price-options"><span>4 payments starting at</span><span>$15.00</span></div>';
    const named = '<div data-testid="price-block-finance-options"><div data-testid="price-block-buy-now-pay-later"><span>$15.00</span> with PayPal</div></div>';
    for (const offer of [worded, named]) {
      const html = `<!doctype html><html><head><title>Keyboard</title></head><body><h1>Mechanical Keyboard</h1><div data-testid="price-block"><div data-testid="price-block-content"><div data-testid="price-block-column"><div data-testid="price-block-customer-price"><span>$59.99</span></div><div>Save $10</div><div>The comparable value is Comp. Value: <span>$69.99</span></div></div><span>or</span>${offer}</div></div><button class="add-to-cart-button">Add to Cart</button></body></html>`;
      expect(extractProductIdentity(html, { url: 'https://www.shop.example.com/site/keyboard/123.p' })?.priceCents).toBe(5999);
    }
  });

  it('skips one of several equal payments (“12x de R$83,25”), by its words or its block’s name', () => {
    const named = '<div class="additional-info-price"><div class="condicoes">ou 12 vezes de <span class="preco-parcela">R$83,25</span> sem juros</div></div>';
    const worded = '<div class="additional-info-price"><div class="condicoes">ou <span>12x</span> de <span>R$83,25</span> sem juros</div></div>';
    for (const offer of [named, worded]) {
      const html = `<!doctype html><html><head><title>Zenfone</title></head><body><h1>ASUS Zenfone Go Live</h1><div class="product-info">${offer}<div class="price-box"><span class="regular-price"><span class="price">R$999,00</span></span></div><button class="btn-cart">Comprar</button></div></body></html>`;
      expect(extractProductIdentity(html, { url: 'https://loja.example.com.br/zenfone-go-live.html' })?.priceCents).toBe(99900);
    }
    // "1 x" is one item's price.
    const one = '<!doctype html><html><head><title>Mug</title></head><body><h1>Mug</h1><div class="offer">1 x <span class="price">R$49,90</span></div><button class="btn-cart">Comprar</button></body></html>';
    expect(extractProductIdentity(one, { url: 'https://loja.example.com.br/mug.html' })?.priceCents).toBe(4990);
  });

  it('skips a price per unit of measure shown beside the item’s (“10,00 €/1 Stück”, “2,49 € / 100 g”, “$0.25/oz”)', () => {
    for (const base of ['10,00&nbsp;€/1 Stück', '2,49 € / 100 g', '$0.25/oz', '3,99 € je kg']) {
      const html = `<!doctype html><html><head><title>Shirts</title><script type="application/ld+json">{"@type":"Product","name":"Shirts, 3er-Pack","offers":{"@type":"Offer","price":"29.99","priceCurrency":"EUR"}}</script></head><body><h1>Shirts, 3er-Pack</h1><div class="pdp_price__price-parts"><div class="pdp_price__retail-price"><span>29,99&nbsp;€</span></div><div class="pdp_price__norm-price">${base}</div></div><button class="add-to-cart">In den Warenkorb</button></body></html>`;
      expect(extractProductIdentity(html, { url: 'https://www.shop.example.de/p/shirts-3er-pack' })?.priceCents).toBe(2999);
    }
  });

  it('reads a price written per piece without a count (“$3.98 /each”) as what one item costs', () => {
    const html = '<!doctype html><html><head><title>Wood Screws</title></head><body><h1>Wood Screw #8</h1><div class="price-format__main-price">$3.98 /each</div><button class="add-to-cart">Add to Cart</button></body></html>';
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com/p/wood-screw/123' })?.priceCents).toBe(398);
  });

  it('skips the price of a warranty or protection plan sold with the item in its buy box', () => {
    const html = (plan: string) =>
      `<!doctype html><html lang="de"><head><title>Monitor</title></head><body><h1>Acer CB242YE</h1><div class="buy">${plan}<img alt="Preis: € 166,00" src="/p/euro.png"><button>In den Warenkorb</button></div></body></html>`;
    for (const plan of ['<td>nur <span class="warranty_price">€&nbsp;14,90</span></td>', '<div class="protection-plan"><span class="price">$29.99</span></div>', '<div class="geek-squad"><span class="price">$29.99</span></div>']) {
      expect(extractProductIdentity(html(plan), { url: 'https://www.shop.example.at/acer-cb242ye' })?.priceCents ?? null).toBeNull();
    }
  });

  it('reads no price from a review histogram’s counts, even where their class names an amount', () => {
    const html = '<!doctype html><html lang="de"><head><title>Shirt</title></head><body><h1>Rundhalsshirt</h1><div class="reviews"><span class="cr_histogram__amount">(288)</span><span class="starfilter-row-amount">21</span></div><button>In den Warenkorb</button></body></html>';
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.de/p/shirt-1/' })?.priceCents ?? null).toBeNull();
    expect(extractProductIdentity(html.replace('<div class="reviews">', '<div class="pdp_price"><span class="amount">12,99 €</span></div><div class="reviews">'), { url: 'https://www.shop.example.de/p/shirt-1/' })?.priceCents).toBe(1299);
  });

  it('reads no price from figures among words in a block named for price (a name and its screen size)', () => {
    const html = '<!doctype html><html lang="de"><head><title>Acer Monitor</title></head><body><h1>Monitore</h1><div class="name-price-buy"><h2>ACER CB2 CB242YEbmiprx, 23.8" von Acer</h2></div><button>In den Warenkorb</button></body></html>';
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.at/acer-cb242ye' })?.priceCents ?? null).toBeNull();
    const tenge = '<!doctype html><html lang="ru"><head><title>Телефон</title></head><body><h1>Телефон Samsung Galaxy A01</h1><div class="aa_dtp_prices">44 890 тг.</div><button>В корзину</button></body></html>';
    expect(extractProductIdentity(tenge, { url: 'https://www.shop.example.kz/product/samsung-a01' })).toMatchObject({ priceCents: 4_489_000, currency: 'KZT' });
  });

  it('reads no price from a price bar that shows only the item’s name (“Galaxy Tab S9 FE”), but reads one after a currency code', () => {
    const page = (bar: string) => `<!doctype html><html><head><title>Galaxy Tab S9 FE</title></head><body><div class="anchor-nav__price-bar"><span>${bar}</span></div><h1>Galaxy Tab S9 FE (Wi-Fi)</h1><p>Not for sale</p></body></html>`;
    const url = 'https://www.shop.example.com/tablets/galaxy-tab-s9-fe/';
    expect(extractProductIdentity(page('Galaxy Tab S9 FE (Wi-Fi)'), { url })?.priceCents ?? null).toBeNull();
    expect(extractProductIdentity(page('EUR21.86'), { url })?.priceCents).toBe(2186);
  });

  it('reads no price from a slideshow’s “current” counter written with a leading zero (“01 / 05”), nor from a call button’s number', () => {
    const page = (extra: string) => `<!doctype html><html><head><title>Doorbell Camera</title></head><body><h1>Smart Video Doorbell Camera</h1><a class="nav-phone" aria-label="Call now for a free quote" href="tel:+18444818630">844.481.8630</a><div class="slides"><span class="count-current">01</span> / <span class="count-total">05</span></div>${extra}</body></html>`;
    const url = 'https://www.shop.example.com/products/doorbell-camera';
    expect(extractProductIdentity(page(''), { url })?.priceCents ?? null).toBeNull();
    expect(extractProductIdentity(page('<p class="price-current">$0.99</p>'), { url })?.priceCents).toBe(99);
  });

  it('takes a structured price of 0 only where the page shows the item as free, not a template’s placeholder', () => {
    const page = (shown: string) =>
      `<!doctype html><html><head><title>Workstation</title><script type="application/ld+json">{"@type":"Product","name":"P16s Workstation","offers":{"@type":"Offer","price":0,"priceCurrency":"USD"}}</script></head><body><h1>P16s Workstation</h1>${shown}<p class="delivery-price">Free shipping</p></body></html>`;
    const url = 'https://www.shop.example.com/p/p16s';
    expect(extractProductIdentity(page('<p>New options available</p>'), { url })?.priceCents ?? null).toBeNull();
    expect(extractProductIdentity(page('<div class="game_purchase_price price">Free To Play</div>'), { url })?.priceCents).toBe(0);
  });
});

describe('a price alone under the heading of a page whose markup names no price element', () => {
  const page = (prices: string, jsonLd = '') =>
    `<!doctype html><html lang="vi"><head><title>iPhone 13 128GB</title>${jsonLd}</head><body><div class="a1"><h1 class="x7">iPhone 13 128GB - Trắng</h1><div class="b2"><span class="c3">Thương hiệu: </span><span class="c4">Apple</span></div>${prices}</div><button>Thêm vào giỏ</button></body></html>`;
  const read = (html: string) => extractProductIdentity(html, { url: 'https://www.shop.example.vn/iphone-13-128gb-73239368.html' });

  it('reads an amount of a currency written without cents, and a sign other than the euro, dollar, pound or franc', () => {
    expect(read(page('<div class="d5"><span class="e6">13.790.000đ</span></div>'))).toMatchObject({ priceCents: 1_379_000_000, currency: 'VND' });
    const rub = page('<div class="d5"><span class="e6">22 510 ₽</span></div>').replace('lang="vi"', 'lang="ru"');
    expect(read(rub)).toMatchObject({ priceCents: 2_251_000, currency: 'RUB' });
  });

  it('takes the shown price over markup that states the list price the page strikes through with an inline style', () => {
    const jsonLd = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"iPhone 13 128GB - Trắng","sku":"00773150","offers":{"@type":"Offer","price":18990000,"priceCurrency":"VND"}}</script>';
    const prices = '<div class="d5"><span class="e6">13.790.000đ</span></div><div class="f7"><span class="g8" style="text-decoration: line-through;">18.990.000đ</span><span class="h9">Giảm 28%</span></div>';
    expect(read(page(prices, jsonLd))?.priceCents).toBe(1_379_000_000);
  });

  it('reads no figure that names no currency, nor words that only look like a code', () => {
    expect(read(page('<div class="d5"><span class="e6">Qty 2</span></div>'))?.priceCents ?? null).toBeNull();
    expect(read(page('<div class="d5"><span class="e6">128</span></div>'))?.priceCents ?? null).toBeNull();
    // Beside a bare dollar sign an amount without cents is an instalment's or a saving's, not the price.
    expect(read(page('<div class="d5">每期<span>$<span>98</span></span></div>'))?.priceCents ?? null).toBeNull();
  });
});

describe('a price before tax beside the price with it', () => {
  const page = (row: string) => `<!doctype html><html lang="ja"><head><title>携帯酸素</title></head><body><h1>携帯酸素 富士さん素</h1><table><tr>${row}</tr></table><button>カートに入れる</button></body></html>`;
  const read = (row: string) => extractProductIdentity(page(row), { url: 'https://www.shop.example.jp/g/00530783/' })?.priceCents;

  it('takes the price with tax, marked or worded so, over the one before tax', () => {
    const marked = '<td data-js="g_price_tax_exclude"><span class="TaxExcluded"><span class="Price Price--Md">￥859</span></span></td><td data-js="g_price_tax_include"><span class="TaxIncluded"><span class="Price Price--Sm">￥945</span><span>（税込）</span></span></td>';
    expect(read(marked)).toBe(94_500);
    const worded = '<td><div><span class="price">12,34 €</span> <span>ohne MwSt.</span></div></td><td><div><span class="price">14,68 €</span> <span>inkl. MwSt.</span></div></td>';
    expect(extractProductIdentity(page(worded).replace('lang="ja"', 'lang="de"'), { url: 'https://www.shop.example.de/p/1' })?.priceCents).toBe(1468);
  });

  it('takes a price before tax where the page shows no other', () => {
    expect(read('<td><span class="TaxExcluded"><span class="Price">￥859</span></span></td>')).toBe(85_900);
  });
});

describe('meta tags that price each variant', () => {
  it('take the price the page shows among them, not the first tag’s', () => {
    const meta = ['279.30', '209.30', '139.30'].map((p) => `<meta property="product:price:amount" content="${p}"><meta property="product:price:currency" content="BRL">`).join('');
    const html = `<!doctype html><html lang="pt-BR"><head><title>Lady Million Eau my Gold</title>${meta}</head><body><h1>Lady Million Eau my Gold Eau de Toilette</h1><div class="price-box"><del class="price-old">R$ 199,00</del> <strong class="price-best">R$ 139,30</strong></div><button>Comprar</button></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com.br/lady-million-eau-my-gold/p' })?.priceCents).toBe(13_930);
    // One tag alone is the item's price, as before.
    const one = html.replace(/<meta property="product:price:amount" content="(?:279|209)\.30"><meta property="product:price:currency" content="BRL">/g, '');
    expect(extractProductIdentity(one, { url: 'https://www.shop.example.com.br/lady-million-eau-my-gold/p' })?.priceCents).toBe(13_930);
  });
});

describe('a price the page labels in its words where its markup names none', () => {
  const read = (body: string) => extractProductIdentity(`<!doctype html><html><head><title>Copper Shade</title></head><body>${body}</body></html>`, { url: 'https://www.shop.example.co.uk/product.php?id=30252' })?.priceCents;

  it('reads the amount beside “Price” in an old table layout, not the was-price row above it', () => {
    const form = '<form><table><tr><td>Was price</td><td>£400.00</td></tr><tr><td>Price</td><td><strong>£340.00 (inc VAT)</strong></td></tr><tr><td><input type="submit" name="add" value="Add to basket"></td></tr></table></form>';
    expect(read(`<h1>Copper Shade</h1>${form}`)).toBe(34000);
    expect(read(`${form}<h1>Copper Shade</h1>`)).toBe(34000);
  });

  it('reads the amount written inside the label’s element after its words (“Preço a vista: R$ 1.579,00”)', () => {
    expect(read('<p>Preço a vista: <strong>R$ 1.579,00</strong></p><h1>Copper Shade</h1><p>ou 10x de <span>R$ 157,90</span></p>')).toBe(157900);
  });

  it('reads the amount after an East Asian price label, past the discount written between them ("一次付清特價 7 折 294 元")', () => {
    const page = (label: string) =>
      `<!doctype html><html><head><title>鵝肉鬆</title></head><body><h1>鵝肉鬆-原味-250g-罐</h1><table><tr><td>定價 <del>420</del> 元</td></tr><tr><td><strong>${label}</strong><b> <font>7</font> 折</b> <span style="font:bold 27px Verdana">294</span><span> 元 </span></td></tr></table></body></html>`;
    const read = (label: string) => extractProductIdentity(page(label), { url: 'https://www.shop.example.com.tw/p/M67296549.htm' });
    expect(read('一次付清特價')).toMatchObject({ priceCents: 29400, currency: 'TWD' });
    expect(read('會員專區')?.priceCents ?? null).toBeNull();
    // A list price's label ends like a price's: 建議售價 (suggested retail), 市場價格 (market price), 通常価格 (regular).
    for (const listLabel of ['建議售價', '市場價格', '通常価格', '정상가격']) expect(read(listLabel)?.priceCents ?? null).toBeNull();
  });
});

describe('a price written with a dash for no cents', () => {
  it('reads “20 890,-” and “549.–” as whole amounts in the page’s currency', () => {
    const read = (shown: string, url: string) => extractProductIdentity(`<!doctype html><html><head><title>Pračka</title></head><body><h1>AEG 7000 ProSteam</h1><div class="price-box"><span class="price-box__price">${shown}</span></div><button>Do košíku</button></body></html>`, { url });
    expect(read('20 890,-', 'https://www.shop.example.cz/aeg-7000-d7635493.htm')).toMatchObject({ priceCents: 2089000, currency: 'CZK' });
    expect(read('549.–', 'https://www.shop.example.de/product/549')).toMatchObject({ priceCents: 54900, currency: 'EUR' });
  });

  it('reads whole amounts written with a dash for no cents, also after a colon or a space ("9 690:-", "279 -")', () => {
    const read = (shown: string) =>
      extractProductIdentity(`<!doctype html><html><head><title>Phone</title></head><body><h1>OnePlus 9 Pro</h1><span class="product-price-now">${shown}</span></body></html>`, { url: 'https://www.shop.example.se/product/1181598' })?.priceCents;
    expect(read('9 690:-')).toBe(969000);
    expect(read('279 -')).toBe(27900);
    expect(read('279 - 299')).toBeNull();
  });

});

describe('markup that does not make a price someone else\'s', () => {
  const read = (body: string, url = 'https://www.shop.example.de/p/1515614') =>
    extractProductIdentity(`<!doctype html><html><head><title>Item</title></head><body>${body}</body></html>`, { url })?.priceCents;

  it('reads the price "without warranty", which is the item\'s own, not a warranty\'s', () => {
    const body = '<h1>Transportkiste Systainer I</h1><div class="price__default"><span data-price-without-warranty="40,99 €">40,99 €</span></div>';
    expect(read(body)).toBe(4099);
    expect(read(body.replace('data-price-without-warranty', 'data-warranty-price'))).toBeNull();
  });

  it('reads a price inside the <header> that holds the item\'s heading, not inside the site\'s', () => {
    const item = '<header class="product-heading"><h1>Side Stripe Trainers</h1><div class="prices"><span class="price">£11.24</span></div></header>';
    expect(read(`<header class="site"><a href="/">Shop</a></header><main>${item}</main>`)).toBe(1124);
    expect(read('<header class="site"><div class="basket"><span class="price">£5.00</span></div></header><main><h1>Side Stripe Trainers</h1></main>')).toBeNull();
  });

  it('reads a price in a list named "feature-list", which is no list price, but not one marked "list"', () => {
    const list = (mark: string) => `<h1>Western Stars</h1><ul class="${mark}"><li class="feature -price"><span class="value">20,99</span><span class="currency">€</span></li></ul>`;
    expect(read(list('feature-list -price-container'))).toBe(2099);
    expect(read('<h1>Western Stars</h1><div class="rv"><span class="list">$79.99</span><span class="ourPrice">$74.99</span></div>')).toBe(7499);
  });

  it('reads Angular\'s "ng-star-inserted" elements, which are no star ratings', () => {
    expect(read('<h1>OnePlus 8 Pro</h1><elk-price class="pdp__price price ng-star-inserted"><span class="price__value ng-star-inserted">6290.-</span></elk-price>', 'https://www.shop.example.se/product/162403'))
      .toBe(629000);
  });

  it('reads what React streams into the page in a hidden boundary ("<div hidden id="S:3">"), but no other hidden block', () => {
    const price = '<div class="price-block"><span class="price">$1,099.99</span></div>';
    expect(read(`<h1>Surface Laptop</h1><div hidden id="S:3">${price}</div>`)).toBe(109999);
    expect(read(`<h1>Surface Laptop</h1><div hidden id="later">${price}</div>`)).toBeNull();
  });

  it('reads a price under a block that clips its overflow ("o-hidden"), which shows it', () => {
    expect(read('<div class="o-hidden"><h1>Stone signet ring</h1><span class="dbk-price dbk-price_primary">64,50</span></div>', 'https://www.shop.example.nl/ring-3893011758')).toBe(6450);
  });

  it('reads a price that a class hides on phones only and shows from a wider screen on ("d-none d-md-block", "hidden lg:flex")', () => {
    const block = (cls: string) => `<h1>Stone signet ring</h1><div class="${cls}"><span class="price">€64.50</span></div>`;
    expect(read(block('d-none d-md-block'))).toBe(6450);
    expect(read(block('hidden lg:flex'))).toBe(6450);
    expect(read(block('d-none'))).toBeNull();
    expect(read(block('hidden'))).toBeNull();
  });

  it('reads the price worded or marked as what the shopper pays ("You Pay: $3,299.00") over the price before an instant saving', () => {
    const box = '<div class="pPrice"><p>Price: $3,499.00</p><p>Instant Savings: <span>$200.00</span></p></div><div class="youPay" data-selenium="youPayPrice"><p><span>You Pay:</span> <span class="ypYouPay">$3,299.00</span></p></div>';
    expect(read(`<h1>Canon EOS 5D Mark IV</h1><div class="priceZone">${box}</div>`)).toBe(329900);
  });

  it('reads a price spoken for screen readers with its cents in words ("22 euro en 99 cent") beside a shown one hidden from them, cents and all', () => {
    const page = (spoken: string, shown: string) =>
      `<!doctype html><html><head><title>Nijntje</title></head><body><h1>Nijntjes voorleesfeest</h1><div class="buy-block"><span class="srt price-info-srt-text" data-test="price-info-srt-text">${spoken}</span><section class="buy-block__prices"><section aria-hidden="true" class="price-block"><div class="price-block__price"><div class="price-block__highlight"><span class="promo-price" data-test="price">${shown}</span></div></div></section></section><button>In winkelwagen</button></div></body></html>`;
    const read = (spoken: string, shown: string, url: string) => extractProductIdentity(page(spoken, shown), { url })?.priceCents;
    expect(read('De prijs van dit product is 22 euro en 99 cent.', '22 <sup class="promo-price__fraction">99</sup>', 'https://www.bol.example/be/nl/p/nijntje/9200000120447133/')).toBe(2299);
    expect(read('The price of this item is 22 dollars and 5 cents.', '$22<sup>05</sup>', 'https://www.shop.example.com/p/1')).toBe(2205);
  });

  it('reads no price from a saving worded in its line ("You save $77.84 (24%)")', () => {
    const box = '<span class="main-price">$252.91</span><div class="sale-sub">Was $330.75</div><div class="sale-sub sale-green">You save $77.84 (24%)</div>';
    const html = `<!doctype html><html><head><title>Chair</title></head><body><h1>Task chair</h1><div class="price">${box}</div></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.gov/product/1' })?.priceCents).toBe(25291);
  });

  it('reads a price whose currency is a word written only beside figures ("63 lei", "KSh 1,390"), not a word of a sentence ("View all 18 shades")', () => {
    const page = (box: string) => `<!doctype html><html><head><title>Lipstick</title></head><body><h1>Lipstick 201</h1><div class="product-price">${box}</div><button>Add to cart</button></body></html>`;
    const read = (box: string) => extractProductIdentity(page(box), { url: 'https://www.shop.example.md/lipstick-201' })?.priceCents;
    expect(read('<span class="our_price_display">63 lei</span>')).toBe(6300);
    expect(read('<span class="price-now">24 999 lei</span>')).toBe(2499900);
    expect(read('<span class="price-now">KSh 1,390</span>')).toBe(139000);
    expect(read('<div class="price-variations">View all 18 shades</div>')).toBeNull();
  });

  it('reads a whole amount beside a sign right under the heading of a page that marks no price ("$110"), not a delivery cost there', () => {
    const page = (line: string) => `<!doctype html><html><head><title>Wool Runner</title></head><body><h1>Wool Runner</h1><div class="flex">${line}</div><button>Add to Cart</button></body></html>`;
    const read = (line: string) => extractProductIdentity(page(line), { url: 'https://www.shop.example.com/products/wool-runner' })?.priceCents;
    expect(read('<span class="text-black">$110</span>')).toBe(11000);
    expect(read('<span>Ships from Germany: <span>$795</span> Standard Parcel</span>')).toBeNull();
  });

  it('reads the price written in the item\'s own add-to-cart button ("Add to cart – $29.95"), not one in another control', () => {
    const amount = '<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>29.95</bdi></span>';
    const page = (controls: string) => `<!doctype html><html><head><title>Joco Cup</title></head><body><h1>Joco Cup 4oz</h1><form class="cart">${controls}</form></body></html>`;
    const read = (controls: string) => extractProductIdentity(page(controls), { url: 'https://www.shop.example.com.au/product/joco-cup/' })?.priceCents;
    expect(read(`<button type="submit" class="single_add_to_cart_button">Add to cart – <div class="dynamic-price">${amount}</div></button>`)).toBe(2995);
    expect(read(`<button type="button" class="swatch">Large <div class="option-price">${amount}</div></button><button type="submit" class="single_add_to_cart_button">Add to cart</button>`)).toBeNull();
  });
});
