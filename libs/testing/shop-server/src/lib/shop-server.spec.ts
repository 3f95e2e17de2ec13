import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ShopServer, type ShopServerOptions, startShopServer } from './shop-server';
import type { ShopOrder, ShopProduct } from './types';

const PRODUCTS: ShopProduct[] = [
  { handle: 'kettle-pro', title: 'Acme Kettle Pro 1.7L', vendor: 'Acme', productType: 'Kitchen', sku: 'AK-PRO-17', barcode: '008400123450', price: '59.00', description: 'Boils <fast> & quietly.' },
  { handle: 'toaster-4', title: 'Acme Toaster 4-Slice', vendor: 'Acme', productType: 'Kitchen', sku: 'AT-4', barcode: '', price: '44.5', compareAtPrice: '49.99', images: ['https://cdn.example.com/toaster.jpg', 'https://cdn.example.com/toaster-side.jpg'] },
  { handle: 'grinder', title: 'Acme Burr Grinder', vendor: 'Acme', productType: 'Kitchen', sku: 'AG-40', barcode: '', price: '89.99' },
  { handle: 'mug', title: 'Stoneware Mug', vendor: 'Mugs', productType: 'Tableware', sku: 'MUG', barcode: '', price: '12.00' },
  { handle: 'tea-pot', title: 'Cast Iron Tea Pot', vendor: 'Mugs', productType: 'Tableware', sku: 'POT-1', barcode: '', price: '42.00' },
];

const servers: ShopServer[] = [];
async function start(options: Partial<ShopServerOptions> = {}): Promise<ShopServer> {
  const shop = await startShopServer({ domain: 'kettle-store.test', name: 'Kettle Store', products: PRODUCTS, log: () => undefined, ...options });
  servers.push(shop);
  return shop;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((shop) => shop.close()));
});

