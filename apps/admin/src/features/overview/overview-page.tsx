import type { ActivityFigures, OverviewResponse } from '@pricehunt/contracts';
import { Card } from '@pricehunt/ui';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { BarChart, chartColors, HorizontalBars, StackedBar } from '../../components/charts';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useOverview } from '../../lib/admin-api';
import { formatBytes, formatCount, formatDateTime, formatMoney } from '../../lib/format';
import { ImportRunsTable } from '../catalog/import-runs-table';
import { runsHeld, runsOfStatus } from '../catalog/imports-card';

const PERIODS: Array<{ key: keyof OverviewResponse['activity']; label: string }> = [
  { key: 'today', label: 'Today' },
  { key: 'last7Days', label: '7 days' },
  { key: 'last30Days', label: '30 days' },
];

const FIGURES: Array<{ key: keyof ActivityFigures; label: string; money?: boolean }> = [
  { key: 'searches', label: 'Searches' },
  { key: 'clicks', label: 'Clicks' },
  { key: 'referrals', label: 'Referrals' },
  { key: 'conversions', label: 'Conversions' },
  { key: 'revenueCents', label: 'Revenue (USD)', money: true },
];

/** Links to the import runs: the failed and the interrupted ones when there are any, then all of them. */
function ImportLinks({ problems }: { problems: OverviewResponse['importProblems'] }) {
  return (
    <span className="adm-links">
      {problems.failed > 0 ? <Link to={runsOfStatus('failed')}>{runsHeld(problems.failed, 'failed', undefined)}</Link> : null}
      {problems.interrupted > 0 ? <Link to={runsOfStatus('interrupted')}>{runsHeld(problems.interrupted, 'interrupted', undefined)}</Link> : null}
      <Link to={paths.catalog}>All imports</Link>
    </span>
  );
}

/** /admin: how the service is doing — accounts, traffic, money, catalog, imports, storage. */
export default function OverviewPage() {
  const overview = useOverview();
  useEffect(() => {
    document.title = 'Overview · PriceHunt admin';
  }, []);
  const data = overview.data;
  return (
    <div className="adm-page">
      <div className="adm-page__header">
        <h1>Overview</h1>
        {data ? (
          <p className="adm-muted">
            Figures as of {formatDateTime(data.generatedAt)}; days are UTC. Conversions and revenue count the orders a PriceHunt referral earned, as merchants&rsquo; dashboards do.
          </p>
        ) : null}
      </div>
      <QueryState isLoading={overview.isLoading} error={overview.error} onRetry={() => void overview.refetch()} />
      {data ? <OverviewBody data={data} /> : null}
    </div>
  );
}

function OverviewBody({ data }: { data: OverviewResponse }) {
  return (
    <>
      <KeyFigures data={data} />

      <TrafficCharts data={data} />

      <ActivityCard data={data} />

      <BusinessesAndCatalog data={data} />

      <Card title="Last imports" actions={<ImportLinks problems={data.importProblems} />}>
        <ImportRunsTable runs={data.imports} />
      </Card>

      <Card title="Database">
        <p>
          <strong>{formatBytes(data.database.bytes)}</strong> in the database file, <strong>{formatBytes(data.database.walBytes)}</strong> in the write-ahead log.
        </p>
        <HorizontalBars
          title="Rows per table"
          items={data.database.tables.map((table) => ({ label: table.name, value: table.rows }))}
          formatValue={formatCount}
          color={chartColors[5]}
        />
      </Card>
    </>
  );
}

