import { extractProductIdentity } from '../page-identity';

const page = (bodyClass: string) =>
  [
    `<html><head><title>Men's Nano Puff Jacket</title></head><body class="${bodyClass}">`,
    '<div class="product-info"><h1>Men\'s Nano Puff Jacket</h1><div class="price">$229.00</div><p class="stock">Out of stock</p>',
    '<div class="spec-holder row"><div class="col-5 spec-title bold">SKU</div><div class="col-7 spec-value">84213</div></div></div>',
    '<div class="related-products"><div class="product-card"><h3>Down Sweater</h3><span class="price">$279.00</span><span class="stock">In stock</span></div></div>',
    '</body></html>',
  ].join('');

describe('classes on the page’s <body>, which name its layout, not a block of it', () => {
  it.each(['layout-custom usp-carousel-pos-top b2b', 'has-sponsored-products', 'product-detail recommendation-ab'])('leave the item’s own blocks read (body class "%s")', (bodyClass) => {
    const item = extractProductIdentity(page(bodyClass), { url: 'https://shop.example/ms-nano-puff-jacket.html' });
    expect(item).toMatchObject({ sku: '84213', priceCents: 22900, stockState: 'OutOfStock' });
  });

  it('a block of other products within the page is still not the item’s', () => {
    const html = page('layout-custom').replace('<div class="price">$229.00</div><p class="stock">Out of stock</p>', '');
    const item = extractProductIdentity(html, { url: 'https://shop.example/ms-nano-puff-jacket.html' });
    expect(item?.priceCents ?? null).not.toBe(27900);
    expect(item?.stockState ?? null).not.toBe('InStock');
  });
});
