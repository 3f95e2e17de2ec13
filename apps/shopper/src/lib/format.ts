/** Money and date formatting for the shopper site. Amounts arrive in cents of an ISO currency. */
const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string | null | undefined): Intl.NumberFormat {
  const code = currency || 'USD';
  let formatter = formatters.get(code);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    } catch {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    formatters.set(code, formatter);
  }
  return formatter;
}

export function formatMoney(cents: number, currency: string | null | undefined = 'USD'): string {
  return moneyFormatter(currency).format(cents / 100);
}

/** The sign a currency's amounts are written with, as formatMoney writes it ("$", "R$", "€"). */
export function currencySign(currency: string | null | undefined): string {
  return moneyFormatter(currency).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency ?? '$';
}

/**
 * The currency a product's prices are in: its best price's, else its offers' (a product whose every offer is out of
 * stock has no best price, and its history and a watch's target are still in the offers' money).
 */
export function productCurrency(product: { currency: string | null }, offers: readonly { currency: string }[]): string | null {
  return product.currency ?? offers.find((offer) => offer.currency)?.currency ?? null;
}

// Dates are written as en-US writes them ("Nov 23, 2026", "Nov 23, 3:05 PM") by hand: a page's first Intl date
// formatter costs tens of milliseconds on a phone (the locale's data), for what twelve month names do.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDate(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * A day as the calendar in UTC names it ("Nov 23, 2026"): the days of price history are UTC days, and a page the
 * server renders shows the same date in every browser's time zone.
 */
export function formatUtcDate(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export function formatDateTime(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