/** The headline figures: accounts, today's traffic, 30 days of revenue, catalog and database size. */
function KeyFigures({ data }: { data: OverviewResponse }) {
  return (
    <section aria-label="Key figures" className="adm-kpis">
      <Kpi label="Businesses" value={formatCount(data.businesses.total)} note={`${formatCount(data.businesses.newLast30Days)} new in 30 days`} />
      <Kpi label="Searches today" value={formatCount(data.activity.today.searches)} note={`${formatCount(data.activity.last7Days.searches)} in 7 days`} />
      <Kpi label="Clicks today" value={formatCount(data.activity.today.clicks)} note={`${formatCount(data.activity.last7Days.clicks)} in 7 days`} />
      <Kpi label="Revenue, 30 days" value={formatMoney(data.activity.last30Days.revenueCents)} note={`${formatCount(data.activity.last30Days.conversions)} conversions`} />
      <Kpi label="Offers in catalog" value={formatCount(data.catalog.offers)} note={`${formatCount(data.catalog.products)} products`} />
      <Kpi label="Database" value={formatBytes(data.database.bytes)} note={`WAL ${formatBytes(data.database.walBytes)}`} />
    </section>
  );
}

/** Searches, clicks, referrals and conversions per day over the last 30 days. */
function TrafficCharts({ data }: { data: OverviewResponse }) {
  const labels = data.daily.map((day) => day.date);
  return (
    <div className="adm-grid adm-grid--2">
      <Card title="Traffic, last 30 days">
        <BarChart
          title="Searches and clicks per day, last 30 days"
          labels={labels}
          series={[
            { name: 'Searches', values: data.daily.map((d) => d.searches), color: chartColors[0] },
            { name: 'Clicks', values: data.daily.map((d) => d.clicks), color: chartColors[1] },
          ]}
        />
      </Card>
      <Card title="Referrals and conversions, last 30 days">
        <BarChart
          title="Referrals and conversions per day, last 30 days"
          labels={labels}
          series={[
            { name: 'Referrals', values: data.daily.map((d) => d.referrals), color: chartColors[2] },
            { name: 'Conversions', values: data.daily.map((d) => d.conversions), color: chartColors[3] },
          ]}
        />
      </Card>
    </div>
  );
}

/** Each activity figure today, over 7 days and over 30 days. */
function ActivityCard({ data }: { data: OverviewResponse }) {
  return (
    <Card title="Activity">
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--numbers">
          <caption className="ph-visually-hidden">Searches, clicks, referrals, conversions and revenue today, over 7 days and over 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              {PERIODS.map((period) => (
                <th key={period.key} scope="col">
                  {period.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FIGURES.map((figure) => (
              <tr key={figure.key}>
                <th scope="row">{figure.label}</th>
                {PERIODS.map((period) => {
                  const value = data.activity[period.key][figure.key];
                  return <td key={period.key}>{figure.money ? formatMoney(value) : formatCount(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Businesses by status beside the catalog's offers per retailer. */
function BusinessesAndCatalog({ data }: { data: OverviewResponse }) {
  return (
    <div className="adm-grid adm-grid--2">
      <Card title="Businesses by status" actions={<Link to={paths.businesses}>Manage businesses</Link>}>
        <StackedBar
          title="Businesses by status"
          parts={[
            { name: 'Active', value: data.businesses.active, color: chartColors[2] },
            { name: 'Suspended', value: data.businesses.suspended, color: chartColors[4] },
          ]}
        />
        <dl className="adm-facts">
          <div>
            <dt>Admins</dt>
            <dd>{formatCount(data.businesses.admins)}</dd>
          </div>
          <div>
            <dt>With a store</dt>
            <dd>{formatCount(data.businesses.withStore)}</dd>
          </div>
          <div>
            <dt>New, 30 days</dt>
            <dd>{formatCount(data.businesses.newLast30Days)}</dd>
          </div>
        </dl>
      </Card>
      <Card title="Catalog by retailer" actions={<Link to={paths.catalog}>Manage catalog</Link>}>
        {data.catalog.retailers.length === 0 ? (
          <p className="adm-muted">The catalog is empty. Import a retailer feed from the catalog page.</p>
        ) : (
          <HorizontalBars title="Offers per retailer" items={data.catalog.retailers.map((r) => ({ label: r.name, value: r.offers }))} formatValue={formatCount} />
        )}
      </Card>
    </div>
  );
}

function Kpi({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="adm-kpi">
      <span className="adm-kpi__label">{label}</span>
      <span className="adm-kpi__value">{value}</span>
      {note ? <span className="adm-kpi__note">{note}</span> : null}
    </div>
  );
}
