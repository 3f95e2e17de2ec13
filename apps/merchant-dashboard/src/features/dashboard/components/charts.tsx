import { useElementWidth, valueAxis } from '@pricehunt/ui';
import { useId } from 'react';

export interface Series {
  name: string;
  color: string;
  values: number[];
}


/**
 * A line chart drawn in SVG: one line per series over shared labels, y axis from 0, gridlines, a legend.
 * The chart is an image named by `title`; the same figures are in the page's tables for screen readers.
 * When every value is zero, `emptyMessage` is written across the chart instead of leaving flat lines to read.
 * `lastUnderWay`, when the last point's period has not ended ("Today so far"): its figures are only so far, so the line
 * runs to it dashed, its points are hollow and the legend says so in these words, where a solid line would read as a
 * fall.
 */
export function LineChart({
  title,
  labels,
  series,
  height = 220,
  formatValue = (n: number) => String(n),
  emptyMessage = 'Nothing recorded in this period.',
  lastUnderWay,
}: {
  title: string;
  labels: string[];
  series: Series[];
  height?: number;
  formatValue?: (n: number) => string;
  emptyMessage?: string;
  lastUnderWay?: string;
}) {
  // Drawn at the width it is shown at, so that its text keeps its size on a phone.
  const [figureRef, width] = useElementWidth<HTMLElement>(640);
  const pad = { top: 12, right: 12, bottom: 28, left: 48 };
  const values = series.flatMap((s) => s.values);
  // Round steps up to a round top; counts get whole-number ticks, at least 0..4.
  const { max, ticks } = valueAxis(Math.max(0, ...values), { whole: values.every((v) => Number.isInteger(v)) });
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const x = (i: number) => pad.left + (labels.length <= 1 ? innerW / 2 : (i * innerW) / (labels.length - 1));
  const y = (v: number) => pad.top + innerH - (v / max) * innerH;
  // A date label every 64 pixels or more.
  const labelEvery = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(innerW / 64))));
  const titleId = useId();
  const empty = values.every((v) => v === 0);
  // The points drawn with a solid line: all but the last when its period is still under way.
  const settled = lastUnderWay !== undefined && labels.length > 1 ? labels.length - 1 : labels.length;
  const points = (s: Series, from: number, to: number) => s.values.slice(from, to).map((v, i) => `${x(from + i)},${y(v)}`).join(' ');
  return (
    <figure className={empty ? 'md-chart md-chart--empty' : 'md-chart'} ref={figureRef}>
      {empty ? <p className="md-chart__empty"><span>{emptyMessage}</span></p> : null}
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
            // The last label ends at the chart's right edge, where a centred one was cut off.
            <text key={label} x={x(i)} y={height - 8} textAnchor={i === labels.length - 1 && labels.length > 1 ? 'end' : 'middle'} className="md-chart__tick">
              {label.slice(5)}
            </text>
          ) : null,
        )}
        {series.map((s, index) => {
          // Earlier series are drawn wider so that equal lines stay visible under later ones.
          const strokeWidth = 2 + 2 * (series.length - 1 - index);
          return (
            <g key={s.name}>
              <polyline fill="none" stroke={s.color} strokeWidth={strokeWidth} strokeLinejoin="round" points={points(s, 0, settled)} />
              {settled < labels.length ? (
                <polyline fill="none" stroke={s.color} strokeWidth={strokeWidth} strokeDasharray="6 5" strokeOpacity={0.6} className="md-chart__under-way" points={points(s, settled - 1, labels.length)} />
              ) : null}
              {s.values.map((v, i) =>
                v > 0 ? (
                  <circle key={i} cx={x(i)} cy={y(v)} r={3 + (series.length - 1 - index)} fill={i < settled ? s.color : '#fff'} stroke={s.color} strokeWidth={i < settled ? 0 : 2}>
                    <title>{`${s.name} ${labels[i]}${i < settled ? '' : ' (so far)'}: ${formatValue(v)}`}</title>
                  </circle>
                ) : null,
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="md-legend">
        {series.map((s) => (
          <span key={s.name} className="md-legend__item">
            <span className="md-legend__swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.name}
          </span>
        ))}
        {settled < labels.length ? (
          <span className="md-legend__item md-legend__under-way">
            <span className="md-legend__dash" aria-hidden="true" />
            {lastUnderWay}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** Horizontal bars, one per row, scaled to the largest value (HTML, so labels stay legible at any width). */
export function BarChart({ title, rows, color = '#0f766e', formatValue = (n: number) => String(n) }: { title: string; rows: { label: string; value: number }[]; color?: string; formatValue?: (n: number) => string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure className="md-bars">
      <figcaption className="md-muted">{title}</figcaption>
      <ul>
        {rows.map((r) => (
          <li key={r.label} className="md-bars__row">
            <span className="md-bars__label" title={r.label}>
              {r.label}
            </span>
            <span className="md-bars__track" aria-hidden="true">
              <span className="md-bars__bar" style={{ width: `${(r.value / max) * 100}%`, background: color }} />
            </span>
            <span className="md-bars__value">{formatValue(r.value)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
