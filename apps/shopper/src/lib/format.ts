/** Money and date formatting for the shopper site. Amounts arrive in cents of an ISO currency. */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency: string | null | undefined = 'USD'): string {
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
  return formatter.format(cents / 100);
}

export function formatDate(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * A day as the calendar in UTC names it ("Nov 23, 2026"): the days of price history are UTC days, and a page the
 * server renders shows the same date in every browser's time zone.
 */
export function formatUtcDate(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export function formatDateTime(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
