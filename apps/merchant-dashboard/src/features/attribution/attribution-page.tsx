import type { AttributionResponse, AttributionRow } from '@pricehunt/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { centsToUnits, downloadText, toCsv } from '../../lib/csv';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useAttribution } from '../dashboard/api/merchant-api';
import { BarChart, LineChart } from '../dashboard/components/charts';
import { QueryState } from '../dashboard/components/query-state';
import { RangePicker } from '../dashboard/components/range-picker';
import { useRange } from '../dashboard/components/use-range';

function RowsTable({ caption, keyLabel, rows, currency }: { caption: string; keyLabel: string; rows: AttributionRow[]; currency: string }) {
  return (
    <div className="md-table-scroll">
      <table className="md-table">
        <caption className="md-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col">Attributed orders</th>
            <th scope="col">Attributed revenue</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3} className="md-muted">
                No attributed orders.
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.key}</th>
                <td>{formatNumber(r.orders)}</td>
                <td>{formatMoney(r.revenueCents, currency)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
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
  const revenueByDay = new Map(data?.byDay.map((r) => [r.key, r.revenueCents / 100]) ?? []);
  const chartDays = daysOf(range.from, range.to);

  const exportCsv = () => {
    if (!data) return;
    downloadText(
      `pricehunt-attribution-${range.from}-${range.to}.csv`,
      toCsv(
        ['order id', 'ordered at', `value`, 'currency', 'referral id', 'referred at', 'product', 'utm campaign', 'utm source'],
        data.orders.map((o) => [o.orderId, o.at, centsToUnits(o.valueCents), o.currency, o.referralId, o.referredAt, o.productName, o.utmCampaign, o.utmSource]),
      ),
    );
  };

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
            <section className="md-panel" aria-labelledby={`${id}-day`}>
              <h2 id={`${id}-day`}>Attributed revenue per day</h2>
              <LineChart
                title="Attributed revenue per day"
                labels={chartDays}
                series={[{ name: `Revenue (${data.currency})`, color: '#7c3aed', values: chartDays.map((day) => revenueByDay.get(day) ?? 0) }]}
                height={160}
                emptyMessage="No attributed revenue in this period."
              />
              <RowsTable caption="By day" keyLabel="Day" rows={data.byDay} currency={data.currency} />
            </section>
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
            <section className="md-panel" aria-labelledby={`${id}-orders`}>
              <div className="md-panel__header">
                <h2 id={`${id}-orders`}>Attributed orders</h2>
                <button type="button" className="md-button md-button--secondary" onClick={exportCsv}>
                  Export CSV
                </button>
              </div>
              <OrdersTable orders={data.orders} />
            </section>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

/** The attributed orders of the period, each with its value, product, campaign and referral time. */
function OrdersTable({ orders }: { orders: AttributionResponse['orders'] }) {
  return (
    <div className="md-table-scroll">
      <table className="md-table">
        <caption className="md-visually-hidden">Attributed orders</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Ordered</th>
            <th scope="col">Value</th>
            <th scope="col">Product</th>
            <th scope="col">Campaign</th>
            <th scope="col">Referred</th>
          </tr>
        </thead>
        <tbody>
          {orders.length === 0 ? (
            <tr>
              <td colSpan={6} className="md-muted">
                No attributed orders in this period.
              </td>
            </tr>
          ) : (
            orders.map((o) => (
              <tr key={o.orderId}>
                <th scope="row">{o.orderId}</th>
                <td>{formatDateTime(o.at)}</td>
                <td>{formatMoney(o.valueCents, o.currency)}</td>
                <td>{o.productName ?? '—'}</td>
                <td>{o.utmCampaign ?? '—'}</td>
                <td>{formatDateTime(o.referredAt)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
