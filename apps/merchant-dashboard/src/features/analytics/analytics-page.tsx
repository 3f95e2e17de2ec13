import { BREAKDOWN_DIMENSIONS, type AnalyticsResponse, type BreakdownDimension, type Interval, type RangeQuery, weekInPeriod } from '@pricehunt/contracts';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { centsToUnits, downloadText, toCsv } from '../../lib/csv';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useAnalytics } from '../dashboard/api/merchant-api';
import { BarChart, LineChart } from '../dashboard/components/charts';
import { DataTable } from '../dashboard/components/data-table';
import { QueryState } from '../dashboard/components/query-state';
import { RangePicker } from '../dashboard/components/range-picker';
import { partialEnds, useRange, type PartialEnds } from '../dashboard/components/use-range';

const DIMENSION_LABELS: Record<BreakdownDimension, string> = {
  product: 'Product',
  retailer: 'Retailer where the click started',
  utm_source: 'UTM source',
  utm_campaign: 'UTM campaign',
};

/** The period, grouping and breakdown chosen (kept in the address) and the figures for them. */
function useAnalyticsView() {
  const [range, setRange, ready] = useRange();
  const [params, setParams] = useSearchParams();
  const interval: Interval = params.get('interval') === 'week' ? 'week' : 'day';
  const dimensionParam = params.get('dimension') as BreakdownDimension | null;
  const dimension: BreakdownDimension = dimensionParam && BREAKDOWN_DIMENSIONS.includes(dimensionParam) ? dimensionParam : 'product';
  const analytics = useAnalytics({ ...range, interval, dimension }, ready);
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set(key, value);
        return copy;
      },
      { replace: true },
    );
  return { range, setRange, ready, interval, dimension, analytics, setParam };
}

/**
 * The series as a CSV table: a row per day, or per week with the first and last day of the period it counts (a week the
 * period starts or ends inside counts only its days in the period).
 */
export function seriesCsv(data: AnalyticsResponse, range: RangeQuery, interval: Interval): string {
  const days = (period: string) => {
    if (interval === 'day') return [period];
    const counted = weekInPeriod(period, range);
    return [period, counted.from, counted.to];
  };
  return toCsv(
    [...(interval === 'day' ? ['day'] : ['week starting', 'first day counted', 'last day counted']), 'clicks', 'referrals', 'conversions', `revenue (${data.currency})`, 'conversion rate'],
    data.series.map((p) => [...days(p.period), p.clicks, p.referrals, p.conversions, centsToUnits(p.revenueCents), p.conversionRate]),
  );
}

/** Downloads the series and the breakdown shown, one CSV table after the other. */
function exportCsv(data: AnalyticsResponse, range: RangeQuery, interval: Interval, dimension: BreakdownDimension) {
  const series = seriesCsv(data, range, interval);
  const breakdown = toCsv(
    [DIMENSION_LABELS[dimension], 'clicks', 'referrals', 'conversions', `revenue (${data.currency})`, 'conversion rate'],
    data.breakdown.map((r) => [r.key, r.clicks, r.referrals, r.conversions, centsToUnits(r.revenueCents), r.conversionRate]),
  );
  downloadText(`pricehunt-analytics-${range.from}-${range.to}-${interval}-${dimension}.csv`, `${series}\r\n${breakdown}`);
}

