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
 * `firstPartial` and `lastPartial`, when the first or the last point's period is not whole (a week the range starts or
 * ends in the middle of, today so far): its figures cover only part of it, so the line runs to it dashed, its points are
 * hollow and the legend says so in these words, where a solid line would read as a fall.
 */
export function LineChart({
  title,
  labels,
  series,
  height = 220,
  formatValue = (n: number) => String(n),
  emptyMessage = 'Nothing recorded in this period.',
  firstPartial,
  lastPartial,
}: {
  title: string;
  labels: string[];
  series: Series[];
  height?: number;
  formatValue?: (n: number) => string;
  emptyMessage?: string;
  firstPartial?: string;
  lastPartial?: string;
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
  // The points drawn with a solid line, from `settled.start` to before `settled.end`: all but a partial first or last.
  const settled = {
    start: firstPartial !== undefined && labels.length > 1 ? 1 : 0,
    end: lastPartial !== undefined && labels.length > 1 ? labels.length - 1 : labels.length,
  };
  const partial = (i: number) => (i < settled.start ? firstPartial : i >= settled.end ? lastPartial : undefined);
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
        {series.map((s, index) => (
          // Earlier series are drawn wider so that equal lines stay visible under later ones.
          <ChartLine key={s.name} series={s} labels={labels} settled={settled} partial={partial} at={(i, v) => [x(i), y(v)]} width={2 + 2 * (series.length - 1 - index)} formatValue={formatValue} />
        ))}
      </svg>
      <ChartLegend series={series} partials={[partial(0), partial(labels.length - 1)].filter((text): text is string => text !== undefined)} />
    </figure>
  );
}

/** A swatch and name per series, then a dash and the words of each partial period drawn. */
function ChartLegend({ series, partials }: { series: Series[]; partials: string[] }) {
  return (
    <figcaption className="md-legend">
      {series.map((s) => (
        <span key={s.name} className="md-legend__item">
          <span className="md-legend__swatch" style={{ background: s.color }} aria-hidden="true" />
          {s.name}
        </span>
      ))}
      {[...new Set(partials)].map((text) => (
        <span key={text} className="md-legend__item md-legend__under-way">
          <span className="md-legend__dash" aria-hidden="true" />
          {text}
        </span>
      ))}
    </figcaption>
  );
}

/**
 * One series of a line chart: a solid line through its settled points, dashed ones on to a partial first or last point,
 * and a dot on each point above zero, hollow where its period is partial (`partial` says how, for its tooltip).
 */
function ChartLine({
  series,
  labels,
  settled,
  partial,
  at,
  width,
  formatValue,
}: {
  series: Series;
  labels: string[];
  settled: { start: number; end: number };
  partial: (index: number) => string | undefined;
  at: (index: number, value: number) => [number, number];
  width: number;
  formatValue: (n: number) => string;
}) {
  const points = (from: number, to: number) =>
    series.values
      .slice(from, to)
      .map((v, i) => at(from + i, v).join(','))
      .join(' ');
  // The dashed stretches: into the settled points from a partial first one, and on from them to a partial last one (one
  // stretch when the two partial points are the only ones).
  const dashed = [
    ...(settled.start > 0 ? [points(0, settled.start + 1)] : []),
    ...(settled.end < labels.length && settled.end - 1 >= settled.start ? [points(settled.end - 1, labels.length)] : []),
  ];
  // As wide as before the line was split: 3 for the last series, a pixel more for each one before it.
  const radius = 2 + width / 2;
  return (
    <g>
      <polyline fill="none" stroke={series.color} strokeWidth={width} strokeLinejoin="round" points={points(settled.start, settled.end)} />
      {dashed.map((stretch) => (
        <polyline key={stretch} fill="none" stroke={series.color} strokeWidth={width} strokeDasharray="6 5" strokeOpacity={0.6} className="md-chart__under-way" points={stretch} />
      ))}
      {series.values.map((v, i) => {
        if (v <= 0) return null;
        const [cx, cy] = at(i, v);
        const part = partial(i);
        return (
          <circle key={i} cx={cx} cy={cy} r={radius} fill={part ? '#fff' : series.color} stroke={series.color} strokeWidth={part ? 2 : 0}>
            <title>{`${series.name} ${labels[i]}${part ? ` (${part.charAt(0).toLowerCase()}${part.slice(1)})` : ''}: ${formatValue(v)}`}</title>
          </circle>
        );
      })}
    </g>
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
