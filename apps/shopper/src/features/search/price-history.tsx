import { DAY_MS, PRICE_RANGES, type PricePoint, type PriceRange, type PriceRangeSummary, type ProductDetailResponse } from '@pricehunt/contracts';
import { useElementWidth } from '@pricehunt/ui';
import { useState } from 'react';
import { formatMoney, formatUtcDate as formatDate, productCurrency } from '../../lib/format';
import { useAsync, type AsyncState } from '../../lib/use-async';
import { getProduct } from './api';

export interface PriceSeries {
  retailerId: string;
  retailerName: string;
  points: Array<{ time: number; cents: number }>;
}

/** Line colours, each at least 3:1 against the chart's white (WCAG's contrast for graphics). */
const COLORS = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#a21caf', '#475569', '#c2410c'];
/** Past as many retailers as colours, the colours come round again dashed, then dotted. */
const DASHES = [undefined, '7 4', '2 3'];

/** How the line of the `index`th retailer (cheapest first) is drawn. */
export function lineStyle(index: number): { color: string; dash: string | undefined } {
  return { color: COLORS[index % COLORS.length] as string, dash: DASHES[Math.floor(index / COLORS.length) % DASHES.length] };
}

/**
 * One line per retailer (a merchant's store among them): its lowest total (price + shipping) across its offers over
 * time, oldest first, cheapest retailer first. A retailer may list the same item more than once; each offer's price
 * holds until its next change.
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
  // Cheapest retailers first: the legend reads as a ranking.
  return series.sort((a, b) => (a.points[a.points.length - 1]?.cents ?? 0) - (b.points[b.points.length - 1]?.cents ?? 0));
}

/**
 * Each series as it stands from `from` on: its price when the range begins (drawn from `from`), then its changes.
 * Every series stays, so the legend is the same whatever the range.
 */
export function seriesFrom(series: PriceSeries[], from: number): PriceSeries[] {
  return series.map((s) => {
    let before: PriceSeries['points'][number] | undefined;
    const after: PriceSeries['points'] = [];
    for (const point of s.points) {
      if (point.time <= from) before = point;
      else after.push(point);
    }
    return { ...s, points: before ? [{ time: from, cents: before.cents }, ...after] : after };
  });
}

/** Width drawn at until the chart's own width is measured. */
const WIDTH = 640;
/** One height for every range and every history: changing the range never moves the page. */
const HEIGHT = 220;
const PAD = { left: 84, right: 16, top: 12, bottom: 28 };
/** Pixels under which a retailer's line cannot be seen, and is drawn as a dot. */
const SHORTEST_LINE = 6;

/**
 * The chart's key: each retailer's line and its price now, and a note when no price has changed since tracking began
 * (`all`: the whole history, not only the range's).
 */
function ChartLegend({ series, all, currency }: { series: PriceSeries[]; all: PriceSeries[]; currency: string | null }) {
  const unchanged = all.every((s) => s.points.length <= 1);
  const first = all.flatMap((s) => s.points).reduce((min, p) => Math.min(min, p.time), Infinity);
  return (
    <figcaption className="ph-chart__legend">
      {series.map((s, index) => {
        const last = s.points[s.points.length - 1];
        return (
          <span key={s.retailerId} className="ph-chart__key">
            <svg className="ph-chart__swatch" viewBox="0 0 20 10" aria-hidden="true" focusable="false">
              <line x1="0" x2="20" y1="5" y2="5" stroke={lineStyle(index).color} strokeDasharray={lineStyle(index).dash} strokeWidth="3" />
            </svg>
            {s.retailerName}
            {last ? `: ${formatMoney(last.cents, currency)} now` : ''}
          </span>
        );
      })}
      {unchanged ? <span className="ph-chart__note">{`No retailer has changed its price since ${formatDate(first)}, when tracking began.`}</span> : null}
    </figcaption>
  );
}

/**
 * A small SVG line chart of every retailer's total price over time (each store that sold the product in the range),
 * from `from` (the range's start, or the first recorded price when later) to today. Says when no price has changed yet.
 */
