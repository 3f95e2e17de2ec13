import type { AttributionResponse, AttributionRow, RangeQuery } from '@pricehunt/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { centsToUnits, downloadText, toCsv } from '../../lib/csv';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useAttribution } from '../dashboard/api/merchant-api';
import { BarChart, LineChart } from '../dashboard/components/charts';
import { DataTable } from '../dashboard/components/data-table';
import { QueryState } from '../dashboard/components/query-state';
import { RangePicker } from '../dashboard/components/range-picker';
import { partialEnds, useRange } from '../dashboard/components/use-range';

function RowsTable({ caption, keyLabel, rows, currency }: { caption: string; keyLabel: string; rows: AttributionRow[]; currency: string }) {
  return (
    <DataTable caption={caption} columns={[keyLabel, 'Attributed orders', 'Attributed revenue']} isEmpty={rows.length === 0} empty="No attributed orders.">
      {rows.map((r) => (
        <tr key={r.key}>
          <th scope="row">{r.key}</th>
          <td>{formatNumber(r.orders)}</td>
          <td>{formatMoney(r.revenueCents, currency)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included), so days without orders show as zero on the chart. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && days.length < 1000; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export default function AttributionPage() {
  const [range, setRange, ready] = useRange();
  const attribution = useAttribution(range, ready);
  const data = attribution.data;
  const id = useId();
  return (
    <div className="md-page">
      <header className="md-page__header">
        <h1>Attribution</h1>
        <RangePicker range={range} onChange={setRange} />
      </header>
      <QueryState isLoading={attribution.isLoading || !ready} error={attribution.error}>
        {data ? (
          <>
            <p className="md-muted">
              An order is attributed to PriceHunt when the shopper arrived through a PriceHunt referral at most {data.windowDays} days before ordering (last
              click wins). Change the window in <Link to={paths.settings}>Settings</Link>.
            </p>
            <dl className="md-totals" aria-label="Attribution totals">
              <div><dt>Attributed orders</dt><dd>{formatNumber(data.attributedOrders)}</dd></div>
              <div><dt>Attributed revenue</dt><dd>{formatMoney(data.attributedRevenueCents, data.currency)}</dd></div>
              <div><dt>Orders reported by your store</dt><dd>{formatNumber(data.reportedOrders)}</dd></div>
              <div><dt>Revenue reported</dt><dd>{formatMoney(data.reportedRevenueCents, data.currency)}</dd></div>
            </dl>
            <RevenuePerDay id={`${id}-day`} data={data} range={range} />
            <div className="md-grid-2">
              <section className="md-panel" aria-labelledby={`${id}-product`}>
                <h2 id={`${id}-product`}>By product</h2>
                <BarChart title="Attributed revenue by product" rows={data.byProduct.slice(0, 8).map((r) => ({ label: r.key, value: r.revenueCents / 100 }))} formatValue={(v) => formatMoney(Math.round(v * 100), data.currency)} />
                <RowsTable caption="By product" keyLabel="Product" rows={data.byProduct} currency={data.currency} />
              </section>
              <section className="md-panel" aria-labelledby={`${id}-campaign`}>
                <h2 id={`${id}-campaign`}>By campaign</h2>
                <RowsTable caption="By campaign" keyLabel="Campaign" rows={data.byCampaign} currency={data.currency} />
              </section>
            </div>
            <AttributedOrders id={`${id}-orders`} data={data} range={range} />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

/** Attributed revenue on every day of the period (zero on days without orders), then the days with orders. */
function RevenuePerDay({ id, data, range }: { id: string; data: AttributionResponse; range: RangeQuery }) {
  const revenueByDay = new Map(data.byDay.map((r) => [r.key, r.revenueCents / 100]));
  const chartDays = daysOf(range.from, range.to);
  return (
    <section className="md-panel" aria-labelledby={id}>
      <h2 id={id}>Attributed revenue per day</h2>
      <LineChart
        title="Attributed revenue per day"
        labels={chartDays}
        {...partialEnds(range, 'day')}
        series={[{ name: `Revenue (${data.currency})`, color: '#7c3aed', values: chartDays.map((day) => revenueByDay.get(day) ?? 0) }]}
        height={160}
        emptyMessage="No attributed revenue in this period."
      />
      <RowsTable caption="By day" keyLabel="Day" rows={data.byDay} currency={data.currency} />
    </section>
  );
}

/** Downloads the period's attributed orders with their referrals. */
function exportCsv(data: AttributionResponse, range: RangeQuery) {
  downloadText(
    `pricehunt-attribution-${range.from}-${range.to}.csv`,
    toCsv(
      ['order id', 'ordered at', `value`, 'currency', 'referral id', 'referred at', 'product', 'utm campaign', 'utm source'],
      data.orders.map((o) => [o.orderId, o.at, centsToUnits(o.valueCents), o.currency, o.referralId, o.referredAt, o.productName, o.utmCampaign, o.utmSource]),
    ),
  );
}

/** The period's attributed orders, and their CSV export. */
function AttributedOrders({ id, data, range }: { id: string; data: AttributionResponse; range: RangeQuery }) {
  return (
    <section className="md-panel" aria-labelledby={id}>
      <div className="md-panel__header">
        <h2 id={id}>Attributed orders</h2>
        <button type="button" className="md-button md-button--secondary" onClick={() => exportCsv(data, range)}>
          Export CSV
        </button>
      </div>
      <DataTable
        caption="Attributed orders"
        columns={['Order', 'Ordered', 'Value', 'Product', 'Campaign', 'Referred']}
        isEmpty={data.orders.length === 0}
        empty="No attributed orders in this period."
      >
        {data.orders.map((o) => (
          <tr key={o.orderId}>
            <th scope="row">{o.orderId}</th>
            <td>{formatDateTime(o.at)}</td>
            <td>{formatMoney(o.valueCents, o.currency)}</td>
            <td>{o.productName ?? '—'}</td>
            <td>{o.utmCampaign ?? '—'}</td>
            <td>{formatDateTime(o.referredAt)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
