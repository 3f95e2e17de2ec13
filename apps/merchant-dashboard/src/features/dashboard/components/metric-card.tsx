import { formatChange } from '../../../lib/format';

/** One headline figure with its change against the previous period. */
export function MetricCard({ label, value, change, invert = false }: { label: string; value: string; change: number | null; invert?: boolean }) {
  const direction = change === null || change === 0 ? 'flat' : (change > 0) !== invert ? 'up' : 'down';
  return (
    <section className="md-metric" aria-label={label}>
      <h3 className="md-metric__label">{label}</h3>
      <p className="md-metric__value">{value}</p>
      <p className={`md-metric__change md-metric__change--${direction}`}>
        <span className="md-visually-hidden">Change vs previous period: </span>
        {formatChange(change)}
        <span aria-hidden="true"> vs previous period</span>
      </p>
    </section>
  );
}