export function PriceChart({ series: all, currency, now = Date.now(), from = -Infinity }: { series: PriceSeries[]; currency: string | null; now?: number; from?: number }) {
  // Drawn at the width it is shown at, so that its prices and dates keep their size on a phone.
  const [figureRef, width] = useElementWidth<HTMLElement>(WIDTH);
  const series = seriesFrom(all, from);
  const points = series.flatMap((s) => s.points);
  if (points.length === 0) return <p className="ph-muted">No price history recorded yet.</p>;
  const minTime = Math.min(...points.map((p) => p.time));
  const maxTime = Math.max(now, ...points.map((p) => p.time));
  const minCents = Math.min(...points.map((p) => p.cents));
  const maxCents = Math.max(...points.map((p) => p.cents));
  const spanTime = maxTime - minTime || 1;
  const flat = maxCents === minCents;
  const x = (time: number) => PAD.left + ((time - minTime) / spanTime) * (width - PAD.left - PAD.right);
  // One price: its line runs through the middle of the plot.
  const y = (cents: number) =>
    flat ? PAD.top + (HEIGHT - PAD.top - PAD.bottom) / 2 : PAD.top + (1 - (cents - minCents) / (maxCents - minCents)) * (HEIGHT - PAD.top - PAD.bottom);
  const summary = `Price history from ${formatDate(minTime)} to ${formatDate(maxTime)}: ${
    flat ? `${formatMoney(minCents, currency)} throughout` : `lowest ${formatMoney(minCents, currency)}, highest ${formatMoney(maxCents, currency)}`
  }.`;

  return (
    <figure className="ph-chart" ref={figureRef}>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={summary}>
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
        <text x={PAD.left} y={HEIGHT - 8} className="ph-chart__label" data-edge="start">
          {formatDate(minTime)}
        </text>
        <text x={width - PAD.right} y={HEIGHT - 8} textAnchor="end" className="ph-chart__label" data-edge="end">
          {maxTime === now ? 'Today' : formatDate(maxTime)}
        </text>
        {series.map((s, index) => {
          // A step line carried on to today: a price holds until the next change.
          const steps = s.points.flatMap((p, i) => {
            const next = s.points[i + 1];
            return [`${x(p.time)},${y(p.cents)}`, `${x(next ? next.time : maxTime)},${y(p.cents)}`];
          });
          const style = lineStyle(index);
          const first = s.points[0];
          const last = s.points[s.points.length - 1];
          // A store first priced at the chart's end (one just connected, say) has a line too short to see: a dot.
          if (first && last && x(maxTime) - x(first.time) < SHORTEST_LINE) {
            return <circle key={s.retailerId} cx={x(last.time)} cy={y(last.cents)} r="4" fill={style.color} data-retailer={s.retailerId} />;
          }
          return (
            <polyline
              key={s.retailerId}
              points={steps.join(' ')}
              fill="none"
              stroke={style.color}
              strokeDasharray={style.dash}
              strokeWidth="2.5"
              vectorEffect="non-scaling-stroke"
              data-retailer={s.retailerId}
            />
          );
        })}
      </svg>
      <ChartLegend series={series} all={all} currency={currency} />
    </figure>
  );
}

/** The range chosen last on this page: kept while the page lives, for every chart it shows. */
let chosenRange: PriceRange = 90;

const RANGE_LABEL: Record<PriceRange, string> = { 30: '30 days', 90: '90 days', 365: '365 days' };

/** The range buttons: one pressed at a time. */
export function RangeButtons({ value, onChange }: { value: PriceRange; onChange: (range: PriceRange) => void }) {
  return (
    <div className="ph-range-buttons" role="group" aria-label="Price history range">
      {PRICE_RANGES.map((days) => (
        <button key={days} type="button" className="ph-range-buttons__button" aria-pressed={value === days} onClick={() => onChange(days)}>
          {RANGE_LABEL[days]}
        </button>
      ))}
    </div>
  );
}

/**
 * The lowest, highest and typical best price of the range, and what "typical" means. Always the same shape (dashes,
 * and why, when the range has no best price: every offer out of stock, say), so the chart's panel keeps its height.
 */
