import { isApiError } from '@pricehunt/api-client';
import { AVAILABILITIES, PRODUCT_SORTS, type MerchantProduct } from '@pricehunt/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ErrorText } from '../../lib/error-text';
import { formatMoney } from '../../lib/format';
import { useImportFeed, useProducts, useUpdateProduct } from '../dashboard/api/merchant-api';
import { DataTable } from '../dashboard/components/data-table';
import { PagedQuery } from '../dashboard/components/query-state';
import { useListParams } from '../dashboard/components/use-list-params';

const SORT_LABELS: Record<(typeof PRODUCT_SORTS)[number], string> = {
  title: 'Title',
  price: 'Price, low to high',
  '-price': 'Price, high to low',
  rank: 'Price rank',
  updated: 'Recently updated',
};
const AVAILABILITY_LABELS: Record<(typeof AVAILABILITIES)[number], string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  preorder: 'Preorder',
  backorder: 'Backorder',
  unknown: 'Unknown',
};

function EditRow({ product, onDone }: { product: MerchantProduct; onDone: () => void }) {
  const update = useUpdateProduct();
  const [price, setPrice] = useState((product.priceCents / 100).toFixed(2));
  const [availability, setAvailability] = useState(product.availability);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(price);
    if (!/^\d+(\.\d{1,2})?$/.test(price.trim()) || !Number.isFinite(value)) return setError('Enter a price such as 19.99');
    setError(null);
    update.mutate(
      { id: product.id, body: { priceCents: Math.round(value * 100), availability } },
      { onSuccess: onDone, onError: (e) => setError(isApiError(e) ? e.message : 'Could not save') },
    );
  };
  return (
    <form onSubmit={save} className="md-inline-form" aria-label={`Edit ${product.title}`}>
      <label htmlFor={`${id}-price`}>Price ({product.currency})</label>
      <input id={`${id}-price`} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} size={8} aria-invalid={error ? true : undefined} />
      <label htmlFor={`${id}-availability`}>Availability</label>
      <select id={`${id}-availability`} value={availability} onChange={(e) => setAvailability(e.target.value as MerchantProduct['availability'])}>
        {AVAILABILITIES.map((a) => (
          <option key={a} value={a}>
            {AVAILABILITY_LABELS[a]}
          </option>
        ))}
      </select>
      <button type="submit" className="md-button" disabled={update.isPending}>
        Save
      </button>
      <button type="button" className="md-button md-button--secondary" onClick={onDone}>
        Cancel
      </button>
      <ErrorText message={error} />
    </form>
  );
}

function FeedImport() {
  const importFeed = useImportFeed();
  const file = useRef<HTMLInputElement>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (chosen) importFeed.mutate(chosen);
  };
  const report = importFeed.data;
  return (
    <section className="md-panel" aria-labelledby={`${id}-feed`}>
      <h2 id={`${id}-feed`}>Import a Google Merchant Center feed</h2>
      <form onSubmit={submit} className="md-form-row">
        <div className="md-field">
          <label htmlFor={`${id}-file`}>Feed file (TSV or XML)</label>
          <input id={`${id}-file`} ref={file} type="file" accept=".tsv,.txt,.xml,.csv,text/tab-separated-values,application/xml,text/xml" />
        </div>
        <button type="submit" className="md-button" disabled={importFeed.isPending}>
          {importFeed.isPending ? 'Importing…' : 'Import feed'}
        </button>
      </form>
      {importFeed.error ? (
        <p role="alert" className="md-error">
          {isApiError(importFeed.error) ? importFeed.error.message : 'Import failed'}
        </p>
      ) : null}
      {report ? (
        <div role="status">
          <p className={report.status === 'succeeded' ? 'md-success' : 'md-error'}>
            {report.rows} rows: {report.inserted} new, {report.updated} updated, {report.unchanged} unchanged, {report.skipped} skipped.
            {report.failure ? ` ${report.failure}` : ''}
          </p>
          <LineIssues caption={`Rows that were not imported (${report.errorCount})`} issues={report.errors} />
          <LineIssues caption={`Values left out of imported rows (${report.warningCount})`} issues={report.warnings} />
        </div>
      ) : null}
    </section>
  );
}

