import { useId } from 'react';

export interface Series {
  name: string;
  color: string;
  values: number[];
}

const niceMax = (value: number) => {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
};

/**
 * A line chart drawn in SVG: one line per series over shared labels, y axis from 0, gridlines, a legend.
 * The chart is an image named by `title`; the same figures are in the page's tables for screen readers.
 */
export function LineChart({
  title,
  labels,
  series,
  height = 220,
  formatValue = (n: number) => String(n),
}: {
  title: string;
  labels: string[];
  series: Series[];
  height?: number;
  formatValue?: (n: number) => string;
}) {
  const width = 640;
  const pad = { top: 12, right: 12, bottom: 28, left: 48 };
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const x = (i: number) => pad.left + (labels.length <= 1 ? innerW / 2 : (i * innerW) / (labels.length - 1));
  const y = (v: number) => pad.top + innerH - (v / max) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const labelEvery = Math.max(1, Math.ceil(labels.length / 8));
  const titleId = useId();
  return (
    <figure className="md-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} preserveAspectRatio="none" className="md-chart__svg">
        <title id={titleId}>{title}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="md-chart__grid" />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" className="md-chart__tick">
              {formatValue(t)}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          i % labelEvery === 0 ? (
            <text key={label} x={x(i)} y={height - 8} textAnchor="middle" className="md-chart__tick">
              {label.slice(5)}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name}>
            <polyline fill="none" stroke={s.color} strokeWidth={2} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {s.values.map((v, i) =>
              v > 0 ? <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={s.color}><title>{`${s.name} ${labels[i]}: ${formatValue(v)}`}</title></circle> : null,
            )}
          </g>
        ))}
      </svg>
      <figcaption className="md-legend">
        {series.map((s) => (
          <span key={s.name} className="md-legend__item">
            <span className="md-legend__swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Horizontal bars, one per row, scaled to the largest value. */
export function BarChart({ title, rows, color = '#0f766e', formatValue = (n: number) => String(n) }: { title: string; rows: { label: string; value: number }[]; color?: string; formatValue?: (n: number) => string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const rowH = 26;
  const width = 640;
  const labelW = 220;
  const height = Math.max(rowH, rows.length * rowH) + 4;
  const titleId = useId();
  return (
    <figure className="md-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} className="md-chart__svg">
        <title id={titleId}>{title}</title>
        {rows.map((r, i) => {
          const w = ((width - labelW - 80) * r.value) / max;
          return (
            <g key={r.label} transform={`translate(0 ${i * rowH + 2})`}>
              <text x={labelW - 8} y={rowH / 2 + 4} textAnchor="end" className="md-chart__label">
                {r.label.length > 32 ? `${r.label.slice(0, 31)}…` : r.label}
              </text>
              <rect x={labelW} y={4} width={Math.max(w, r.value > 0 ? 2 : 0)} height={rowH - 8} fill={color} rx={3} />
              <text x={labelW + w + 6} y={rowH / 2 + 4} className="md-chart__tick">
                {formatValue(r.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
