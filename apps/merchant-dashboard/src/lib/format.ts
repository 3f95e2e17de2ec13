/** Display helpers shared by the dashboard pages. */

export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export const formatNumber = (n: number) => new Intl.NumberFormat('en-US').format(n);

export const formatPercent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** "+12.5%", "−3.0%", or "—" when there is nothing to compare with. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${Math.abs(change * 100).toFixed(1)}%`;
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The browser's IANA time zone (the dashboard's default). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
