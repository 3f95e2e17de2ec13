import { ADD_QUANTITY, type CartLine, cartTotalCents, centsText, itemCount, priceCents } from './cart';
import type { ShopOrder, ShopProduct } from './types';

/** What every page of the shop shares. */
export interface PageFrame {
  shopName: string;
  currency: string;
  /** HTML put inside <head> (the merchant's tags). */
  head: string;
  /** Units in the visitor's cart, shown by the cart link. */
  cartCount: number;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** "59.00" in the shop's currency as a shopper reads it: `$59.00`. */
export function money(amount: string, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format((priceCents(amount) ?? 0) / 100);
}

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2328;background:#f6f6f4}
a{color:#0b57a4}
.shop-header{background:#fff;border-bottom:1px solid #deded9}
.shop-header nav,main,.shop-footer p{max-width:1000px;margin:0 auto;padding-left:20px;padding-right:20px}
.shop-header nav{display:flex;justify-content:space-between;align-items:center;padding-top:14px;padding-bottom:14px}
.shop-name{font-weight:700;font-size:1.3rem;color:#1f2328;text-decoration:none}
.cart-link{text-decoration:none;font-weight:600}
main{padding-top:28px;padding-bottom:48px}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 16px}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:16px}
.card{background:#fff;border:1px solid #deded9;border-radius:8px;padding:16px;display:flex;flex-direction:column;gap:6px}
.card a{font-weight:600;text-decoration:none}
.card a:hover{text-decoration:underline}
.vendor{color:#57606a;font-size:.8rem;text-transform:uppercase;letter-spacing:.05em}
.price{font-weight:700}
.was{color:#57606a;font-weight:400;text-decoration:line-through;margin-left:8px}
.product{background:#fff;border:1px solid #deded9;border-radius:8px;padding:24px;max-width:640px}
.product .price{font-size:1.4rem;margin:4px 0 12px}
.sku{color:#57606a;font-size:.875rem}
form.add{display:flex;gap:12px;align-items:end;margin-top:20px}
label{display:flex;flex-direction:column;font-size:.875rem;font-weight:600;gap:4px}
input{font:inherit;width:5.5em;padding:8px;border:1px solid #8c959f;border-radius:6px}
button{font:inherit;font-weight:600;background:#1f2328;color:#fff;border:0;border-radius:6px;padding:10px 20px;cursor:pointer}
button:hover{background:#000}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #deded9}
th,td{text-align:left;padding:10px 14px;border-bottom:1px solid #deded9}
.num{text-align:right}
tfoot th,tfoot td{font-weight:700;border-bottom:0}
.actions{display:flex;justify-content:flex-end;margin-top:20px}
.notice{background:#fff;border:1px solid #deded9;border-radius:8px;padding:24px}
.shop-footer{color:#57606a;font-size:.8rem;padding:0 0 32px}`;

export interface PageContent {
  title: string;
  main: string;
  /** Put in <head> before the merchant's tags (the order-status page's `Shopify.checkout`). */
  headStart?: string;
}

/** A whole page: doctype, language, charset, viewport, title, the merchant's head HTML, the stylesheet, header and footer. */
export function renderPage(frame: PageFrame, content: PageContent): string {
  const count = frame.cartCount;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(content.title)} – ${escapeHtml(frame.shopName)}</title>
${content.headStart ?? ''}${frame.head}
<style>${STYLE}</style>
</head>
<body>
<header class="shop-header"><nav aria-label="Shop">
<a class="shop-name" href="/">${escapeHtml(frame.shopName)}</a>
<a class="cart-link" href="/cart">Cart (${count})</a>
</nav></header>
<main>
${content.main}
</main>
<footer class="shop-footer"><p>© ${escapeHtml(frame.shopName)}</p></footer>
</body>
</html>
`;
}

function priceHtml(product: ShopProduct, currency: string): string {
  const was = product.compareAtPrice ? ` <s class="was">${money(product.compareAtPrice, currency)}</s>` : '';
  return `<span class="price">${money(product.price, currency)}</span>${was}`;
}

export function homePage(frame: PageFrame, products: readonly ShopProduct[]): string {
  const cards = products
    .map(
      (p) => `<li class="card"><span class="vendor">${escapeHtml(p.vendor)}</span>
<a href="/products/${p.handle}">${escapeHtml(p.title)}</a>
<div>${priceHtml(p, frame.currency)}</div></li>`,
    )
    .join('\n');
  const main = products.length > 0 ? `<h1>All products</h1>\n<ul class="grid">\n${cards}\n</ul>` : `<h1>All products</h1>\n<p>No products yet.</p>`;
  return renderPage(frame, { title: 'Home', main });
}

export function productPage(frame: PageFrame, product: ShopProduct): string {
  const description = product.description ? `<p>${escapeHtml(product.description)}</p>` : '';
  const main = `<article class="product">
<p class="vendor">${escapeHtml(product.vendor)}</p>
<h1>${escapeHtml(product.title)}</h1>
<p>${priceHtml(product, frame.currency)}</p>
${description}
${product.sku ? `<p class="sku">SKU: ${escapeHtml(product.sku)}</p>` : ''}
<form class="add" method="post" action="/cart/add">
<input type="hidden" name="handle" value="${escapeHtml(product.handle)}">
<label>Quantity <input type="number" name="quantity" value="1" min="${ADD_QUANTITY.min}" max="${ADD_QUANTITY.max}" required></label>
<button type="submit">Add to cart</button>
</form>
</article>`;
  return renderPage(frame, { title: product.title, main });
}

export function cartPage(frame: PageFrame, lines: readonly CartLine[]): string {
  if (lines.length === 0) {
    return renderPage(frame, { title: 'Your cart', main: `<h1>Your cart</h1>\n<div class="notice"><p>Your cart is empty.</p><p><a href="/">Continue shopping</a></p></div>` });
  }
  const currency = frame.currency;
  const rows = lines
    .map((line) => {
      const total = centsText((priceCents(line.product.price) as number) * line.quantity);
      return `<tr><th scope="row"><a href="/products/${line.product.handle}">${escapeHtml(line.product.title)}</a></th><td class="num">${money(line.product.price, currency)}</td><td class="num">${line.quantity}</td><td class="num">${money(total, currency)}</td></tr>`;
    })
    .join('\n');
  const main = `<h1>Your cart</h1>
<table aria-label="Items in your cart">
<thead><tr><th scope="col">Product</th><th scope="col" class="num">Price</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="3">Total (${itemCount(lines)} ${itemCount(lines) === 1 ? 'item' : 'items'})</th><td class="num">${money(centsText(cartTotalCents(lines)), currency)}</td></tr></tfoot>
</table>
<form class="actions" method="post" action="/checkout"><button type="submit">Check out</button></form>`;
  return renderPage(frame, { title: 'Your cart', main });
}

/** The `Shopify.checkout` object of an order-status page, which tracking scripts read the order and its lines from. */
export function shopifyCheckoutScript(order: ShopOrder): string {
  const lineItems = order.lines.map((line) => ({
    product_id: line.productId,
    variant_id: line.variantId,
    sku: line.sku,
    title: line.title,
    price: line.price,
    quantity: line.quantity,
    line_price: line.total,
  }));
  const json = JSON.stringify({ checkout: { order_id: order.id, total_price: order.total, currency: order.currency, line_items: lineItems } }).replace(/</g, '\\u003c');
  return `<script>window.Shopify = ${json};</script>\n`;
}

export function orderPage(frame: PageFrame, order: ShopOrder): string {
  const rows = order.lines
    .map(
      (line) =>
        `<tr><th scope="row">${escapeHtml(line.title)}</th><td class="num">${line.quantity}</td><td class="num">${money(line.total, order.currency)}</td></tr>`,
    )
    .join('\n');
  const main = `<h1>Thank you for your order</h1>
<p>Order ${escapeHtml(order.name)} is confirmed.</p>
<table aria-label="Items ordered">
<thead><tr><th scope="col">Product</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="num">${money(order.total, order.currency)}</td></tr></tfoot>
</table>
<p><a href="/">Continue shopping</a></p>`;
  return renderPage(frame, { title: `Order ${order.name}`, main, headStart: shopifyCheckoutScript(order) });
}

/** An error page: the status's heading and what was wrong (`messageHtml`: HTML, escaped by the caller). */
export function errorPage(frame: PageFrame, heading: string, messageHtml: string): string {
  return renderPage(frame, { title: heading, main: `<h1>${escapeHtml(heading)}</h1>\n<div class="notice"><p>${messageHtml}</p><p><a href="/">Go to the home page</a></p></div>` });
}
