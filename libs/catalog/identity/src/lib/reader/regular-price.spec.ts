import { extractProductIdentity } from '../page-identity';

const ld = (node: Record<string, unknown>) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...node })}</script>`;
const product = ld({ '@type': 'Product', name: "Men's Loke Jacket", sku: '63396', offers: { '@type': 'Offer', price: '130.00', priceCurrency: 'USD' } });
const page = (priceBlock: string) => `<html><head><title>Men's Loke Jacket | Helly Hansen</title>${product}</head><body><h1 class="product_productName">Men's Loke Jacket</h1><div class="product_productInfo">${priceBlock}</div></body></html>`;
const url = 'https://www.hellyhansen.com/en_us/mens-loke-jacket-63396';

describe('a sale price shown beside the regular price the markup states', () => {
  it('is the price the shopper pays', () => {
    const html = page('<div class="productPrice_root"><span><span>$98.00</span></span><span class="productPrice_oldPrice"><span>$130.00</span></span></div>');
    expect(extractProductIdentity(html, { url })?.priceCents).toBe(9800);
    const struck = page('<p class="price"><span class="amount">$98.00</span> <del><span class="amount">$130.00</span></del></p>');
    expect(extractProductIdentity(struck, { url })?.priceCents).toBe(9800);
  });

  it('does not move the markup’s price when the old price shown is another figure', () => {
    const html = page('<div class="productPrice_root"><span><span>$98.00</span></span><span class="productPrice_oldPrice"><span>$150.00</span></span></div>');
    expect(extractProductIdentity(html, { url })?.priceCents).toBe(13000);
  });
});
