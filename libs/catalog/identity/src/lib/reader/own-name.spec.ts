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
    // A shop of many makers: its menu names them.
    const suffixed = page('<title>Glow in the Dark Toilet Paper | GagGifts</title>', '<nav><a href="/gifts">Gifts</a><a href="/brands/">Shop by Brand</a></nav><h1>Glow in the Dark Toilet Paper</h1>');
    expect(extractProductIdentity(suffixed, { url: 'https://www.gaggifts.com/glow-toilet-paper.html' })?.brand ?? null).toBeNull();
    const piped = page('<title>Yeti | Rambler 20 oz Tumbler</title>', '<h1>Yeti</h1>');
    expect(extractProductIdentity(piped, { url: 'https://www.yeti.com/rambler-20.html' })?.brand ?? null).toBeNull();
  });

  describe('a maker’s own shop, which names no maker on the page', () => {
    const shop = (extra = '', title = 'Sweepo S7+ Self-Emptying Robot Vacuum | Tidybot®') =>
      page(`<title>${title}</title>`, `<header><a class="logo" href="/">Tidybot</a><a href="/best-sellers">Best Sellers</a></header><h1>Sweepo S7+ Self-Emptying Robot Vacuum</h1>${extra}`);
    const url = 'https://www.tidybot.com/en_US/roomba-j7plus/j755020.html';

    it('gives the shop’s name as its title or og:site_name writes it, where that is the name its address gives', () => {
      expect(extractProductIdentity(shop(), { url })?.brand).toBe('Tidybot');
      const brewery = page('<title>Hunter</title><meta property="og:site_name" content="Howling Hops">', '<h1>House IPA 4 x 440ml</h1>');
      expect(extractProductIdentity(brewery, { url: 'https://howlinghops.co.uk/products/house-ipa' })?.brand).toBe('Howling Hops');
    });

    it('gives none where the page names makers: a word for one a shopper reads, or a link to the shop’s brand pages', () => {
      expect(extractProductIdentity(shop('<ul class="filters"><li>Marke</li></ul>'), { url })?.brand ?? null).toBeNull();
      expect(extractProductIdentity(shop('<p>Compare it with the major brands.</p>'), { url })?.brand ?? null).toBeNull();
      expect(extractProductIdentity(shop('<p>Publisher: Rockstar Games</p>'), { url })?.brand ?? null).toBeNull();
      expect(extractProductIdentity(shop('<a href="/search?brand=roborock">Roborock</a>'), { url })?.brand ?? null).toBeNull();
      // Another site's form that names the shop's brand in its address is no page of the shop's brands; a script's word is unread.
      expect(extractProductIdentity(shop('<a href="https://privacy.example.com/dsr?brand=tidybot">Your privacy</a><script>var brand = "x";</script>'), { url })?.brand).toBe('Tidybot');
    });

    it('gives the name without the words that say which of the maker’s shops it is ("Tidybot US", "Tidybot Levant")', () => {
      expect(extractProductIdentity(shop('', 'Sweepo S7+ | Tidybot US'), { url })?.brand).toBe('Tidybot');
      expect(extractProductIdentity(shop('', 'Sweepo S7+ | Tidybot Levant'), { url })?.brand).toBe('Tidybot');
      // Other words after it make another name: a company's ("Tidybot International"), a shop's of many makers.
      expect(extractProductIdentity(shop('', 'Sweepo S7+ | Tidybot International'), { url })?.brand ?? null).toBeNull();
      expect(extractProductIdentity(shop('', 'Sweepo S7+ | Tidybot Computer'), { url })?.brand ?? null).toBeNull();
    });

    it('gives none where the shop’s written name is not its address’s, or is a domain name', () => {
      expect(extractProductIdentity(shop('', 'Sweepo S7+ | Robot Depot'), { url })?.brand ?? null).toBeNull();
      expect(extractProductIdentity(shop('', 'Sweepo S7+ | Tidybot.com'), { url })?.brand ?? null).toBeNull();
    });
  });
});
