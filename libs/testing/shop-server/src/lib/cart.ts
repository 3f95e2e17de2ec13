import type { ShopProduct } from './types';

/** Name of the cookie that holds the cart: `handle:qty|handle:qty`. */
export const CART_COOKIE = 'cart';
/** Quantities one "Add to cart" may ask for. */
export const ADD_QUANTITY = { min: 1, max: 10 } as const;
/** Most units of one product a cart holds. */
export const LINE_QUANTITY_MAX = 99;

export interface CartLine {
  product: ShopProduct;
  quantity: number;
}

const PRICE = /^\d{1,9}(\.\d{1,2})?$/;

/** "59.00" → 5900; undefined when the text is no price. */
export function priceCents(text: string): number | undefined {
  if (!PRICE.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 5900 → "59.00" */
export function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The value of one cookie in a Cookie header ('' when absent). */
export function readCookie(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return '';
}

/**
 * The cart a cookie value holds. Entries naming no product of the shop, or with a quantity out of range, are left out
 * (a cart kept from before the shop's products changed, or edited by hand, is no error); a handle listed twice adds up.
 */
export function parseCart(value: string, products: ReadonlyMap<string, ShopProduct>): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const entry of value.split('|')) {
    const match = /^([a-z0-9-]+):(\d{1,3})$/.exec(entry);
    const product = match ? products.get(match[1] as string) : undefined;
    const quantity = Number(match?.[2]);
    if (!product || quantity < 1) continue;
    const line = lines.get(product.handle);
    if (line) line.quantity = Math.min(LINE_QUANTITY_MAX, line.quantity + quantity);
    else lines.set(product.handle, { product, quantity: Math.min(LINE_QUANTITY_MAX, quantity) });
  }
  return [...lines.values()];
}

/** The cookie value of a cart: `handle:qty|handle:qty`. */
export function cartValue(lines: readonly CartLine[]): string {
  return lines.map((line) => `${line.product.handle}:${line.quantity}`).join('|');
}

/** Set-Cookie header keeping the cart (a session cookie for the whole shop), or clearing it when empty. */
export function cartSetCookie(lines: readonly CartLine[]): string {
  return lines.length > 0 ? `${CART_COOKIE}=${cartValue(lines)}; Path=/; SameSite=Lax` : `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export const itemCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

export const cartTotalCents = (lines: readonly CartLine[]) =>
  lines.reduce((sum, line) => sum + (priceCents(line.product.price) as number) * line.quantity, 0);