export default function AnalyticsPage() {
  const { range, setRange, ready, interval, dimension, analytics, setParam } = useAnalyticsView();
  const data = analytics.data;
  const id = useId();
  return (
    <div className="md-page">
      <header className="md-page__header">
        <h1>Analytics</h1>
        <RangePicker range={range} onChange={setRange} />
      </header>
      <div className="md-toolbar">
        <label htmlFor={`${id}-interval`}>Group by</label>
        <select id={`${id}-interval`} value={interval} onChange={(e) => setParam('interval', e.target.value)}>
          <option value="day">Day</option>
          <option value="week">Week</option>
        </select>
        <label htmlFor={`${id}-dimension`}>Break down by</label>
        <select id={`${id}-dimension`} value={dimension} onChange={(e) => setParam('dimension', e.target.value)}>
          {BREAKDOWN_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {DIMENSION_LABELS[d]}
            </option>
          ))}
        </select>
        <button type="button" className="md-button md-button--secondary" onClick={() => data && exportCsv(data, range, interval, dimension)} disabled={!data}>
          Export CSV
        </button>
      </div>
      <QueryState isLoading={analytics.isLoading || !ready} error={analytics.error}>
        {data ? (
          <>
            <Totals data={data} />
            <OverTime id={`${id}-over-time`} data={data} interval={interval} partial={partialEnds(range, interval)} />
            <Breakdown id={`${id}-breakdown`} data={data} dimension={dimension} />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

function Totals({ data }: { data: AnalyticsResponse }) {
  return (
    <dl className="md-totals" aria-label="Totals">
      <div><dt>Clicks</dt><dd>{formatNumber(data.totals.clicks)}</dd></div>
      <div><dt>Referrals</dt><dd>{formatNumber(data.totals.referrals)}</dd></div>
      <div><dt>Conversions</dt><dd>{formatNumber(data.totals.conversions)}</dd></div>
      <div><dt>Revenue</dt><dd>{formatMoney(data.totals.revenueCents, data.currency)}</dd></div>
      <div><dt>Conversion rate</dt><dd>{formatPercent(data.totals.conversionRate)}</dd></div>
    </dl>
  );
}

/** Clicks, referrals and conversions, then revenue, per day or week. */
function OverTime({ id, data, interval, partial }: { id: string; data: AnalyticsResponse; interval: Interval; partial: PartialEnds }) {
  return (
    <section className="md-panel" aria-labelledby={id}>
      <h2 id={id}>Over time</h2>
      <LineChart
        title={`Clicks, referrals and conversions per ${interval}`}
        emptyMessage="No clicks, referrals or conversions in this period."
        labels={data.series.map((p) => p.period)}
        {...partial}
        series={[
          { name: 'Clicks', color: '#2563eb', values: data.series.map((p) => p.clicks) },
          { name: 'Referrals', color: '#0f766e', values: data.series.map((p) => p.referrals) },
          { name: 'Conversions', color: '#c2410c', values: data.series.map((p) => p.conversions) },
        ]}
      />
      <LineChart
        title={`Revenue per ${interval}`}
        emptyMessage="No attributed revenue in this period."
        labels={data.series.map((p) => p.period)}
        {...partial}
        series={[{ name: `Revenue (${data.currency})`, color: '#7c3aed', values: data.series.map((p) => p.revenueCents / 100) }]}
        height={160}
      />
    </section>
  );
}

/** The bars of a breakdown: the ten with the most clicks, most first (more referrals first among equals). */
export function mostClicked(rows: AnalyticsResponse['breakdown']): Array<{ label: string; value: number }> {
  return [...rows]
    .sort((a, b) => b.clicks - a.clicks || b.referrals - a.referrals)
    .slice(0, 10)
    .map((r) => ({ label: r.key, value: r.clicks }));
}

/** The figures by product, retailer or UTM value: the ten most clicked as bars, then all of them in a table. */
function Breakdown({ id, data, dimension }: { id: string; data: AnalyticsResponse; dimension: BreakdownDimension }) {
  return (
    <section className="md-panel" aria-labelledby={id}>
      <h2 id={id}>By {DIMENSION_LABELS[dimension].toLowerCase()}</h2>
      {data.breakdown.length === 0 ? (
        <p className="md-muted">No clicks, referrals or conversions in this period.</p>
      ) : (
        <>
          <BarChart title={`Clicks by ${DIMENSION_LABELS[dimension].toLowerCase()}, most first`} rows={mostClicked(data.breakdown)} />
          <DataTable
            caption={`Figures by ${DIMENSION_LABELS[dimension].toLowerCase()}`}
            columns={[DIMENSION_LABELS[dimension], 'Clicks', 'Referrals', 'Conversions', 'Revenue', 'Conversion rate']}
          >
            {data.breakdown.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.key}</th>
                <td>{formatNumber(r.clicks)}</td>
                <td>{formatNumber(r.referrals)}</td>
                <td>{formatNumber(r.conversions)}</td>
                <td>{formatMoney(r.revenueCents, data.currency)}</td>
                <td>{formatPercent(r.conversionRate)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
