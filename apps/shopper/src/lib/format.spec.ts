import { formatDate, formatDateTime, formatUtcDate } from './format';

describe('date formatting', () => {
  it('writes days and times as en-US does', () => {
    const moments = [new Date(2026, 0, 1, 0, 5), new Date(2026, 10, 23, 12, 0), new Date(2025, 6, 9, 23, 59), new Date(2024, 1, 29, 9, 7)];
    for (const moment of moments) {
      expect(formatDate(moment.getTime())).toBe(moment.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
      expect(formatDateTime(moment.toISOString())).toBe(moment.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));
      expect(formatUtcDate(moment.toISOString())).toBe(moment.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
    }
    expect(formatDate('not a date')).toBe('');
  });
});
