import { ACTIVITY_TYPES, type ActivityType } from '@pricehunt/contracts';
import { useId } from 'react';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useActivity } from '../dashboard/api/merchant-api';
import { DataTable } from '../dashboard/components/data-table';
import { PagedQuery } from '../dashboard/components/query-state';
import { useListParams } from '../dashboard/components/use-list-params';

const TYPE_LABELS: Record<ActivityType, string> = { click: 'Clicks', referral: 'Referrals', conversion: 'Conversions', event: 'Store events' };
const PAGE_SIZE = 25;

export default function ActivityPage() {
  const { params, q, page, search, setSearch, update, submitSearch } = useListParams();
  const typeParam = params.get('type') as ActivityType | null;
  const type = typeParam && ACTIVITY_TYPES.includes(typeParam) ? typeParam : undefined;
  const activity = useActivity({ type, q: q || undefined, page, pageSize: PAGE_SIZE });
  const id = useId();

  return (
    <div className="md-page">
      <header className="md-page__header">
        <h1>Activity</h1>
      </header>
      <form className="md-toolbar" onSubmit={submitSearch} role="search" aria-label="Filter activity">
        <label htmlFor={`${id}-type`}>Type</label>
        <select id={`${id}-type`} value={type ?? ''} onChange={(e) => update({ type: e.target.value || null, page: null })}>
          <option value="">All activity</option>
          {ACTIVITY_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-q`}>Search</label>
        <input id={`${id}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Product, order, referral id, URL" />
        <button type="submit" className="md-button md-button--secondary">
          Filter
        </button>
      </form>
      <PagedQuery query={activity} noun={['item', 'items']} page={page} onPage={(next) => update({ page: String(next) })}>
        {(data) => (
          <DataTable
            caption="Activity"
            columns={['When', 'Type', 'What', 'Details', 'Value']}
            isEmpty={data.items.length === 0}
            empty="Nothing yet. Clicks, referrals and orders appear here as they happen."
          >
            {data.items.map((item) => (
              <tr key={item.id}>
                <td>{formatDateTime(item.at)}</td>
                <td>
                  <span className={`md-badge md-badge--${item.type}`}>{item.type}</span>
                </td>
                <td>{item.name}</td>
                <td className="md-cell-wrap">
                  {item.detail ?? ''}
                  {item.url ? <div className="md-muted md-url">{item.url}</div> : null}
                  {item.referralId ? <div className="md-muted">Referral {item.referralId}</div> : null}
                </td>
                <td>{item.valueCents !== null ? formatMoney(item.valueCents, item.currency ?? 'USD') : ''}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedQuery>
    </div>
  );
}
