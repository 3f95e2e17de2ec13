import { extractProductIdentity } from '../page-identity';
import { agreedIdInAddress } from './address';

const page = (body: string) => `<!doctype html><html><head><title>Glitter Iron-on Patch</title></head><body><h1>Glitter Iron-on Patch</h1><span class="price">3,95 EUR</span>${body}</body></html>`;

describe('a short item number the address and the page’s cart form agree on', () => {
  const cart = (id: string) => `<form id="cart_quantity" action="/product_info.php?products_id=${id}&amp;action=add_product" method="post"><input type="text" name="products_qty" value="1"><input type="hidden" name="products_id" value="${id}"><button>In den Warenkorb</button></form>`;

  it('reads the number from the query or the path when a hidden form field posts it back', () => {
    expect(agreedIdInAddress('http://www.bentoshop.example/product_info.php?products_id=935', new Set(['935']))).toBe('935');
    expect(agreedIdInAddress('http://bikes.example.com/product/kryptolok-series-2-w-key-751.htm', new Set(['39', '751']))).toBe('751');
    expect(extractProductIdentity(page(cart('935')), { url: 'http://www.bentoshop.example/product_info.php?products_id=935' })?.sku).toBe('935');
  });

  it('reads no short number the forms do not post, nor one a form posts that the address lacks', () => {
    expect(agreedIdInAddress('http://www.bentoshop.example/product_info.php?products_id=935', new Set(['1029']))).toBeNull();
    expect(agreedIdInAddress('http://bikes.example.com/product/kryptolok-series-2-w-key-751.htm', new Set())).toBeNull();
    expect(extractProductIdentity(page(cart('1029')), { url: 'http://www.bentoshop.example/product_info.php?products_id=935' })?.sku ?? null).toBeNull();
  });
});
