import { extractProductIdentity } from '../page-identity';

/** A sandal sold in sizes: each size an offer of its own in the JSON-LD, and a picker whose links name each variant. */
const offer = (variant: number, stock: 'InStock' | 'OutOfStock') =>
  ({ '@type': 'Offer', price: '695.00', priceCurrency: 'USD', availability: `http://schema.org/${stock}`, url: `https://shop.example.com/products/loulou-sandal?variant=${variant}` });
const page = (offers: object[], picker = '') =>
  `<!doctype html><html><head><title>Loulou Flat Sandal</title><script type="application/ld+json">${JSON.stringify({ '@context': 'http://schema.org/', '@type': 'Product', name: 'Loulou Flat Sandal', offers })}</script></head><body><h1>Loulou Flat Sandal</h1><span class="price">$695.00</span><button>Add to cart</button>${picker}</body></html>`;
const URL = 'https://shop.example.com/products/loulou-sandal';

describe('an item sold in variants, some sold out', () => {
  const sizes = [offer(1, 'OutOfStock'), offer(2, 'OutOfStock'), offer(3, 'InStock')];

  it('is in stock when a shopper can buy any of its offers, the first sold out', () => {
    expect(extractProductIdentity(page(sizes), { url: URL })?.stockState).toBe('InStock');
  });

  it('is as the offer the address names is', () => {
    expect(extractProductIdentity(page(sizes), { url: `${URL}?variant=1` })?.stockState).toBe('OutOfStock');
    expect(extractProductIdentity(page([offer(1, 'InStock'), offer(2, 'OutOfStock')]), { url: `${URL}?variant=2` })?.stockState).toBe('OutOfStock');
    expect(extractProductIdentity(page([offer(1, 'OutOfStock'), offer(2, 'OutOfStock')]), { url: URL })?.stockState).toBe('OutOfStock');
  });

  it('is not sold out because a picker’s link to one size says that size is', () => {
    const picker = '<details><summary>Size</summary><div><a href="/products/loulou-sandal?variant=1">35 / BLACK (Sold out)</a></div><div><a href="/products/loulou-sandal?variant=3">36 / BLACK</a></div></details>';
    expect(extractProductIdentity(page(sizes, picker), { url: URL })?.stockState).toBe('InStock');
    // A line outside such a link still speaks of the item.
    expect(extractProductIdentity(page(sizes, '<p class="stock">Sold out</p>'), { url: URL })?.stockState).toBe('OutOfStock');
  });
});

describe('a stock line among the item’s sizes', () => {
  const shop = (block: string) =>
    `<!doctype html><html><head><title>Cam Cam Pusletaske - Black</title></head><body><h1>Cam Cam Pusletaske - Black</h1><div class="${block}"><span class="price">599,95 kr.</span><select name="size"><option>One size</option></select><div class="service-link"><span class="stockStatusBullet stockStatusBullet--not_in_stock"><strong>Udsolgt</strong></span></div></div></body></html>`;
  const read = (block: string) => extractProductIdentity(shop(block), { url: 'https://www.shop.example.dk/cam-cam-pusletaske-black-p-116814.html' })?.stockState ?? null;

  it('is a size’s in a block that holds the sizes alone', () => {
    // The shop shows the price and says nothing else of the item's stock: on sale.
    expect(read('product-size-selection')).toBe('InStock');
  });

  it('is the item’s in the buy box that holds its price and its sizes ("product-price-section product-size-selection")', () => {
    expect(read('product-price-section product-size-selection')).toBe('OutOfStock');
  });
});
