import { extractProductIdentity } from '../page-identity';
import { hostMaker, leadingKnownMaker } from './known-makers';

const page = (heading: string, extra = '') =>
  `<!doctype html><html><head><title>${heading} | Techshop</title><meta property="og:site_name" content="Techshop"></head><body><a class="logo" href="/">Techshop</a><h1>${heading}</h1><p>249,00 €</p>${extra}</body></html>`;
const url = 'https://www.techshop.example/p/12345';

describe('the maker a well-known name opens the item’s name with', () => {
  it('is the brand of a page that names none elsewhere', () => {
    expect(extractProductIdentity(page('Dell S Series S2721HGFA 68,6 cm (27 Zoll) Curved-LED-Monitor'), { url })?.brand).toBe('Dell');
    expect(extractProductIdentity(page('ASUS VZ24EHF 24 Zoll Eye Care Gaming Monitor'), { url })?.brand).toBe('ASUS');
  });

  it('gives way to a brand the page states', () => {
    const table = '<table><tr><th>Marke</th><td>Samsung Electronics</td></tr></table>';
    expect(extractProductIdentity(page('Dell S2721HGFA Monitor', table), { url })?.brand).toBe('Samsung Electronics');
  });

  it('is the longest name the list holds, as the item’s name writes it', () => {
    expect(leadingKnownMaker('Logitech G PRO X Superlight')).toBe('Logitech G');
    expect(leadingKnownMaker('The North Face Nuptse Jacket')).toBe('The North Face');
    expect(leadingKnownMaker('Sony® WH-1000XM5')).toBe('Sony');
  });

  it('is no brand where the name is the maker’s alone, begins with another word, or with an everyday word', () => {
    expect(leadingKnownMaker('Sony')).toBeNull();
    expect(leadingKnownMaker('Wireless Sony headphones')).toBeNull();
    expect(leadingKnownMaker('Ring Light 10 inch with tripod')).toBeNull();
    expect(leadingKnownMaker('Atomic Habits: An Easy & Proven Way to Build Good Habits')).toBeNull();
    expect(leadingKnownMaker('Giant Inflatable Pool Float')).toBeNull();
  });

  it('knows the makers of monitors, networks, toys, beauty and food that shops of many makers sell', () => {
    expect(leadingKnownMaker('NEC MultiSync E274F black (60005830)')).toBe('NEC');
    expect(leadingKnownMaker('iiyama G-Master GB2470HSU-W5 23,8 Zoll')).toBe('iiyama');
    expect(leadingKnownMaker('AVM FRITZ!Box 7590 AX')).toBe('AVM');
    expect(leadingKnownMaker('Melissa & Doug Wooden Building Blocks')).toBe('Melissa & Doug');
    expect(leadingKnownMaker("Paula's Choice Skin Perfecting 2% BHA")).toBe("Paula's Choice");
    expect(leadingKnownMaker('Dr. Oetker Ristorante Pizza Mozzarella')).toBe('Dr. Oetker');
  });

  it('follows the item’s kind named first in another script, but not a word for “for”', () => {
    expect(leadingKnownMaker('Кошки BLACK DIAMOND Cyborg Pro Crampons')).toBe('BLACK DIAMOND');
    expect(leadingKnownMaker('Мобільний телефон Apple iPhone 16 Pro Max 256GB')).toBe('Apple');
    expect(leadingKnownMaker('Κινητό Xiaomi Redmi Note 13')).toBe('Xiaomi');
    expect(leadingKnownMaker('Чехол для Apple iPhone 15')).toBeNull();
    expect(leadingKnownMaker('Θήκη για Samsung Galaxy S24')).toBeNull();
    // Latin words before the maker are words of the item ("Wireless Sony headphones"), and four kind words are too many.
    expect(leadingKnownMaker('Смарт часы Wireless Sony')).toBeNull();
    expect(leadingKnownMaker('Очень большой новый рюкзак Deuter Aircontact')).toBeNull();
  });
});

describe('a well-known maker’s own site', () => {
  it('is the site whose host names the maker', () => {
    expect(hostMaker({ host: 'www.apple.com' })).toBe('Apple');
    expect(hostMaker({ host: 'shop.lego.com' })).toBe('Lego');
    expect(hostMaker({ host: 'store.sony.co.th' })).toBe('Sony');
    expect(hostMaker({ host: 'www.katespade.com' })).toBe('Kate Spade');
    expect(hostMaker({ host: 'www.currys.co.uk' })).toBeNull();
    expect(hostMaker({ host: 'www.apple.example' })).toBe('Apple');
    expect(hostMaker({ host: 'www.shop.example.com' })).toBeNull();
    expect(hostMaker({ host: null })).toBeNull();
  });

  it('makes the maker the brand over a range its breadcrumb names, but not over a brand the product’s markup states', () => {
    const trail = '<ol class="breadcrumb"><li><a href="/shop">Shop</a></li><li><a href="/shop/buy-iphone">iPhone</a></li><li><a href="/shop/buy-iphone/iphone-8">iPhone 8</a></li></ol>';
    const html = (extra: string) => `<!doctype html><html><head><title>Buy iPhone 8 256GB Space Grey</title>${extra}</head><body>${trail}<h1>iPhone 8 256GB Space Grey</h1><p class="price">A$1,229.00</p></body></html>`;
    const at = { url: 'https://www.apple.com/au/shop/buy-iphone/iphone-8/4.7-inch-display-256gb-space-grey' };
    expect(extractProductIdentity(html(''), at)?.brand).toBe('Apple');
    const belkin = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Belkin BoostCharge Pro","brand":{"@type":"Brand","name":"Belkin"}}</script>';
    expect(extractProductIdentity(html(belkin), at)?.brand).toBe('Belkin');
    expect(extractProductIdentity(html(''), { url: 'https://www.phoneshop.example/iphone-8' })?.brand).not.toBe('Apple');
  });
});
