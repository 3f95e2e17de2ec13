/**
 * A small Shopify-like shop on 127.0.0.1 (node:http only): a home page with the product grid, product pages, a cart
 * kept in a cookie, a checkout that makes an order, the order-status page with Shopify's `window.Shopify.checkout`,
 * and the public `/products.json` that stores are synced through. The merchant's tags (verification meta tag, tracking
 * script) go into every page's <head>, from `head`/`setHead` and from `headFile`, read on each request.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  ADD_QUANTITY,
  CART_COOKIE,
  type CartLine,
  LINE_QUANTITY_MAX,
  cartSetCookie,
  cartTotalCents,
  centsText,
  itemCount,
  parseCart,
  priceCents,
  readCookie,
} from './cart';
import { type PageFrame, cartPage, errorPage, escapeHtml, homePage, orderPage, productPage } from './pages';
import type { ShopOrder, ShopProduct } from './types';

export interface ShopServerOptions {
  /** The store's public domain (`demo-store.localhost`): what the merchant types, reached through `browserArgs`. */
  domain: string;
  /** The shop's name, shown on every page. */
  name: string;
  products: readonly ShopProduct[];
  /** Port on 127.0.0.1; default 0 (a free one). */
  port?: number;
  /** Products per page of `/products.json` (default 30); a `limit` query may ask fewer. At most 250. */
  pageSize?: number;
  /** ISO 4217 code of the prices; default USD. */
  currency?: string;
  /** HTML put inside <head> of every page (replaced by `setHead`). */
  head?: string;
  /** A file whose content is put inside <head> of every page (after `head`), read on each request; a missing file counts as empty. */
  headFile?: string;
  /**
   * Called after each checkout, as a store's backend gets an order webhook: not awaited by the page, and its errors
   * (thrown or rejected) are logged, never shown to the shopper.
   */
  onOrder?: (order: ShopOrder) => void | Promise<void>;
  /** Where errors are logged; default console.error. */
  log?: (message: string) => void;
}

export interface ShopServer {
  /** Where the server listens: `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  domain: string;
  /** `http://<domain>` */
  publicOrigin: string;
  /** Chromium arguments that send `domain` to this server: `--host-resolver-rules=MAP <domain> 127.0.0.1:<port>`. */
  browserArgs: string[];
  /** Replaces the `head` HTML of every page. */
  setHead(html: string): void;
  /** Path and query of every request, in order. */
  readonly requests: string[];
  /** Orders made so far, oldest first. */
  readonly orders: ShopOrder[];
  close(): Promise<void>;
}

/** Shopify's largest page of `/products.json`. */
const PAGE_LIMIT = 250;
/** Largest form body read. */
const MAX_BODY_BYTES = 16 * 1024;
const HANDLE = /^[a-z0-9][a-z0-9-]*$/;
const ORDER_TOKEN = /^[0-9a-f]{32}$/;

interface ListedProduct {
  product: ShopProduct;
  id: number;
  variantId: number;
}

