import { extractProductIdentity } from '../page-identity';

const row = (seller: string, stock: string, price: string) =>
  `<tr class="with-offer"><td class="store">${seller}</td><td class="shipping"><strong>${stock}</strong></td><td class="price">${price}</td></tr>`;
const page = (rows: string) =>
  `<html><head><title>Usha Bloom Primrose Ceiling Fan</title></head><body><h1>Usha Bloom Primrose 1250 mm Ceiling Fan</h1><div class="price">₹2,749</div><table><tbody>${rows}</tbody></table></body></html>`;

describe('stock lines in a table of several sellers’ offers', () => {
  it('are no stock line of the item: one seller out of stock does not make the item so', () => {
    const html = page(row('Amazon', 'Out of Stock', '₹2,900') + row('Flipkart', 'In Stock', '₹2,749'));
    expect(extractProductIdentity(html, { url: 'https://compare.example/fans/usha-bloom' })?.stockState).not.toBe('OutOfStock');
  });

  it('a table of the item’s own details still gives its stock (its stock row shows no price)', () => {
    const html = page('<tr><td>Price</td><td>₹2,749</td></tr><tr><td>Availability</td><td>Out of Stock</td></tr><tr><td>Delivery</td><td>₹49</td></tr>');
    expect(extractProductIdentity(html, { url: 'https://shop.example/fans/usha-bloom' })?.stockState).toBe('OutOfStock');
  });
});

describe('JSON-LD with one Product per size, none named by the address', () => {
  const size = (n: number, availability: string) => ({ '@context': 'http://schema.org/', '@type': 'Product', sku: `84518927-040-${n}`, mpn: `84518927-040-${n}`, name: 'FLAT OVER-THE-KNEE BOOTS', brand: 'ZARA', offers: { '@type': 'Offer', priceCurrency: 'EUR', price: '69.95', availability: `http://schema.org/${availability}` } });
  const html = (sizes: object[]) => `<html><head><script type="application/ld+json">${JSON.stringify(sizes)}</script></head><body><h1>FLAT OVER-THE-KNEE BOOTS</h1></body></html>`;
  const url = 'https://www.zara.com/be/en/flat-over-the-knee-boots-p11002710.html';

  it('is in stock when any size is, and takes no size’s own SKU or part number', () => {
    const item = extractProductIdentity(html([size(35, 'OutOfStock'), size(36, 'InStock'), size(37, 'OutOfStock')]), { url });
    expect(item?.stockState).toBe('InStock');
    expect(item?.model).toBeNull();
    expect(item?.sku).not.toBe('84518927-040-35');
  });

  it('is out of stock when every size is', () => {
    expect(extractProductIdentity(html([size(35, 'OutOfStock'), size(36, 'OutOfStock')]), { url })?.stockState).toBe('OutOfStock');
  });
});
