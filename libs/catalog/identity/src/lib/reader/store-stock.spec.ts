import { extractProductIdentity } from '../page-identity';

const page = (widget: string) =>
  `<html><head><title>MAMA Robe avec ceinture à nouer | H&M FR</title></head><body><h1>MAMA Robe avec ceinture à nouer</h1><p class="price">34,99 €</p>${widget}<button type="submit" class="add-to-cart">Ajouter</button></body></html>`;
const url = 'https://www2.hm.com/fr_fr/productpage.1061531002.html';

describe('a store’s availability beside the item', () => {
  it('is not the item’s stock online (a find-in-store button, a pickup line)', () => {
    for (const widget of [
      '<button type="button" class="store-availability js-store-availability"><span class="text-enabled">Vérifier la disponibilité en magasin</span> <span class="text-disabled">Non disponible en magasin</span></button>',
      '<div class="pickup-availability"><p>Out of stock</p></div>',
    ]) {
      expect(extractProductIdentity(page(widget), { url })?.stockState).not.toBe('OutOfStock');
    }
  });

  it('leaves the item’s own stock line read', () => {
    const html = page('<div class="product-availability"><p>Out of stock</p></div>');
    expect(extractProductIdentity(html, { url })?.stockState).toBe('OutOfStock');
  });
});

describe('a menu’s link named like a stock state', () => {
  it('is not the item’s stock: a “Pre-order” category among the menu’s links', () => {
    const menu = '<div class="footerCol"><ul><li><a href="/games">Games</a></li><li><a href="/pre-order">Pre-order</a></li><li><a href="/anime">Anime</a></li></ul></div>';
    expect(extractProductIdentity(page(menu), { url })?.stockState).toBe('InStock');
    // A lone link that acts on the item still says its state.
    expect(extractProductIdentity(page('<div class="buy"><a href="#preorder" class="btn">Pre-order</a></div>'), { url })?.stockState).toBe('PreOrder');
  });
});

describe('the stock online in a list of the stores’ stock', () => {
  const rows = (online: string, stores: string) =>
    `<div class="status"><div class="row"><span class="channel">Versand:</span> <span class="state">${online}</span></div>` +
    ['Innsbruck', 'Klagenfurt', 'Wien 15', 'Graz'].map((store) => `<div class="row"><span class="channel">${store}:</span> <span class="state">${stores}</span></div>`).join('') +
    '</div>';

  it('is the item’s, though the stores’ lines say the same words', () => {
    expect(extractProductIdentity(page(rows('kein Liefertermin', 'kein Liefertermin')), { url })?.stockState).toBe('OutOfStock');
  });

  it('is the item’s where the stores say otherwise', () => {
    expect(extractProductIdentity(page(rows('sofort lieferbar', 'nicht verfügbar')), { url })?.stockState).toBe('InStock');
  });

  it('leaves lines written alike on other products’ cards unread', () => {
    const cards = ['Alpha', 'Beta', 'Gamma', 'Delta'].map((name) => `<div class="row"><span class="channel">${name}</span> <span class="state">Sold out</span></div>`).join('');
    expect(extractProductIdentity(page(cards), { url })?.stockState).toBe('InStock');
  });
});
