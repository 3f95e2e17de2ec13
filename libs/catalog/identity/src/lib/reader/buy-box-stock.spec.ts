import { extractProductIdentity } from '../page-identity';
import { readPage } from './page';
import { fromVisiblePage } from './visible-page';

const product = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'CORSAIR Vengeance RGB 64GB DDR5 6400', sku: 'N82E16820236956' })}</script>`;
const page = (buyBox: string) => `<html><head><title>CORSAIR Vengeance RGB 64GB DDR5 6400</title>${product}</head><body><div class="product-wrap"><div class="product-pane">${buyBox}</div><h1 class="product-title">CORSAIR Vengeance RGB 64GB DDR5 6400</h1><p>64GB (4 x 16GB) desktop memory.</p></div></body></html>`;
const url = 'https://www.newegg.com/corsair-64gb-288-pin-ddr5-sdram/p/N82E16820236956';

describe('the stock the buy box shows in place of the add-to-cart control', () => {
  it('is out of stock where the buy box says so instead of offering the item', () => {
    for (const box of ['<div id="ProductBuy" class="product-buy"><span class="btn btn-message">Out of Stock</span></div>', '<div class="buy-box"><span class="btn">Sold out</span></div>']) {
      expect(extractProductIdentity(page(box), { url })?.stockState).toBe('OutOfStock');
    }
  });

  it('is out of stock where the add-to-cart button under the heading itself says so, in the shop’s language', () => {
    const shop = (button: string) =>
      `<html><head><title>Diş Beyazlatıcı Parlak - Set</title></head><body><h1><a href="/panterdent">panterdent</a> <span>Diş Beyazlatıcı Parlak - Set</span></h1><div class="product-price-container"><span class="prc-dsc">1.599 TL</span></div><div class="product-button-container">${button}</div></body></html>`;
    for (const button of ['<button class="add-to-basket sold-out">Tükendi!</button>', '<button class="btn">Sold out</button>', '<button class="cart">完売</button>']) {
      expect(extractProductIdentity(shop(button), { url: 'https://www.shop.example.com.tr/panterdent/set-p-844126911' })?.availability).toBe('out_of_stock');
    }
    expect(extractProductIdentity(shop('<button class="add-to-basket">Sepete Ekle</button>'), { url: 'https://www.shop.example.com.tr/panterdent/set-p-844126911' })?.availability).not.toBe('out_of_stock');
  });

  it('reads a disabled add-to-cart control in the stock lines\' words too ("PRODUKT NIEDOSTĘPNY")', () => {
    const shop = (button: string) =>
      readPage(`<html><head><title>Karta graficzna</title></head><body><div class="product-box-main__add-to-cart">${button}</div><h1>Gigabyte GeForce RTX 3080 Gaming OC 10GB</h1><div class="price">6 999 zł</div></body></html>`, 'https://www.shop.example.pl/karta-graficzna-gigabyte-5943775/');
    expect(fromVisiblePage(shop('<button class="add-to-cart__disabled btn-disabled">PRODUKT NIEDOSTĘPNY</button>'))?.availability).toBe('OutOfStock');
    expect(fromVisiblePage(shop('<button class="add-to-cart btn">DO KOSZYKA</button>'))?.availability ?? null).toBeNull();
  });

  it('reads an input button\'s words from its value, and "Temporarily not available" as out of stock', () => {
    const shop = (control: string) =>
      `<html><head><title>Kit Jarra com 4 Copos</title></head><body><h1>Kit Jarra com 4 Copos em Vidro</h1><div class="price">R$ 89,90</div><form action="/comprar/">${control}</form></body></html>`;
    const read = (control: string) => extractProductIdentity(shop(control), { url: 'https://www.shop.example.com.br/produtos/kit-jarra-16561/' })?.stockState;
    expect(read('<input type="submit" class="js-addtocart btn btn-primary" value="Esgotado" disabled>')).toBe('OutOfStock');
    expect(read('<input type="submit" class="js-addtocart btn btn-primary" value="Comprar">')).toBe('InStock');
    expect(read('<button class="button add-to-cart" disabled>Temporarily not available</button>')).toBe('OutOfStock');
  });

  it('says nothing against the item where the buy box offers it', () => {
    const html = page('<div id="ProductBuy" class="product-buy"><button class="btn btn-primary">Add to cart</button></div>');
    expect(extractProductIdentity(html, { url })?.stockState).not.toBe('OutOfStock');
  });
});

describe('stock stated by markup that disagrees with itself', () => {
  it('follows the reader measured right more often on the corpus: the product meta tag over microdata', () => {
    const html =
      '<html><head><title>Jet Set Travel Tote</title><meta property="product:availability" content="instock"></head><body><div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Jet Set Travel Tote</h1>' +
      '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price" content="298.00">$298.00</span><meta itemprop="priceCurrency" content="USD"><link itemprop="availability" href="http://schema.org/OutOfStock"></div></div></body></html>';
    expect(extractProductIdentity(html, { url: 'https://www.bags.example.com/p/jet-set-tote' })?.stockState).toBe('InStock');
  });
});

describe('an item the page sells and says nothing of its stock', () => {
  const shop = (body: string) => `<html><head><title>Hario V60 Drip Kettle</title></head><body><h1>Hario V60 Drip Kettle</h1>${body}</body></html>`;
  const read = (body: string) => extractProductIdentity(shop(body), { url: 'https://www.coffee.example.com/products/hario-v60-kettle' });

  it('is in stock where the page shows its price or an add-to-cart control for it', () => {
    for (const body of ['<p class="price">$45.00</p>', '<form action="/cart/add" method="post"><button type="submit">Add to cart</button></form>']) {
      expect(read(body)?.stockState).toBe('InStock');
      expect(read(body)?.availability).toBe('in_stock');
    }
  });

  it('is unknown where the page neither prices nor offers it', () => {
    expect(read('<p>A gooseneck kettle for pour-over coffee.</p>')?.stockState ?? null).toBeNull();
    expect(read('<p>A gooseneck kettle for pour-over coffee.</p>')?.availability ?? null).toBeNull();
  });

  it('is as the page says where it says it: a sold-out line beside the price is not overruled', () => {
    expect(read('<p class="price">$45.00</p><p class="stock">Sold out</p>')?.stockState).toBe('OutOfStock');
  });
});
