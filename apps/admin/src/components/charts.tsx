import { useElementWidth, valueAxis } from '@pricehunt/ui';
import { useId } from 'react';

/** Chart colours, distinguishable for the common colour-vision deficiencies. */
export const chartColors = ['#1d4ed8', '#d97706', '#047857', '#7c3aed', '#b42318', '#0891b2'] as const;
export const colorAt = (index: number): string => chartColors[index % chartColors.length] ?? chartColors[0];


export interface Series {
  name: string;
  values: number[];
  color?: string;
}

/**
 * Daily bars (or bars per run) for one or more series side by side. The chart is an image named by `title` whose
 * description carries the totals; pages show the same figures in text for people who would rather read.
 */
export function BarChart({
  title,
  labels,
  series,
  height = 200,
  formatValue = (n: number) => String(Math.round(n)),
  formatLabel = (label: string) => label.slice(5),
  emptyText = 'Nothing recorded in this period',
}: {
  title: string;
  /** One per bar group; dates (YYYY-MM-DD) unless `formatLabel` reads them otherwise. */
  labels: string[];
  series: Series[];
  height?: number;
  formatValue?: (n: number) => string;
  /** The axis text of a label (default: a date's month and day). */
  formatLabel?: (label: string) => string;
  emptyText?: string;
}) {
  const titleId = useId();
  const descId = useId();
  // Drawn at the width it is shown at, so that its text keeps its size in a narrow card or on a phone.
  const [figureRef, width] = useElementWidth<HTMLElement>(720);
  const pad = { top: 10, right: 8, bottom: 24, left: 44 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const values = series.flatMap((s) => s.values);
  // Round steps up to a round top (0, 5, 10 … 25); counts in whole numbers.
  const { max, ticks } = valueAxis(Math.max(0, ...values), { whole: values.every((v) => Number.isInteger(v)) });
  const groupW = innerW / Math.max(1, labels.length);
  const barW = Math.max(1, (groupW * 0.8) / Math.max(1, series.length));
  const y = (v: number) => pad.top + innerH - (v / max) * innerH;
  // A date label every 56 pixels or more.
  const labelEvery = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(innerW / 56))));
  const totals = series.map((s) => `${s.name}: ${formatValue(s.values.reduce((a, b) => a + b, 0))}`).join(', ');
  const empty = series.every((s) => s.values.every((value) => value === 0));
  return (
    <figure className="adm-chart" ref={figureRef}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} aria-describedby={descId} className="adm-chart__svg">
        <title id={titleId}>{title}</title>
        <desc id={descId}>{`Totals over the period: ${totals}`}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} className="adm-chart__grid" />
            <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end" className="adm-chart__tick">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {labels.map((label, i) => (
          <g key={`${i}-${label}`}>
            {series.map((s, k) => {
              const value = s.values[i] ?? 0;
              const x = pad.left + i * groupW + groupW * 0.1 + k * barW;
              return (
                <rect key={s.name} x={x} y={y(value)} width={barW} height={Math.max(0, pad.top + innerH - y(value))} fill={s.color ?? colorAt(k)} rx={1}>
                  <title>{`${label} ${s.name}: ${formatValue(value)}`}</title>
                </rect>
              );
            })}
            {i % labelEvery === 0 ? (
              <text x={pad.left + i * groupW + groupW / 2} y={height - 6} textAnchor="middle" className="adm-chart__tick">
                {formatLabel(label)}
              </text>
            ) : null}
          </g>
        ))}
        {empty ? (
          <text x={pad.left + innerW / 2} y={pad.top + innerH / 2} textAnchor="middle" className="adm-chart__empty">
            {emptyText}
          </text>
        ) : null}
      </svg>
      {series.length > 1 ? <Legend items={series.map((s, k) => ({ name: s.name, color: s.color ?? colorAt(k) }))} /> : null}
    </figure>
  );
}

export function Legend({ items }: { items: Array<{ name: string; color: string; value?: string }> }) {
  return (
    <ul className="adm-legend">
      {items.map((item) => (
        <li key={item.name}>
          <span className="adm-legend__swatch" style={{ background: item.color }} aria-hidden="true" />
          {item.name}
          {item.value !== undefined ? <strong> {item.value}</strong> : null}
        </li>
      ))}
    </ul>
  );
}

/** Horizontal bars with their values written beside them: a ranked list people can read and compare at a glance. */
export function HorizontalBars({
  title,
  items,
  formatValue = (n: number) => String(n),
  color = chartColors[0],
}: {
  title: string;
  items: Array<{ label: string; value: number }>;
  formatValue?: (n: number) => string;
  color?: string;
}) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ul className="adm-hbars" aria-label={title}>
      {items.map((item) => (
        <li key={item.label} className="adm-hbars__row">
          <span className="adm-hbars__label">{item.label}</span>
          <span className="adm-hbars__track" aria-hidden="true">
            <span className="adm-hbars__bar" style={{ width: `${(item.value / max) * 100}%`, background: color }} />
          </span>
          <span className="adm-hbars__value">{formatValue(item.value)}</span>
        </li>
      ))}
    </ul>
  );
}

/** One bar split into parts (e.g. businesses by status), with a legend giving each part's figure. */
export function StackedBar({ title, parts }: { title: string; parts: Array<{ name: string; value: number; color: string }> }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  return (
    <figure className="adm-stacked">
      <div className="adm-stacked__bar" role="img" aria-label={`${title}: ${parts.map((p) => `${p.name} ${p.value}`).join(', ')}`}>
        {parts.map((part) =>
          part.value > 0 ? <span key={part.name} style={{ flexGrow: part.value, background: part.color }} title={`${part.name}: ${part.value}`} /> : null,
        )}
        {total === 0 ? <span className="adm-stacked__empty" /> : null}
      </div>
      <Legend items={parts.map((part) => ({ name: part.name, color: part.color, value: String(part.value) }))} />
    </figure>
  );
}