/** FNV-1a of a handle: ids that stay the same whatever else the shop sells. */
function handleHash(handle: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < handle.length; i++) hash = Math.imul(hash ^ handle.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The products with normalised prices and stable numeric ids (13 digits as Shopify's product ids, 14 as its variants'). */
function listProducts(products: readonly ShopProduct[]): ListedProduct[] {
  const used = new Set<number>();
  return products.map((input, index) => {
    const where = `products[${index}]`;
    if (!HANDLE.test(input.handle ?? '')) throw new TypeError(`${where}.handle must be lower-case letters, digits and hyphens`);
    const price = priceCents(input.price ?? '');
    if (price === undefined) throw new TypeError(`${where}.price must be an amount such as "59.00"`);
    const compareAt = input.compareAtPrice === undefined ? undefined : priceCents(input.compareAtPrice);
    if (input.compareAtPrice !== undefined && compareAt === undefined) throw new TypeError(`${where}.compareAtPrice must be an amount such as "69.00"`);
    let hash = handleHash(input.handle);
    while (used.has(hash)) hash = (hash + 1) >>> 0;
    used.add(hash);
    const product: ShopProduct = { ...input, price: centsText(price), ...(compareAt === undefined ? {} : { compareAtPrice: centsText(compareAt) }) };
    return { product, id: 7_000_000_000_000 + hash, variantId: 42_000_000_000_000 + hash };
  });
}

/** One product as Shopify's public `/products.json` gives it. */
function productJson({ product, id, variantId }: ListedProduct) {
  return {
    id,
    title: product.title,
    handle: product.handle,
    vendor: product.vendor,
    product_type: product.productType,
    body_html: product.description ? `<p>${escapeHtml(product.description)}</p>` : '',
    images: (product.images ?? []).map((src, index) => ({ id: id * 10 + index + 1, position: index + 1, src, variant_ids: [] })),
    variants: [
      {
        id: variantId,
        title: 'Default Title',
        sku: product.sku,
        barcode: product.barcode,
        price: product.price,
        compare_at_price: product.compareAtPrice ?? null,
        available: true,
      },
    ],
  };
}

/** A whole number from 1 written in a query value, or undefined. */
function positiveInteger(text: string): number | undefined {
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

/** The request body as text, or null once it is longer than `max` bytes. */
function readBody(req: http.IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the shop on 127.0.0.1 (`port`, default a free one). */
export async function startShopServer(options: ShopServerOptions): Promise<ShopServer> {
  const domain = options.domain.trim().toLowerCase();
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(domain)) throw new TypeError('domain must be a host name such as demo-store.localhost');
  const pageSize = options.pageSize ?? 30;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_LIMIT) throw new RangeError(`pageSize must be 1 to ${PAGE_LIMIT}`);
  const currency = options.currency ?? 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) throw new TypeError('currency must be a three-letter ISO 4217 code');
  const log = options.log ?? ((message: string) => console.error(message));

  const listed = listProducts(options.products);
  const products = listed.map((entry) => entry.product);
  const byHandle = new Map<string, ShopProduct>();
  const idsByHandle = new Map(listed.map((entry) => [entry.product.handle, entry]));
  for (const product of products) {
    if (byHandle.has(product.handle)) throw new TypeError(`two products have the handle ${product.handle}`);
    byHandle.set(product.handle, product);
  }

  let head = options.head ?? '';
  const requests: string[] = [];
  const orders: ShopOrder[] = [];
  const ordersByToken = new Map<string, ShopOrder>();
  let lastOrderId = 0;
  const sockets = new Set<Socket>();

  async function headHtml(): Promise<string> {
    if (!options.headFile) return head;
    try {
      return head + (await readFile(options.headFile, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`shop ${domain}: cannot read ${options.headFile}: ${(error as Error).message}`);
      return head;
    }
  }

  function send(res: http.ServerResponse, status: number, contentType: string, body: string, headers: http.OutgoingHttpHeaders = {}): void {
    res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', ...headers });
    res.end(body);
  }
  const html = (res: http.ServerResponse, status: number, body: string, headers?: http.OutgoingHttpHeaders) => send(res, status, 'text/html; charset=utf-8', body, headers);
  function seeOther(res: http.ServerResponse, location: string, headers: http.OutgoingHttpHeaders = {}): void {
    res.writeHead(303, { location, 'content-length': '0', 'cache-control': 'no-store', ...headers });
    res.end();
  }
  /** A 400 page naming the field and what is wrong with it. */
  const badField = (res: http.ServerResponse, frame: PageFrame, field: string, problem: string) =>
    html(res, 400, errorPage(frame, 'Cannot add to cart', `<strong>${escapeHtml(field)}</strong>: ${escapeHtml(problem)}`));
  const notFound = (res: http.ServerResponse, frame: PageFrame, heading = 'Page not found') =>
    html(res, 404, errorPage(frame, heading, 'There is nothing at this address.'));

  function makeOrder(lines: readonly CartLine[]): ShopOrder {
    // Ids from the clock (in microseconds), so a shop started again never repeats one: trackers count an order id once.
    lastOrderId = Math.max(lastOrderId + 1, Date.now() * 1000);
    const number = 1001 + orders.length;
    return {
      id: lastOrderId,
      number,
      name: `#${number}`,
      token: randomBytes(16).toString('hex'),
      lines: lines.map(({ product, quantity }) => ({
        productId: (idsByHandle.get(product.handle) as ListedProduct).id,
        variantId: (idsByHandle.get(product.handle) as ListedProduct).variantId,
        handle: product.handle,
        title: product.title,
        sku: product.sku,
        price: product.price,
        quantity,
        total: centsText((priceCents(product.price) as number) * quantity),
      })),
      total: centsText(cartTotalCents(lines)),
      currency,
      createdAt: new Date().toISOString(),
    };
  }

  function productsPage(res: http.ServerResponse, query: URLSearchParams): void {
    const pageText = query.get('page');
    const limitText = query.get('limit');
    const page = pageText === null ? 1 : positiveInteger(pageText);
    const limit = limitText === null ? pageSize : positiveInteger(limitText);
    const json = (status: number, body: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
    if (page === undefined) return json(400, { errors: { page: 'must be a whole number from 1' } });
    if (limit === undefined) return json(400, { errors: { limit: `must be a whole number from 1 to ${PAGE_LIMIT}` } });
    const size = Math.min(limit, pageSize, PAGE_LIMIT);
    json(200, { products: listed.slice((page - 1) * size, page * size).map(productJson) });
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://shop.invalid');
    const path = url.pathname;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const lines = parseCart(readCookie(req.headers.cookie, CART_COOKIE), byHandle);
    const frame: PageFrame = { shopName: options.name, currency, head: await headHtml(), cartCount: itemCount(lines) };

    if (method === 'GET') {
      if (path === '/') return html(res, 200, homePage(frame, products));
      if (path === '/products.json') return productsPage(res, url.searchParams);
      if (path === '/cart') return html(res, 200, cartPage(frame, lines));
      const productMatch = /^\/products\/([^/]+)$/.exec(path);
      if (productMatch) {
        const product = byHandle.get(productMatch[1] as string);
        return product ? html(res, 200, productPage(frame, product)) : notFound(res, frame, 'Product not found');
      }
      const orderMatch = /^\/orders\/([^/]+)$/.exec(path);
      if (orderMatch) {
        const order = ORDER_TOKEN.test(orderMatch[1] as string) ? ordersByToken.get(orderMatch[1] as string) : undefined;
        return order ? html(res, 200, orderPage(frame, order)) : notFound(res, frame, 'Order not found');
      }
      return notFound(res, frame);
    }

    if (method === 'POST' && (path === '/cart/add' || path === '/checkout')) {
      const type = String(req.headers['content-type'] ?? 'application/x-www-form-urlencoded').split(';')[0]?.trim().toLowerCase();
      const body = await readBody(req, MAX_BODY_BYTES);
      if (body === null) return html(res, 413, errorPage(frame, 'Request too large', 'The form sent more than the shop reads.'), { connection: 'close' });
      if (path === '/checkout') {
        if (lines.length === 0) return seeOther(res, '/cart');
        const order = makeOrder(lines);
        orders.push(order);
        ordersByToken.set(order.token, order);
        if (options.onOrder) {
          const onOrder = options.onOrder;
          Promise.resolve()
            .then(() => onOrder(order))
            .catch((error: unknown) => log(`shop ${domain}: onOrder failed for order ${order.name}: ${error instanceof Error ? error.message : String(error)}`));
        }
        return seeOther(res, `/orders/${order.token}`, { 'set-cookie': cartSetCookie([]) });
      }
      if (type !== 'application/x-www-form-urlencoded') {
        return html(res, 415, errorPage(frame, 'Cannot add to cart', 'Send the form as <code>application/x-www-form-urlencoded</code>.'));
      }
      const form = new URLSearchParams(body);
      const handle = form.get('handle')?.trim() ?? '';
      const product = byHandle.get(handle);
      if (!product) return badField(res, frame, 'handle', handle ? `no product of this shop has the handle "${handle}"` : 'is required');
      const quantityText = form.get('quantity')?.trim();
      const quantity = quantityText === undefined || quantityText === '' ? 1 : /^\d{1,3}$/.test(quantityText) ? Number(quantityText) : NaN;
      if (!(quantity >= ADD_QUANTITY.min && quantity <= ADD_QUANTITY.max)) {
        return badField(res, frame, 'quantity', `must be a whole number from ${ADD_QUANTITY.min} to ${ADD_QUANTITY.max}`);
      }
      const line = lines.find((l) => l.product.handle === handle);
      if ((line?.quantity ?? 0) + quantity > LINE_QUANTITY_MAX) {
        return badField(res, frame, 'quantity', `the cart holds at most ${LINE_QUANTITY_MAX} of one product (it has ${line?.quantity ?? 0})`);
      }
      const next = line ? lines.map((l) => (l === line ? { ...l, quantity: l.quantity + quantity } : l)) : [...lines, { product, quantity }];
      return seeOther(res, '/cart', { 'set-cookie': cartSetCookie(next) });
    }

    return notFound(res, frame);
  }

  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    route(req, res).catch((error: unknown) => {
      log(`shop ${domain}: ${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'The shop could not answer this request.');
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    domain,
    publicOrigin: `http://${domain}`,
    browserArgs: [`--host-resolver-rules=MAP ${domain} 127.0.0.1:${port}`],
    setHead: (html) => {
      head = html;
    },
    requests,
    orders,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