export function PriceFigures({ summary, range, currency, now = Date.now() }: { summary: PriceRangeSummary | undefined; range: PriceRange; currency: string | null; now?: number }) {
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatMoney(cents, currency));
  const since = summary?.since;
  // The API's range began a moment before this page's: an hour apart is the range itself.
  const span = since && Date.parse(since) > now - range * DAY_MS + 3_600_000 ? `since ${formatDate(since)}` : `over the last ${range} days`;
  // One line whatever the range: the panel keeps its height (the chart's first date says when tracking began).
  const meaning = summary
    ? "Typical is the median of the product's best price of each day in the range; lowest and highest are that best price's extremes."
    : 'No best price in this range: a best price counts only offers in stock, new and sold alone, and none was.';
  return (
    <div className="ph-price-figures">
      <p className="ph-price-figures__caption" id="price-figures-caption">
        Best price {span}
      </p>
      <dl className="ph-price-figures__list" aria-labelledby="price-figures-caption">
        <div className="ph-price-figures__item">
          <dt>Lowest</dt>
          <dd>{money(summary?.lowCents)}</dd>
        </div>
        <div className="ph-price-figures__item">
          <dt>Highest</dt>
          <dd>{money(summary?.highCents)}</dd>
        </div>
        <div className="ph-price-figures__item">
          <dt>
            <span className="ph-price-figures__term" title={meaning} aria-describedby="price-figures-meaning">
              Typical
            </span>
          </dt>
          <dd>{money(summary?.typicalCents)}</dd>
        </div>
      </dl>
      <p id="price-figures-meaning" className="ph-price-figures__meaning">
        {meaning}
      </p>
    </div>
  );
}

/**
 * When the API made `detail`, as far as the answer tells: a range its history covers in full (its figures begin later
 * than a longer range's) begins exactly that many days before; else the newest price recorded (0 when there is none).
 * The server and the browser read the same time from the same answer, so the chart they draw first is the same.
 */
export function answerTime(detail: Pick<ProductDetailResponse, 'priceHistory' | 'priceSummaries'>): number {
  const summaries = [...detail.priceSummaries].sort((a, b) => a.days - b.days);
  for (const [index, summary] of summaries.entries()) {
    const since = Date.parse(summary.since);
    if (summaries.slice(index + 1).some((longer) => Date.parse(longer.since) < since)) return since + summary.days * DAY_MS;
  }
  return detail.priceHistory.reduce((newest, point) => Math.max(newest, Date.parse(point.recordedAt) || 0), 0);
}

/**
 * The price history panel of a product whose answer (GET /api/products/:id) is `detail`: its offers' prices over 30,
 * 90 or 365 days, with the best price's lowest, highest and typical figures of the range (computed by the API).
 * `now` is the chart's end: today, unless given.
 */
export function PriceHistoryPanel({ detail, now }: { detail: AsyncState<ProductDetailResponse> & { reload: () => void }; now?: number }) {
  const [range, setRange] = useState<PriceRange>(chosenRange);
  const choose = (next: PriceRange) => {
    chosenRange = next;
    setRange(next);
  };
  const at = now ?? Date.now();
  return (
    <section className="ph-panel ph-history-chart" aria-labelledby="price-history-heading">
      <div className="ph-history-chart__head">
        <h2 id="price-history-heading">Price history</h2>
        <RangeButtons value={range} onChange={choose} />
      </div>
      {detail.status === 'loading' ? (
        <div role="status" aria-label="Loading price history">
          <div className="ph-chart ph-chart--loading" />
          <div className="ph-price-figures ph-price-figures--loading" />
        </div>
      ) : null}
      {detail.status === 'error' ? (
        <p className="ph-muted">
          The price history could not be loaded.{' '}
          <button type="button" className="ph-text-button" onClick={detail.reload}>
            Try again
          </button>
        </p>
      ) : null}
      {detail.status === 'success' ? (
        <>
          <PriceChart
            currency={productCurrency(detail.data.product, detail.data.offers)}
            now={at}
            from={at - range * DAY_MS}
            series={toSeries(detail.data.priceHistory, Object.fromEntries(detail.data.offers.map((offer) => [offer.retailer.id, offer.retailer.name])))}
          />
          {detail.data.priceHistory.length > 0 ? (
            <PriceFigures summary={detail.data.priceSummaries.find((summary) => summary.days === range)} range={range} currency={productCurrency(detail.data.product, detail.data.offers)} now={at} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The price history panel of product `productId`, loading its answer (the `product-<id>` data of the page). */
export default function PriceHistory({ productId, now }: { productId: number; now?: number }) {
  const detail = useAsync(`product-${productId}`, (signal) => getProduct(productId, signal));
  return <PriceHistoryPanel detail={detail} now={now} />;
}
