import { Pager } from '@pricehunt/ui';
import { ACTIVITY_TYPES, type ActivityType } from '@pricehunt/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useActivity } from '../dashboard/api/merchant-api';
import { QueryState } from '../dashboard/components/query-state';

const TYPE_LABELS: Record<ActivityType, string> = { click: 'Clicks', referral: 'Referrals', conversion: 'Conversions', event: 'Store events' };
const PAGE_SIZE = 25;

export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type') as ActivityType | null;
  const type = typeParam && ACTIVITY_TYPES.includes(typeParam) ? typeParam : undefined;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const activity = useActivity({ type, q: q || undefined, page, pageSize: PAGE_SIZE });
  const id = useId();
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') copy.delete(key);
        else copy.set(key, value);
      }
      return copy;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim(), page: null });
  };
  const data = activity.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="md-page">
      <header className="md-page__header">
        <h1>Activity</h1>
      </header>
      <form className="md-toolbar" onSubmit={submit} role="search" aria-label="Filter activity">
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
      <QueryState isLoading={activity.isLoading} error={activity.error}>
        {data ? (
          <>
            <p className="md-muted" aria-live="polite">
              {data.total} {data.total === 1 ? 'item' : 'items'}
            </p>
            <div className="md-table-scroll">
              <table className="md-table">
                <caption className="md-visually-hidden">Activity</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Type</th>
                    <th scope="col">What</th>
                    <th scope="col">Details</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="md-muted">
                        Nothing yet. Clicks, referrals and orders appear here as they happen.
                      </td>
                    </tr>
                  ) : (
                    data.items.map((item) => (
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
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <Pager className="md-pagination" page={page} pages={pages} onPage={(next) => update({ page: String(next) })} />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