/** The feed's lines an upload reported, with the field and what was wrong; nothing when there are none. */
function LineIssues({ caption, issues }: { caption: string; issues: ReadonlyArray<{ line: number; field: string; reason: string }> }) {
  if (issues.length === 0) return null;
  return (
    <DataTable caption={caption} showCaption columns={['Line', 'Field', 'Problem']}>
      {issues.map((issue, i) => (
        <tr key={i}>
          <td>{issue.line}</td>
          <td>{issue.field}</td>
          <td>{issue.reason}</td>
        </tr>
      ))}
    </DataTable>
  );
}

export default function ProductsPage() {
  const { params, q, page, search, setSearch, update, submitSearch } = useListParams();
  const sortParam = params.get('sort') as (typeof PRODUCT_SORTS)[number] | null;
  const sort = sortParam && PRODUCT_SORTS.includes(sortParam) ? sortParam : 'title';
  const [editing, setEditing] = useState<number | null>(null);
  const products = useProducts({ q: q || undefined, sort, page, pageSize: 25 });
  const id = useId();

  return (
    <div className="md-page">
      <header className="md-page__header">
        <h1>Products</h1>
      </header>
      <form className="md-toolbar" role="search" aria-label="Search products" onSubmit={submitSearch}>
        <label htmlFor={`${id}-q`}>Search products</label>
        <input id={`${id}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <button type="submit" className="md-button md-button--secondary">
          Search
        </button>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={sort} onChange={(e) => update({ sort: e.target.value, page: null })}>
          {PRODUCT_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </form>
      <PagedQuery query={products} noun={['product', 'products']} page={page} onPage={(next) => update({ page: String(next) })}>
        {(data) => (
          <DataTable
            caption="Your products"
            columns={['Product', 'Price', 'Availability', 'Price rank', 'Best other price, with shipping', <span key="actions" className="md-visually-hidden">Actions</span>]}
            isEmpty={data.items.length === 0}
            empty="No products yet. Connect your Shopify store on the Integrate page or import a feed below."
          >
            {data.items.map((p) =>
              editing === p.id ? (
                <tr key={p.id}>
                  <td colSpan={6}>
                    <strong>{p.title}</strong>
                    <EditRow product={p} onDone={() => setEditing(null)} />
                  </td>
                </tr>
              ) : (
                <tr key={p.id}>
                  <th scope="row" className="md-cell-wrap">
                    <a href={p.url} target="_blank" rel="noreferrer">
                      {p.title}
                    </a>
                    <div className="md-muted">ID {p.externalId}</div>
                    {p.held ? (
                      <div>
                        <span className="md-badge md-badge--held">{p.held === 'store' ? 'Hidden until your store domain is verified' : 'Held for a price review'}</span>
                      </div>
                    ) : null}
                  </th>
                  <td>{formatMoney(p.priceCents, p.currency)}</td>
                  <td>{AVAILABILITY_LABELS[p.availability]}</td>
                  <td>
                    {p.priceRank === null ? '—' : `#${p.priceRank} of ${p.competitorCount + 1}`}
                    {p.priceRank === 1 && p.competitorCount > 0 ? <span className="md-badge md-badge--conversion"> cheapest</span> : null}
                  </td>
                  <td>{p.bestCompetitorPriceCents === null ? 'No other retailer' : formatMoney(p.bestCompetitorPriceCents, p.currency)}</td>
                  <td>
                    <button type="button" className="md-button md-button--secondary" onClick={() => setEditing(p.id)} aria-label={`Edit ${p.title}`}>
                      Edit
                    </button>
                  </td>
                </tr>
              ),
            )}
          </DataTable>
        )}
      </PagedQuery>
      <FeedImport />
    </div>
  );
}