const get = (shop: ShopServer, url: string, cookie?: string) => fetch(`${shop.origin}${url}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const post = (shop: ShopServer, url: string, form: Record<string, string> = {}, cookie?: string) =>
  fetch(`${shop.origin}${url}`, { method: 'POST', redirect: 'manual', body: new URLSearchParams(form), headers: cookie ? { cookie } : {} });

/** `cart=…` of the answer's Set-Cookie, as a browser would send it back. */
function cartCookie(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  return header.split(';')[0] as string;
}

interface ProductsJson {
  products: Array<{ id: number; handle: string; variants: Array<{ id: number }> }>;
}
const handlesOf = async (response: Response) => ((await response.json()) as ProductsJson).products.map((p) => p.handle);

describe('shop server', () => {
  it('pages /products.json in Shopify’s public shape with stable numeric ids, an empty page past the end', async () => {
    const shop = await start({ pageSize: 2 });
    const first = await get(shop, '/products.json?page=1');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await first.json()) as ProductsJson;
    expect(body.products).toHaveLength(2);
    expect(body.products[0]).toEqual({
      id: expect.any(Number),
      title: 'Acme Kettle Pro 1.7L',
      handle: 'kettle-pro',
      vendor: 'Acme',
      product_type: 'Kitchen',
      body_html: '<p>Boils &lt;fast&gt; &amp; quietly.</p>',
      images: [],
      variants: [{ id: expect.any(Number), title: 'Default Title', sku: 'AK-PRO-17', barcode: '008400123450', price: '59.00', compare_at_price: null, available: true }],
    });
    expect(body.products[1]).toMatchObject({ handle: 'toaster-4', body_html: '', variants: [{ price: '44.50', compare_at_price: '49.99' }] });
    expect((body.products[1] as unknown as { images: unknown }).images).toEqual([
      { id: expect.any(Number), position: 1, src: 'https://cdn.example.com/toaster.jpg', variant_ids: [] },
      { id: expect.any(Number), position: 2, src: 'https://cdn.example.com/toaster-side.jpg', variant_ids: [] },
    ]);

    // The store sync asks for 250 a page: it gets the shop's page size; `limit` may ask fewer.
    expect(await handlesOf(await get(shop, '/products.json?limit=250&page=2'))).toEqual(['grinder', 'mug']);
    expect(await handlesOf(await get(shop, '/products.json?limit=250&page=3'))).toEqual(['tea-pot']);
    expect(await handlesOf(await get(shop, '/products.json?limit=250&page=4'))).toEqual([]);
    expect(await handlesOf(await get(shop, '/products.json?limit=1&page=5'))).toEqual(['tea-pot']);
    expect(await handlesOf(await get(shop, '/products.json'))).toEqual(['kettle-pro', 'toaster-4']);
    // The default page size is 30; `limit` above 250 asks for Shopify's largest page.
    const wide = await start();
    expect(await handlesOf(await get(wide, '/products.json?limit=3'))).toEqual(['kettle-pro', 'toaster-4', 'grinder']);
    expect(await handlesOf(await get(wide, '/products.json?limit=1000'))).toHaveLength(5);

    // The ids are the handle's: the same in another shop selling the products in another order.
    const ids = new Map(body.products.map((p) => [p.handle, [p.id, p.variants[0]?.id]]));
    const other = await start({ products: [...PRODUCTS].reverse() });
    const again = (await (await get(other, '/products.json')).json()) as ProductsJson;
    for (const p of again.products.filter((x) => ids.has(x.handle))) expect([p.id, p.variants[0]?.id]).toEqual(ids.get(p.handle));
    const allIds = again.products.flatMap((p) => [p.id, p.variants[0]?.id]);
    expect(new Set(allIds).size).toBe(10);
    for (const id of allIds) expect(Number.isSafeInteger(id)).toBe(true);

    expect(shop.requests.slice(0, 2)).toEqual(['/products.json?page=1', '/products.json?limit=250&page=2']);
  });

  it('refuses a page or limit that is no whole number from 1, naming it', async () => {
    const shop = await start();
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=two', 'page'],
      ['limit=0', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=1.5', 'limit'],
    ] as const) {
      const response = await get(shop, `/products.json?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field]);
    }
  });

  it('serves whole HTML pages with the head HTML, a home grid, product pages and 404 pages', async () => {
    const shop = await start({ head: '<meta name="pricehunt-verification" content="abc">' });
    const home = await get(shop, '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await home.text();
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    for (const part of ['<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">', '<title>Home – Kettle Store</title>', '<style>']) {
      expect(page).toContain(part);
    }
    expect(page).toMatch(/<head>[\s\S]*<meta name="pricehunt-verification" content="abc">[\s\S]*<\/head>/);
    expect(page).toContain('<a class="shop-name" href="/">Kettle Store</a>');
    expect(page).toContain('<a class="cart-link" href="/cart">Cart (0)</a>');
    expect(page).toContain('<a href="/products/kettle-pro">Acme Kettle Pro 1.7L</a>');
    expect(page).toContain('$44.50');

    shop.setHead('<script async src="http://127.0.0.1:1/t.js"></script>');
    const product = await (await get(shop, '/products/kettle-pro?variant=1&ref=r1')).text();
    expect(product).toContain('<script async src="http://127.0.0.1:1/t.js"></script>');
    expect(product).not.toContain('pricehunt-verification');
    expect(product).toContain('<h1>Acme Kettle Pro 1.7L</h1>');
    expect(product).toContain('<p>Boils &lt;fast&gt; &amp; quietly.</p>');
    expect(product).toContain('$59.00');
    expect(product).toContain('<form class="add" method="post" action="/cart/add">');
    expect(product).toContain('<input type="hidden" name="handle" value="kettle-pro">');
    expect(product).toContain('name="quantity"');
    expect(product).toContain('<button type="submit">Add to cart</button>');
    expect(await (await get(shop, '/products/toaster-4')).text()).toMatch(/\$44\.50<\/span> <s class="was">\$49\.99<\/s>/);

    for (const url of ['/products/no-such-thing', '/products/kettle-pro/more', '/collections/all', '/orders/0123456789abcdef0123456789abcdef', '/orders/x']) {
      const missing = await get(shop, url);
      expect({ url, status: missing.status }).toEqual({ url, status: 404 });
      const text = await missing.text();
      expect(text).toContain('<!doctype html>');
      expect(text).toContain('not found');
    }
    expect((await get(shop, '/cart/add')).status).toBe(404);
    expect((await fetch(`${shop.origin}/`, { method: 'DELETE' })).status).toBe(404);
    const head = await fetch(`${shop.origin}/products/mug`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('keeps the cart in a cookie, checks out into an order and shows its status page with Shopify.checkout', async () => {
    const received: ShopOrder[] = [];
    const shop = await start({ head: '<script src="/t.js"></script>', onOrder: (order) => void received.push(order) });

    const added = await post(shop, '/cart/add', { handle: 'kettle-pro', quantity: '2' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/cart');
    expect(added.headers.get('set-cookie')).toBe('cart=kettle-pro:2; Path=/; SameSite=Lax');
    let cookie = cartCookie(added);
    // Another product, then more of the first: one line each, in the order they were added.
    cookie = cartCookie(await post(shop, '/cart/add', { handle: 'toaster-4', quantity: '1' }, `theme=dark; ${cookie}`));
    expect(cookie).toBe('cart=kettle-pro:2|toaster-4:1');
    cookie = cartCookie(await post(shop, '/cart/add', { handle: 'kettle-pro' }, cookie));
    expect(cookie).toBe('cart=kettle-pro:3|toaster-4:1');

    const cart = await (await get(shop, '/cart', cookie)).text();
    expect(cart).toContain('Cart (4)');
    expect(cart).toMatch(/Acme Kettle Pro 1\.7L<\/a><\/th><td class="num">\$59\.00<\/td><td class="num">3<\/td><td class="num">\$177\.00<\/td>/);
    expect(cart).toMatch(/Acme Toaster 4-Slice<\/a><\/th><td class="num">\$44\.50<\/td><td class="num">1<\/td><td class="num">\$44\.50<\/td>/);
    expect(cart).toMatch(/Total \(4 items\)<\/th><td class="num">\$221\.50<\/td>/);
    expect(cart).toContain('<form class="actions" method="post" action="/checkout"><button type="submit">Check out</button></form>');

    const checkout = await post(shop, '/checkout', {}, cookie);
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get('set-cookie')).toBe('cart=; Path=/; Max-Age=0; SameSite=Lax');
    const location = checkout.headers.get('location') as string;
    expect(location).toMatch(/^\/orders\/[0-9a-f]{32}$/);
    expect(shop.orders).toHaveLength(1);
    const order = shop.orders[0] as ShopOrder;
    expect(order).toEqual({
      id: expect.any(Number),
      number: 1001,
      name: '#1001',
      token: location.slice('/orders/'.length),
      lines: [
        { productId: expect.any(Number), variantId: expect.any(Number), handle: 'kettle-pro', title: 'Acme Kettle Pro 1.7L', sku: 'AK-PRO-17', price: '59.00', quantity: 3, total: '177.00' },
        { productId: expect.any(Number), variantId: expect.any(Number), handle: 'toaster-4', title: 'Acme Toaster 4-Slice', sku: 'AT-4', price: '44.50', quantity: 1, total: '44.50' },
      ],
      total: '221.50',
      currency: 'USD',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Number.isSafeInteger(order.id)).toBe(true);
    expect(Math.abs(order.id / 1000 - Date.now())).toBeLessThan(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([order]);

    const status = await get(shop, location);
    expect(status.status).toBe(200);
    const text = await status.text();
    expect(text).toContain('<h1>Thank you for your order</h1>');
    expect(text).toContain('Order #1001 is confirmed.');
    expect(text).toContain('Cart (0)');
    expect(text).toMatch(/\$221\.50/);
    // Shopify.checkout is set in <head> before the merchant's tags, so the tracking script finds it when it runs.
    const script = `<script>window.Shopify = {"checkout":{"order_id":${order.id},"total_price":"221.50","currency":"USD","line_items":`;
    expect(text).toContain(script);
    expect(text.indexOf(script)).toBeLessThan(text.indexOf('<script src="/t.js"></script>'));
    expect(text.indexOf('<script src="/t.js"></script>')).toBeLessThan(text.indexOf('</head>'));
    // What the page's script leaves on window: the order and its line items, with the ids /products.json gives.
    const window: { Shopify?: { checkout: Record<string, unknown> } } = {};
    new Function('window', /<script>(window\.Shopify = [^<]*)<\/script>/.exec(text)?.[1] as string)(window);
    const listed = ((await (await get(shop, '/products.json')).json()) as { products: Array<{ id: number; handle: string; variants: Array<{ id: number }> }> }).products;
    const ids = (handle: string) => {
      const product = listed.find((p) => p.handle === handle);
      return { product_id: product?.id, variant_id: product?.variants[0]?.id };
    };
    expect(window.Shopify).toEqual({
      checkout: {
        order_id: order.id,
        total_price: '221.50',
        currency: 'USD',
        line_items: [
          { ...ids('kettle-pro'), sku: 'AK-PRO-17', title: 'Acme Kettle Pro 1.7L', price: '59.00', quantity: 3, line_price: '177.00' },
          { ...ids('toaster-4'), sku: 'AT-4', title: 'Acme Toaster 4-Slice', price: '44.50', quantity: 1, line_price: '44.50' },
        ],
      },
    });

    // The next order counts up, with a greater id; an empty cart checks out nothing.
    const second = await post(shop, '/checkout', {}, cartCookie(await post(shop, '/cart/add', { handle: 'mug', quantity: '10' })));
    expect(second.status).toBe(303);
    expect(shop.orders.map((o) => [o.number, o.total])).toEqual([
      [1001, '221.50'],
      [1002, '120.00'],
    ]);
    expect((shop.orders[1] as ShopOrder).id).toBeGreaterThan(order.id);
    const empty = await post(shop, '/checkout');
    expect(empty.status).toBe(303);
    expect(empty.headers.get('location')).toBe('/cart');
    expect(shop.orders).toHaveLength(2);
    const emptyCart = await (await get(shop, '/cart')).text();
    expect(emptyCart).toContain('Your cart is empty.');
    expect(emptyCart).not.toContain('Check out');
  });

  it('reads a cart cookie leniently: entries of unknown products or bad quantities are left out', async () => {
    const shop = await start();
    const cookie = 'other=1; cart=mug:2|gone-product:1|tea-pot:x|grinder:0|tea-pot:1|mug:3';
    const cart = await (await get(shop, '/cart', cookie)).text();
    expect(cart).toContain('Cart (6)');
    expect(cart).toMatch(/Stoneware Mug<\/a><\/th><td class="num">\$12\.00<\/td><td class="num">5<\/td>/);
    expect(cart).not.toContain('Acme Burr Grinder');
    const added = await post(shop, '/cart/add', { handle: 'grinder', quantity: '1' }, cookie);
    expect(added.headers.get('set-cookie')).toBe('cart=mug:5|tea-pot:1|grinder:1; Path=/; SameSite=Lax');
    expect((await get(shop, '/cart', 'cart=garbage')).status).toBe(200);
  });

  it('answers a bad Add to cart with a 400 page naming the field', async () => {
    const shop = await start();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ quantity: '1' }, 'handle', 'is required'],
      [{ handle: 'no-such-thing', quantity: '1' }, 'handle', 'no product of this shop has the handle &quot;no-such-thing&quot;'],
      [{ handle: 'mug', quantity: '0' }, 'quantity', 'must be a whole number from 1 to 10'],
      [{ handle: 'mug', quantity: '11' }, 'quantity', 'must be a whole number from 1 to 10'],
      [{ handle: 'mug', quantity: 'two' }, 'quantity', 'must be a whole number from 1 to 10'],
      [{ handle: 'mug', quantity: '1.5' }, 'quantity', 'must be a whole number from 1 to 10'],
      [{ handle: 'mug', quantity: '-1' }, 'quantity', 'must be a whole number from 1 to 10'],
    ];
    for (const [form, field, problem] of cases) {
      const response = await post(shop, '/cart/add', form);
      expect({ form, status: response.status }).toEqual({ form, status: 400 });
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toContain(`<strong>${field}</strong>: ${problem}`);
    }
    const full = await post(shop, '/cart/add', { handle: 'mug', quantity: '10' }, 'cart=mug:95');
    expect(full.status).toBe(400);
    expect(await full.text()).toContain('<strong>quantity</strong>: the cart holds at most 99 of one product (it has 95)');
    const json = await fetch(`${shop.origin}/cart/add`, { method: 'POST', body: JSON.stringify({ handle: 'mug' }), headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(415);
    const huge = await post(shop, '/cart/add', { handle: 'mug', quantity: '1', filler: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
  });

  it('reads headFile on every request (a missing file is empty), after the head HTML', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-head-'));
    try {
      const file = path.join(dir, 'head.html');
      const shop = await start({ head: '<meta name="a" content="1">', headFile: file });
      const headOf = async () => /<title>[^<]*<\/title>\n([\s\S]*)\n<style>/.exec(await (await get(shop, '/')).text())?.[1];
      expect(await headOf()).toBe('<meta name="a" content="1">');
      fs.writeFileSync(file, '<script async src="http://127.0.0.1:9/t.js"></script>');
      expect(await headOf()).toBe('<meta name="a" content="1"><script async src="http://127.0.0.1:9/t.js"></script>');
      fs.writeFileSync(file, '<meta name="b" content="2">');
      expect(await headOf()).toBe('<meta name="a" content="1"><meta name="b" content="2">');
      expect(await (await get(shop, '/products/mug')).text()).toContain('<meta name="b" content="2">');
      fs.rmSync(file);
      expect(await headOf()).toBe('<meta name="a" content="1">');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs a failing onOrder and still shows the order', async () => {
    const logged: string[] = [];
    const shop = await start({
      log: (line) => logged.push(line),
      onOrder: async (order) => {
        throw new Error(`webhook for ${order.name} refused`);
      },
    });
    const checkout = await post(shop, '/checkout', {}, cartCookie(await post(shop, '/cart/add', { handle: 'mug' })));
    expect(checkout.status).toBe(303);
    expect((await get(shop, checkout.headers.get('location') as string)).status).toBe(200);
    expect(logged).toEqual(['shop kettle-store.test: onOrder failed for order #1001: webhook for #1001 refused']);
  });

  it('answers its addresses and refuses products it cannot sell', async () => {
    const shop = await start({ domain: 'Demo-Store.localhost' });
    expect(shop.origin).toBe(`http://127.0.0.1:${shop.port}`);
    expect(shop.domain).toBe('demo-store.localhost');
    expect(shop.publicOrigin).toBe('http://demo-store.localhost');
    expect(shop.browserArgs).toEqual([`--host-resolver-rules=MAP demo-store.localhost 127.0.0.1:${shop.port}`]);
    const base = PRODUCTS[0] as ShopProduct;
    await expect(start({ products: [{ ...base, handle: 'Bad Handle' }] })).rejects.toThrow('products[0].handle');
    await expect(start({ products: [{ ...base, price: '59,00' }] })).rejects.toThrow('products[0].price');
    await expect(start({ products: [base, base] })).rejects.toThrow('two products have the handle kettle-pro');
    await expect(start({ pageSize: 251 })).rejects.toThrow('pageSize');
    await expect(start({ currency: 'usd' })).rejects.toThrow('currency');
  });
});
