const integer = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatCount = (value: number) => integer.format(value);
/** Cents of `currency` (USD unless named). */
export function formatMoney(cents: number, currency = 'USD'): string {
  if (currency === 'USD') return money.format(cents / 100);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
/** A period of calendar days: "Feb 9 – Mar 10, 2026". */
export function formatPeriod(period: { from: string; to: string }): string {
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const year = (date: string) => date.slice(0, 4);
  const at = (date: string) => new Date(`${date}T00:00:00Z`);
  const end = date.format(at(period.to));
  return year(period.from) === year(period.to) ? `${day.format(at(period.from))} – ${end}` : `${date.format(at(period.from))} – ${end}`;
}
/** Times are shown in UTC, the zone the figures are counted in. */
export const formatDateTime = (iso: string | null) => (iso ? `${dateTime.format(new Date(iso))} UTC` : '—');
export const formatDate = (iso: string | null) => (iso ? date.format(new Date(iso)) : '—');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}
