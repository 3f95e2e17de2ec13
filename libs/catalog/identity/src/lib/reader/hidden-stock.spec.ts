import { extractProductIdentity } from '../page-identity';

const ld = (node: Record<string, unknown>) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...node })}</script>`;
const product = ld({ '@type': 'Product', name: "Men's Tree Runners", offers: { '@type': 'Offer', price: '110', priceCurrency: 'USD', availability: 'https://schema.org/InStock' } });
const page = (body: string) => `<html><head><title>Men's Tree Runners</title>${product}</head><body><h1>Men's Tree Runners</h1><p class="price">$110</p>${body}</body></html>`;
const url = 'https://www.allbirds.com/products/mens-tree-runners';

describe('stock notices the page keeps hidden until the shopper acts', () => {
  it('are not the item’s stock inside a template shown on a chosen size (v-show, x-show)', () => {
    for (const attr of ['v-show', 'x-show']) {
      const html = page(`<button ${attr}="isSizeSelected && !isUnavailableSelected">Add to Cart</button><div ${attr}="isSizeSelected && isUnavailableSelected" class="flex"><p class="text-red text-xs">Out of stock</p></div>`);
      expect(extractProductIdentity(html, { url })?.stockState).toBe('InStock');
    }
  });

  it('are not the item’s stock inside a back-in-stock form whose class hides it', () => {
    const html = page('<form class="hi-oosn-form"><div class="subscribe_form_content hi-oosn-page hi-oosn-hide"><p class="stock">Out of stock - notify me when available</p></div></form>');
    expect(extractProductIdentity(html, { url })?.stockState).toBe('InStock');
  });

  it('are not the item’s stock inside a block a modifier class “-hide” hides', () => {
    const html = page('<div class="product-error error-product-out-of-stock -hide">Leider ist der Artikel nicht mehr verfügbar.</div><button class="add-to-cart">In den Warenkorb</button>');
    expect(extractProductIdentity(html, { url })?.stockState).toBe('InStock');
  });

  it('are not the item’s stock inside a template a script fills (an Alpine button’s “Sold out” state)', () => {
    const button = '<button class="add-to-cart"><template x-if="current_variant"><div><template x-if="currentVariantAvailable"><span>Add to cart</span></template><template x-if="!currentVariantAvailable"><span>Sold out</span></template></div></template></button>';
    expect(extractProductIdentity(page(`<div class="product-form">${button}</div>`), { url })?.stockState).toBe('InStock');
  });

  it('are not the item’s stock inside a drawer of stores’ stock the shopper opens', () => {
    const drawer = '<div class="product-stock-drawer-el results"><div class="drw-productstock_result"><p class="drw-productstock_availability drw-productstock_availability-outofstock">Out of stock</p></div></div>';
    expect(extractProductIdentity(page(`<button class="add-to-cart">Add to bag</button>${drawer}`), { url })?.stockState).toBe('InStock');
  });

  it('still say the item’s stock when shown', () => {
    const html = page('<div class="product-form"><p class="stock out-of-stock">Out of stock</p></div>');
    expect(extractProductIdentity(html, { url })?.stockState).toBe('OutOfStock');
  });
});
