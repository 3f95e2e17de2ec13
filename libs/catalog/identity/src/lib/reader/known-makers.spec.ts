import { extractProductIdentity } from '../page-identity';
import { leadingKnownMaker } from './known-makers';

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
});
