import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureProduct {
  handle: string;
  title: string;
  vendor: string;
  sku: string;
  barcode: string;
  price: string;
}

export interface FixtureStore {
  /** Where the server really listens: `http://127.0.0.1:<port>`. */
  origin: string;
  /** The store's public domain (what the merchant types). There is no DNS for it: the API reaches it through
   * STORE_ORIGIN_OVERRIDES, Chromium through `browserArgs` (host resolver rule to this server's port). */
  domain: string;
  /** `http://<domain>`. */
  publicOrigin: string;
  browserArgs: string[];
  /** HTML put inside <head> of every page (the verification meta tag, the tracking script tag). */
  setHead(html: string): void;
  /** Request paths the store answered, in order (e.g. to see /products.json fetched page by page). */
  requests: string[];
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/**
 * A tiny Shopify-like store on 127.0.0.1: `/products.json?page=N&limit=L` (products with variants), a home page,
 * product pages and an order confirmation page that reports the purchase through the tracking script.
 */
export async function startFixtureStore(domain: string, products: FixtureProduct[], pageSize = 2): Promise<FixtureStore> {
  let head = '';
  const requests: string[] = [];
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>${head}</head><body>${body}</body></html>`;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/products.json') {
      const limit = Math.min(250, Number(url.searchParams.get('limit') ?? pageSize) || pageSize, pageSize);
      const n = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const slice = products.slice((n - 1) * limit, n * limit);
      return send(
        200,
        'application/json',
        JSON.stringify({
          products: slice.map((p, i) => ({
            id: 7000 + (n - 1) * limit + i,
            title: p.title,
            handle: p.handle,
            vendor: p.vendor,
            product_type: 'Kitchen',
            body_html: `<p>${escape(p.title)}</p>`,
            images: [],
            variants: [{ id: 9000 + (n - 1) * limit + i, title: 'Default Title', sku: p.sku, barcode: p.barcode, price: p.price, available: true }],
          })),
        }),
      );
    }
    if (url.pathname === '/') {
      return send(200, 'text/html; charset=utf-8', page('Fixture Kitchen Store', `<h1>Fixture Kitchen Store</h1><ul>${products.map((p) => `<li><a href="/products/${p.handle}">${escape(p.title)}</a></li>`).join('')}</ul>`));
    }
    const product = url.pathname.startsWith('/products/') ? products.find((p) => `/products/${p.handle}` === url.pathname) : undefined;
    if (product) {
      return send(
        200,
        'text/html; charset=utf-8',
        page(product.title, `<h1>${escape(product.title)}</h1><p class="price">$${product.price}</p><a href="/checkout/thank-you?product=${product.handle}">Buy now</a>`),
      );
    }
    if (url.pathname === '/checkout/thank-you') {
      const bought = products.find((p) => p.handle === url.searchParams.get('product'));
      const orderId = `order-${bought?.sku ?? 'x'}-1`;
      return send(
        200,
        'text/html; charset=utf-8',
        page(
          'Thank you',
          `<h1>Thank you for your order</h1><p id="order">Order ${orderId}</p>
           <script>
             window.pricehunt = window.pricehunt || function () { (window.pricehunt.q = window.pricehunt.q || []).push(arguments); };
             window.pricehunt('purchase', { orderId: ${JSON.stringify(orderId)}, value: ${Number(bought?.price ?? 0)}, currency: 'USD' });
           </script>`,
        ),
      );
    }
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    domain,
    publicOrigin: `http://${domain}`,
    browserArgs: [`--host-resolver-rules=MAP ${domain} 127.0.0.1:${port}`],
    setHead: (html) => {
      head = html;
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
