import { BUSINESS_SORTS, type AdminBusiness, type BusinessListQuery } from '@pricehunt/contracts';
import { Button, Card, EmptyState, Pager } from '@pricehunt/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AdminBadge, QueryState, StatusBadge } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useBusinesses } from '../../lib/admin-api';
import { useAddressParams } from '../../lib/address-params';
import { formatCount, formatDate } from '../../lib/format';

const PAGE_SIZE = 20;
type Sort = (typeof BUSINESS_SORTS)[number];

const COLUMNS: Array<{ key: Sort | null; label: string }> = [
  { key: 'email', label: 'Email' },
  { key: 'storeDomain', label: 'Store' },
  { key: 'status', label: 'Status' },
  { key: null, label: 'Role' },
  { key: 'createdAt', label: 'Registered' },
];

const boolParam = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** The list's state lives in the URL, so a filtered, sorted page can be reloaded and shared. */
function useListQuery(): [BusinessListQuery, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useAddressParams({ replace: true });
  const sort = (BUSINESS_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : 'createdAt';
  const status = params.get('status');
  const query: BusinessListQuery = {
    q: params.get('q') || undefined,
    status: status === 'active' || status === 'suspended' ? status : undefined,
    admin: boolParam(params.get('admin')),
    hasStore: boolParam(params.get('hasStore')),
    sort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZE,
  };
  // Another filter or order starts at the first page.
  const update = (changes: Record<string, string | null>) => setParams({ page: null, ...changes });
  return [query, update];
}

/** /admin/business: find businesses by email, store or id; filter, sort and page through them. */
export default function BusinessListPage() {
  const [query, update] = useListQuery();
  const list = useBusinesses(query);
  useEffect(() => {
    document.title = 'Businesses · PriceHunt admin';
  }, []);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = query.page ?? 1;

  return (
    <div className="adm-page">
      <div className="adm-page__header">
        <h1>Businesses</h1>
      </div>
      <Card>
        <BusinessFilters query={query} update={update} />
      </Card>

      <QueryState isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} />
      {list.data ? (
        list.data.items.length === 0 ? (
          <EmptyState title="No businesses match" description="Change the search or the filters." />
        ) : (
          <Card>
            <p className="adm-muted" role="status">
              {formatCount(total)} business{total === 1 ? '' : 'es'}
              {query.q ? ` matching “${query.q}”` : ''}
            </p>
            <BusinessTable items={list.data.items} query={query} update={update} />
            <Pager className="adm-pager" page={page} pages={pages} onPage={(next) => update({ page: String(next) })} />
          </Card>
        )
      ) : null}
    </div>
  );
}

function Filter({ label, value, options, onChange }: { label: string; value: string; options: Array<[string, string]>; onChange(value: string): void }) {
  const id = `filter-${label.toLowerCase()}`;
  return (
    <div className="adm-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="ph-field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

type Update = (changes: Record<string, string | null>) => void;

/** The search box and the status, role and store filters. */
function BusinessFilters({ query, update }: { query: BusinessListQuery; update: Update }) {
  const [search, setSearch] = useState(query.q ?? '');
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || null });
  };
  return (
    <form role="search" className="adm-filters" onSubmit={onSearch}>
      <div className="adm-filters__search">
        <label htmlFor="business-search">Search businesses</label>
        <input
          id="business-search"
          type="search"
          className="ph-field__input"
          placeholder="Email, store domain or name"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </div>
      <Filter
        label="Status"
        value={query.status ?? ''}
        options={[
          ['', 'Any'],
          ['active', 'Active'],
          ['suspended', 'Suspended'],
        ]}
        onChange={(value) => update({ status: value || null })}
      />
      <Filter
        label="Admin"
        value={query.admin === undefined ? '' : String(query.admin)}
        options={[
          ['', 'Any'],
          ['true', 'Admins'],
          ['false', 'Not admins'],
        ]}
        onChange={(value) => update({ admin: value || null })}
      />
      <Filter
        label="Store"
        value={query.hasStore === undefined ? '' : String(query.hasStore)}
        options={[
          ['', 'Any'],
          ['true', 'Has a store'],
          ['false', 'No store'],
        ]}
        onChange={(value) => update({ hasStore: value || null })}
      />
    </form>
  );
}

/** One page of businesses, sorted by the column whose header was clicked. */
function BusinessTable({ items, query, update }: { items: AdminBusiness[]; query: BusinessListQuery; update: Update }) {
  const sortBy = (key: Sort) => update({ sort: key, order: query.sort === key && query.order === 'asc' ? 'desc' : 'asc' });
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <caption className="ph-visually-hidden">Businesses</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const active = column.key !== null && query.sort === column.key;
              return (
                <th key={column.label} scope="col" aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {column.key ? (
                    <button type="button" className="adm-sort" onClick={() => sortBy(column.key as Sort)}>
                      {column.label}
                      <span aria-hidden="true">{active ? (query.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.map((business) => (
            <tr key={business.id}>
              <td>
                <Link to={paths.business(business.id)}>{business.email}</Link>
              </td>
              <td>
                {business.storeDomain ?? <span className="adm-muted">—</span>}
                {business.storeDomain && !business.domainVerified ? <span className="adm-muted"> (not verified)</span> : null}
              </td>
              <td>
                <StatusBadge status={business.status} />
              </td>
              <td>{business.isAdmin ? <AdminBadge /> : <span className="adm-muted">Business</span>}</td>
              <td>{formatDate(business.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
