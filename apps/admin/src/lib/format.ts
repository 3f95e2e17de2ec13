const integer = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatCount = (value: number) => integer.format(value);
export const formatMoney = (cents: number) => money.format(cents / 100);
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
