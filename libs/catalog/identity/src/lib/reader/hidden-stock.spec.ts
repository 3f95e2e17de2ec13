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

  it('are not the wording of an add-to-bag form that holds them hidden by its style', () => {
    const html = (style: string) =>
      `<html><head><title>Nocturnal Cat Eyes To Hypnotise</title></head><body><h1>Nocturnal Cat Eyes To Hypnotise</h1><p class="price">£29.00</p><form action="/add_to_bag" method="post" class="add_to_bag_f"><div id="outOfStockContainer"${style}><div class="outofstock"><span>Out of Stock</span> We are sorry but this item has just sold out.</div></div><button>Add to bag</button></form></body></html>`;
    const at = { url: 'https://www.harrods.com/product/nocturnal-cat-eyes-to-hypnotise/b12-0804-273' };
    expect(extractProductIdentity(html(' style="display: none"'), at)?.stockState).not.toBe('OutOfStock');
    // Shown, the notice is the item's.
    expect(extractProductIdentity(html(''), at)?.stockState).toBe('OutOfStock');
  });

  it('are not the item’s stock inside a back-in-stock form whose class hides it', () => {
    const html = page('<form class="hi-oosn-form"><div class="subscribe_form_content hi-oosn-page hi-oosn-hide"><p class="stock">Out of stock - notify me when available</p></div></form>');
    expect(extractProductIdentity(html, { url })?.stockState).toBe('InStock');
  });

  it('are not the item’s stock inside a back-in-stock app’s block, shown when the chosen size is sold out', () => {
    const block = (mark: string) => `<div class="pdp__form__bis"${mark}><div class="pdp__form__sold_out">Sold Out</div><form><input type="email" placeholder="Enter Your Email"></form></div><button type="button" data-add-to-cart="">Select Size</button>`;
    expect(extractProductIdentity(page(block(' data-back-in-stock=""')), { url })?.stockState).toBe('InStock');
    expect(extractProductIdentity(page(block('')), { url })?.stockState).toBe('OutOfStock');
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

  it('are not the item’s stock in a theme’s badge written beside the badges of other states, where the block is not in that state', () => {
    const badges = (block: string) => `<dl class="${block}"><dd><span class="price-item price-item--regular">£49.20</span></dd><div class="price__badges"><span class="price__badge price__badge--sale" aria-hidden="true"><span>Sale</span></span><span class="price__badge price__badge--sold-out"><span>Sold out</span></span></div></dl>`;
    expect(extractProductIdentity(page(badges('price')), { url })?.stockState).toBe('InStock');
    // The block in that state shows the badge.
    expect(extractProductIdentity(page(badges('price price--sold-out')), { url })?.stockState).toBe('OutOfStock');
    // A theme that writes the badge alone writes it for the state the item is in.
    const alone = '<div class="product-pricing"><span class="product__badge product__badge--soldout"> Sold out </span><div class="price product__price">£12.95</div></div>';
    expect(extractProductIdentity(page(alone), { url })?.stockState).toBe('OutOfStock');
  });

  it('are not the item’s stock in the quick-buy panels of a list of complementary products', () => {
    const card = (name: string) => `<li><a href="/item/${name}">${name}</a><div class="content"><h3>${name}</h3><div class="quickBuy"><div class="oos"><p>Sorry, it looks like this product is out of stock.</p></div><button disabled class="addToBagButton">Sorry, out of stock</button></div></div></li>`;
    const list = `<div class="complimentedWrap"><h2>Goes well with</h2><ul class="complimentedList quickBuyOn">${card('Mixed Case')}${card('Snapback Cap')}</ul></div>`;
    expect(extractProductIdentity(page(`<button class="add-to-cart">Add to bag</button>${list}`), { url })?.stockState).toBe('InStock');
  });

  it('still say the item’s stock when shown', () => {
    const html = page('<div class="product-form"><p class="stock out-of-stock">Out of stock</p></div>');
    expect(extractProductIdentity(html, { url })?.stockState).toBe('OutOfStock');
  });
});
