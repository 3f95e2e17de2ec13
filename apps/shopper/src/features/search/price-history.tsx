import type { PricePoint } from '@pricehunt/contracts';
import { useElementWidth } from '@pricehunt/ui';
import { formatDate, formatMoney } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { getProduct } from './api';

export interface PriceSeries {
  retailerId: string;
  retailerName: string;
  points: Array<{ time: number; cents: number }>;
}

const COLORS = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0e7490'];
const MAX_SERIES = COLORS.length;

/**
 * One line per retailer: its lowest total (price + shipping) across its offers over time, oldest first, cheapest
 * retailer first (the chart draws the first six). A retailer may list the same item more than once; each offer's
 * price holds until its next change.
 */
export function toSeries(history: PricePoint[], retailerNames: Record<string, string>): PriceSeries[] {
  const byRetailer = new Map<string, PricePoint[]>();
  for (const point of history) {
    if (Number.isNaN(Date.parse(point.recordedAt))) continue;
    const list = byRetailer.get(point.retailerId) ?? [];
    list.push(point);
    byRetailer.set(point.retailerId, list);
  }
  const series: PriceSeries[] = [];
  for (const [retailerId, points] of byRetailer) {
    const sorted = [...points].sort((a, b) => Date.parse(a.recordedAt) - Date.parse(b.recordedAt));
    const current = new Map<number, number>();
    const line: PriceSeries['points'] = [];
    for (const point of sorted) {
      const time = Date.parse(point.recordedAt);
      current.set(point.offerId, point.priceCents + (point.shippingCents ?? 0));
      const cents = Math.min(...current.values());
      const last = line[line.length - 1];
      if (last && last.time === time) last.cents = cents;
      else if (!last || last.cents !== cents) line.push({ time, cents });
    }
    series.push({ retailerId, retailerName: retailerNames[retailerId] ?? retailerId, points: line });
  }
  // Cheapest retailers first, so the six drawn are the ones that matter.
  return series.sort((a, b) => (a.points[a.points.length - 1]?.cents ?? 0) - (b.points[b.points.length - 1]?.cents ?? 0));
}

/** Width drawn at until the chart's own width is measured. */
const WIDTH = 640;
const HEIGHT = 220;
/** Height of a chart whose prices are all one: one line, with its price and dates, needs no room to rise or fall. */
const FLAT_HEIGHT = 84;
const PAD = { left: 84, right: 16, top: 12, bottom: 28 };

/**
 * A small SVG line chart of the cheapest six retailers' total prices over time, from the first recorded price to
 * today. Says how many retailers it leaves out, and when no price has changed yet.
 */
export function PriceChart({ series: all, currency, now = Date.now() }: { series: PriceSeries[]; currency: string | null; now?: number }) {
  // Drawn at the width it is shown at, so that its prices and dates keep their size on a phone.
  const [figureRef, width] = useElementWidth<HTMLElement>(WIDTH);
  const series = all.slice(0, MAX_SERIES);
  const points = series.flatMap((s) => s.points);
  if (points.length === 0) return <p className="ph-muted">No price history recorded yet.</p>;
  const minTime = Math.min(...points.map((p) => p.time));
  const maxTime = Math.max(now, ...points.map((p) => p.time));
  const minCents = Math.min(...points.map((p) => p.cents));
  const maxCents = Math.max(...points.map((p) => p.cents));
  const spanTime = maxTime - minTime || 1;
  const flat = maxCents === minCents;
  const height = flat ? FLAT_HEIGHT : HEIGHT;
  const x = (time: number) => PAD.left + ((time - minTime) / spanTime) * (width - PAD.left - PAD.right);
  // One price: its line runs through the middle of the plot.
  const y = (cents: number) =>
    flat ? PAD.top + (height - PAD.top - PAD.bottom) / 2 : PAD.top + (1 - (cents - minCents) / (maxCents - minCents)) * (height - PAD.top - PAD.bottom);
  const summary = `Price history from ${formatDate(minTime)} to ${formatDate(maxTime)}: ${
    flat ? `${formatMoney(minCents, currency)} throughout` : `lowest ${formatMoney(minCents, currency)}, highest ${formatMoney(maxCents, currency)}`
  }.`;
  const unchanged = all.every((s) => s.points.length <= 1);
  const hidden = all.length - series.length;

  return (
    <figure className="ph-chart" ref={figureRef}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        {flat ? null : (
          <>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(maxCents)} y2={y(maxCents)} className="ph-chart__grid" />
            <text x={PAD.left - 8} y={y(maxCents) + 4} textAnchor="end" className="ph-chart__label">
              {formatMoney(maxCents, currency)}
            </text>
          </>
        )}
        <line x1={PAD.left} x2={width - PAD.right} y1={y(minCents)} y2={y(minCents)} className="ph-chart__grid" />
        <text x={PAD.left - 8} y={y(minCents) + 4} textAnchor="end" className="ph-chart__label">
          {formatMoney(minCents, currency)}
        </text>
        <text x={PAD.left} y={height - 8} className="ph-chart__label">
          {formatDate(minTime)}
        </text>
        <text x={width - PAD.right} y={height - 8} textAnchor="end" className="ph-chart__label">
          {maxTime === now ? 'Today' : formatDate(maxTime)}
        </text>
        {series.map((s, index) => {
          // A step line carried on to today: a price holds until the next change.
          const steps = s.points.flatMap((p, i) => {
            const next = s.points[i + 1];
            return [`${x(p.time)},${y(p.cents)}`, `${x(next ? next.time : maxTime)},${y(p.cents)}`];
          });
          return <polyline key={s.retailerId} points={steps.join(' ')} fill="none" stroke={COLORS[index]} strokeWidth="2.5" vectorEffect="non-scaling-stroke" />;
        })}
      </svg>
      <figcaption className="ph-chart__legend">
        {series.map((s, index) => {
          const last = s.points[s.points.length - 1];
          return (
            <span key={s.retailerId} className="ph-chart__key">
              <span className="ph-chart__swatch" style={{ background: COLORS[index] }} aria-hidden="true" />
              {s.retailerName}
              {last ? `: ${formatMoney(last.cents, currency)} now` : ''}
            </span>
          );
        })}
        {unchanged || hidden > 0 ? (
          <span className="ph-chart__note">
            {unchanged ? `No retailer has changed its price since ${formatDate(minTime)}, when tracking began.` : ''}
            {unchanged && hidden > 0 ? ' ' : ''}
            {hidden > 0 ? `The ${series.length} cheapest of ${all.length} retailers are drawn.` : ''}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** The price history of a product's offers, loaded from GET /api/products/:id. */
export default function PriceHistory({ productId }: { productId: number }) {
  const detail = useAsync(`product-${productId}`, (signal) => getProduct(productId, signal));
  return (
    <section className="ph-panel ph-history-chart" aria-labelledby="price-history-heading">
      <h2 id="price-history-heading">Price history</h2>
      {detail.status === 'loading' ? <div className="ph-chart ph-chart--loading" role="status" aria-label="Loading price history" /> : null}
      {detail.status === 'error' ? (
        <p className="ph-muted">
          The price history could not be loaded.{' '}
          <button type="button" className="ph-text-button" onClick={detail.reload}>
            Try again
          </button>
        </p>
      ) : null}
      {detail.status === 'success' ? (
        <PriceChart
          currency={detail.data.product.currency}
          series={toSeries(detail.data.priceHistory, Object.fromEntries(detail.data.offers.map((offer) => [offer.retailer.id, offer.retailer.name])))}
        />
      ) : null}
    </section>
  );
}
