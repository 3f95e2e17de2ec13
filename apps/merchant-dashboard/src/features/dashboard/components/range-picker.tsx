import { lastDays, type RangeQuery } from '@pricehunt/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../../../lib/error-text';

const PRESETS = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
] as const;

/** Date-range picker: presets plus two date fields; `from` and `to` are inclusive days in the shown time zone. */
export function RangePicker({ range, onChange }: { range: RangeQuery; onChange: (next: { from: string; to: string }) => void }) {
  const id = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);
  const now = Date.now();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError('Choose both dates');
    if (from > to) return setError('The start date must be on or before the end date');
    setError(null);
    onChange({ from, to });
  };
  const preset = (days: number) => {
    const { from: start, to: end } = lastDays(days, Date.now(), range.tz);
    const next = { from: start, to: end };
    setFrom(next.from);
    setTo(next.to);
    setError(null);
    onChange(next);
  };

  return (
    <form className="md-range" onSubmit={apply} aria-label="Date range">
      <div className="md-range__presets" role="group" aria-label="Presets">
        {PRESETS.map((p) => {
          const last = lastDays(p.days, now, range.tz);
          const active = range.to === last.to && range.from === last.from;
          return (
            <button key={p.days} type="button" className={`md-chip${active ? ' md-chip--active' : ''}`} aria-pressed={active} onClick={() => preset(p.days)}>
              {p.label}
            </button>
          );
        })}
      </div>
      <label htmlFor={`${id}-from`}>From</label>
      <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
      <label htmlFor={`${id}-to`}>To</label>
      <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      <button type="submit" className="md-button md-button--secondary">
        Apply
      </button>
      <span className="md-range__tz">Time zone: {range.tz}</span>
      <ErrorText message={error} />
    </form>
  );
}
