import { extractProductIdentity } from '../page-identity';
import { isLocalHost } from './page';
import { agreedIdInAddress, idInAddress } from './address';

const page = (body: string) => `<!doctype html><html><head><title>Glitter Iron-on Patch</title></head><body><h1>Glitter Iron-on Patch</h1><span class="price">3,95 EUR</span>${body}</body></html>`;

describe('a short item number the address and the page’s cart form agree on', () => {
  const cart = (id: string) => `<form id="cart_quantity" action="/product_info.php?products_id=${id}&amp;action=add_product" method="post"><input type="text" name="products_qty" value="1"><input type="hidden" name="products_id" value="${id}"><button>In den Warenkorb</button></form>`;

  it('reads the number from the query or the path when a hidden form field posts it back', () => {
    expect(agreedIdInAddress('http://www.bentoshop.example/product_info.php?products_id=935', new Set(['935']))).toBe('935');
    expect(agreedIdInAddress('http://bikes.example.com/product/kryptolok-series-2-w-key-751.htm', new Set(['39', '751']))).toBe('751');
    expect(extractProductIdentity(page(cart('935')), { url: 'http://www.bentoshop.example/product_info.php?products_id=935' })?.sku).toBe('935');
  });

  it('reads no short number the forms do not post, nor one a form posts that the address lacks', () => {
    expect(agreedIdInAddress('http://www.bentoshop.example/product_info.php?products_id=935', new Set(['1029']))).toBeNull();
    expect(agreedIdInAddress('http://bikes.example.com/product/kryptolok-series-2-w-key-751.htm', new Set())).toBeNull();
    expect(extractProductIdentity(page(cart('1029')), { url: 'http://www.bentoshop.example/product_info.php?products_id=935' })?.sku ?? null).toBeNull();
  });
});

describe('an item id the address carries', () => {
  it('reads a code written in dashed groups whole, not one group of it', () => {
    expect(idInAddress('https://www.elefant.md/la-cinci-pasi-de-tine_45553530-ecaa-45a5-84bd-b54ac0272472')).toBe('45553530-ecaa-45a5-84bd-b54ac0272472');
    expect(idInAddress('https://bookwalker.jp/de2b8f78c6-f6bb-4da9-8d15-202e8c6c185b/')).toBe('de2b8f78c6-f6bb-4da9-8d15-202e8c6c185b');
    expect(idInAddress('http://www.harrods.com/product/nocturnal-cat-eyes/charlotte-tilbury/b12-0804-273-CHARTIL-063')).toBe('b12-0804-273-CHARTIL-063');
  });

  it('reads a name’s slug with figures and measures as a name, its number as the id', () => {
    expect(idInAddress('https://www.sendo.vn/iphone-13-128gb-trang-73239368.html')).toBe('73239368');
    expect(idInAddress('https://www.shop.example.com/samsung-galaxy-a26-5g-8gb-128gb')).toBeNull();
  });

  it('reads no number inside a name, words on both sides of it, but an id at either end of the slug', () => {
    expect(idInAddress('http://store.hp.com/us/en/pdp/printers/hp-officejet-pro-6830-e-all-in-one-printer')).toBeNull();
    expect(idInAddress('https://www.flipkart.com/mi-10000-mah-power-bank/p/itmeyzke66jfz4km')).toBeNull();
    expect(idInAddress('https://www.thegoodguys.com.au/dyson-v7-cord-free-handstick-248407-01')).toBe('248407');
    expect(idInAddress('https://www.beltz.de/sachbuch_ratgeber/buecher/produkt_produktdetails/37219-12_wege_zu_guter_pflege.html')).toBe('37219');
    expect(idInAddress('https://www.bonprix.co.uk/products/printed-wrap-tankini/_/A-960056_12')).toBe('960056');
  });

  it('reads a code of capitals and digits under a query key that names the item, few digits as it holds', () => {
    expect(idInAddress('https://www.flipkart.com/moto-e-2nd-gen-4g/p/itme85hfdv6zztcj?pid=MOBE4G6GTH2QDACF&otracker=search')).toBe('MOBE4G6GTH2QDACF');
    // A word, or a code of letters alone, under such a key names no item.
    expect(idInAddress('https://shop.example.com/view?id=HOMEPAGE&ref=nav')).toBeNull();
    expect(idInAddress('https://shop.example.com/view?item=BESTSELLERS')).toBeNull();
  });
});

describe('a saved copy of a shop’s page served from this machine', () => {
  const html =
    '<!doctype html><html><head><link rel="canonical" href="https://www.amazon.co.uk/Asterisk-Cookbook-Leif-Madsen/dp/059652692X"><title>Asterisk Cookbook: Amazon.co.uk: Books</title></head><body><h1 id="title">Asterisk Cookbook</h1><span class="price">£44.26</span></body></html>';

  it('is read at the address its canonical link states, as a page read without an address is', () => {
    for (const url of ['http://127.0.0.1:8873/asterisk.html', 'http://localhost:8873/asterisk.html', 'http://192.168.1.20/asterisk.html', undefined]) {
      expect(extractProductIdentity(html, url ? { url } : {})?.sku).toBe('059652692X');
    }
  });

  it('is read at its own address when a public host serves it', () => {
    expect(extractProductIdentity(html, { url: 'https://mirror.example.net/asterisk.html' })?.sku ?? null).toBeNull();
    expect(isLocalHost('demo-store.localhost')).toBe(false);
    expect(isLocalHost('172.32.0.1')).toBe(false);
    expect(isLocalHost('172.20.0.1')).toBe(true);
    expect(isLocalHost('[::1]')).toBe(true);
    expect(isLocalHost('93.184.216.34')).toBe(false);
  });
});
