import { trendInterval } from '@pricehunt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useIntegration, useSummary } from '../dashboard/api/merchant-api';
import { LineChart } from '../dashboard/components/charts';
import { MetricCard } from '../dashboard/components/metric-card';
import { QueryState } from '../dashboard/components/query-state';
import { RangePicker } from '../dashboard/components/range-picker';
import { partialEnds, useRange } from '../dashboard/components/use-range';

export default function HomePage() {
  const [range, setRange, ready] = useRange();
  const summary = useSummary(range, ready);
  const integration = useIntegration();
  const data = summary.data;
  const setupNeeded = integration.data && (!integration.data.storeDomain || !integration.data.verified || !integration.data.lastSync);

  return (
    <div className="md-page">
      <header className="md-page__header">
        <h1>Home</h1>
        <RangePicker range={range} onChange={setRange} />
      </header>
      {setupNeeded ? (
        <div className="md-callout" role="note">
          <strong>Finish connecting your store.</strong> Verify your domain, add the tracking script and import your products.{' '}
          <Link to={paths.integrate}>Go to Integrate</Link>
        </div>
      ) : null}
      <QueryState isLoading={summary.isLoading || !ready} error={summary.error}>
        {data ? (
          <>
            <div className="md-metrics">
              <MetricCard label="Clicks" value={formatNumber(data.current.clicks)} change={data.change.clicks} />
              <MetricCard label="Referrals" value={formatNumber(data.current.referrals)} change={data.change.referrals} />
              <MetricCard label="Conversions" value={formatNumber(data.current.conversions)} change={data.change.conversions} />
              <MetricCard label="Revenue" value={formatMoney(data.current.revenueCents, data.currency)} change={data.change.revenueCents} />
              <MetricCard label="Conversion rate" value={formatPercent(data.current.conversionRate)} change={data.change.conversionRate} />
            </div>
            <p className="md-muted">
              Compared with {data.previousRange.from} – {data.previousRange.to}. Conversions and revenue count orders attributed to a PriceHunt referral.
            </p>
            <section className="md-panel" aria-labelledby="trend-heading">
              <h2 id="trend-heading">Trend</h2>
              <LineChart
                title="Clicks, referrals and conversions over the period"
                emptyMessage="No clicks, referrals or conversions in this period yet. They appear here as shoppers follow your offers from PriceHunt."
                labels={data.trend.map((p) => p.period)}
                {...partialEnds(range, trendInterval(range.from, range.to))}
                series={[
                  { name: 'Clicks', color: '#2563eb', values: data.trend.map((p) => p.clicks) },
                  { name: 'Referrals', color: '#0f766e', values: data.trend.map((p) => p.referrals) },
                  { name: 'Conversions', color: '#c2410c', values: data.trend.map((p) => p.conversions) },
                ]}
              />
            </section>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
