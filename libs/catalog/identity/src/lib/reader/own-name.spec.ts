import { extractProductIdentity } from '../page-identity';

const page = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}<span class="price">$39.99</span></body></html>`;

describe('the shop’s own name leading the item’s name', () => {
  it('gives the maker where a maker’s own shop names its item after itself', () => {
    const logitech = page('<title>MX Vertical Ergonomic Mouse | Logitech</title>', '<h1>Logitech MX Vertical Ergonomic Mouse</h1>');
    expect(extractProductIdentity(logitech, { url: 'https://www.logitech.com/en-us/products/mice/mx-vertical.html' })?.brand).toBe('Logitech');
    const sonoma = page('<title>Williams Sonoma Oven Mitt | Williams Sonoma</title><meta property="og:site_name" content="Williams Sonoma">', '<h1>Williams Sonoma Oven Mitt</h1>');
    expect(extractProductIdentity(sonoma, { url: 'https://www.williams-sonoma.com/products/oven-mitt/' })?.brand).toBe('Williams Sonoma');
    // A title tag alone: its first part.
    const tempur = page('<title>TEMPUR Deluxe-HD™ Mattress | Tempur</title>', '');
    expect(extractProductIdentity(tempur, { url: 'https://uk.tempur.com/deluxe-hd-mattress.html' })?.brand).toBe('TEMPUR');
  });

  it('gives no brand where the shop’s name only stands before or after the item’s name, or is the whole of it', () => {
    const prefixed = page('<meta property="og:title" content="GagGifts.com: Glow in the Dark Toilet Paper">', '');
    expect(extractProductIdentity(prefixed, { url: 'https://www.gaggifts.com/glow-toilet-paper.html' })?.brand ?? null).toBeNull();
    const suffixed = page('<title>Glow in the Dark Toilet Paper | GagGifts</title>', '<h1>Glow in the Dark Toilet Paper</h1>');
    expect(extractProductIdentity(suffixed, { url: 'https://www.gaggifts.com/glow-toilet-paper.html' })?.brand ?? null).toBeNull();
    const piped = page('<title>Yeti | Rambler 20 oz Tumbler</title>', '<h1>Yeti</h1>');
    expect(extractProductIdentity(piped, { url: 'https://www.yeti.com/rambler-20.html' })?.brand ?? null).toBeNull();
  });
});
