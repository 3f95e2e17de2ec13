import { isApiError } from '@pricehunt/api-client';
import type { AdminRetailer, ImportJob } from '@pricehunt/contracts';
import { Button, Card, TextField } from '@pricehunt/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ProgressTrack } from '../../components/progress-track';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useImportFeed, useImportJob, useRetailers, useUpdateRetailer } from '../../lib/admin-api';
import { formatCount, formatDateTime } from '../../lib/format';
import { RowErrorsTable, RowWarningsTable } from './import-runs-table';
import { ImportsCard } from './imports-card';
import { MatchReportsCard } from './match-reports-card';
import { PriceReviewsCard } from './price-reviews-card';
import { SuspectProductsCard } from './suspect-products-card';
import { ProductsCard } from './products-card';
import { ReclusterCard } from './recluster-card';
import { CatalogNav } from './catalog-nav';
import { DataTable } from '../../components/data-table';

/** /admin/catalog: retailers, feed imports with their reports, match corrections and re-clustering. */
export default function CatalogPage() {
  useEffect(() => {
    document.title = 'Catalog · PriceHunt admin';
  }, []);
  // The product open in the Products card: picked there, or from a match report.
  const [product, setProduct] = useState<number | null>(null);
  const openProduct = (id: number) => {
    setProduct(id);
    document.getElementById('adm-products')?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <div className="adm-page">
      <CatalogNav />
      <div className="adm-page__header">
        <h1>Catalog</h1>
      </div>
      <RetailersCard />
      <div className="adm-grid adm-grid--2">
        <ImportCard />
        <ReclusterCard />
      </div>
      <MatchReportsCard onOpen={openProduct} />
      <PriceReviewsCard onOpen={openProduct} />
      <SuspectProductsCard onOpen={openProduct} />
      <ProductsCard selected={product} onSelect={setProduct} />
      <ImportsCard />
    </div>
  );
}

function RetailersCard() {
  const retailers = useRetailers();
  const [editing, setEditing] = useState<AdminRetailer | null>(null);
  return (
    <Card title="Retailers">
      <QueryState isLoading={retailers.isLoading} error={retailers.error} onRetry={() => void retailers.refetch()} />
      {retailers.data ? (
        retailers.data.items.length === 0 ? (
          <p className="adm-muted">No retailers yet: importing a feed adds its retailer.</p>
        ) : (
          <DataTable caption="Retailers" columns={['Name', 'Domains', 'Affiliate parameter', { label: 'Offers', numeric: true }, 'Last import']} actions>
            {retailers.data.items.map((retailer) => (
              <tr key={retailer.id}>
                <td>
                  {retailer.name} <span className="adm-muted">({retailer.id})</span>
                </td>
                <td>{retailer.domains.join(', ')}</td>
                <td>{retailer.affiliateParam ? <code>{retailer.affiliateParam}</code> : <span className="adm-muted">—</span>}</td>
                <td className="adm-num">{formatCount(retailer.offers)}</td>
                <td>{formatDateTime(retailer.lastImportAt)}</td>
                <td>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(retailer)} aria-label={`Edit ${retailer.name}`}>
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )
      ) : null}
      {editing ? <RetailerDialog retailer={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function RetailerDialog({ retailer, onClose }: { retailer: AdminRetailer; onClose(): void }) {
  const update = useUpdateRetailer();
  const [name, setName] = useState(retailer.name);
  const [domains, setDomains] = useState(retailer.domains.join(', '));
  const [affiliateParam, setAffiliateParam] = useState(retailer.affiliateParam ?? '');
  const error = update.error;
  /** The server's message for a field; `domains.2` counts as `domains`. */
  const fieldError = (field: string) =>
    isApiError(error) ? (error.fieldMessage(field) ?? error.details.find((detail) => detail.field.startsWith(`${field}.`))?.message) : undefined;
  const save = () =>
    update.mutate(
      {
        id: retailer.id,
        body: {
          name: name.trim(),
          domains: domains
            .split(/[\s,]+/)
            .map((d) => d.trim())
            .filter(Boolean),
          affiliateParam: affiliateParam.trim() === '' ? null : affiliateParam.trim(),
        },
      },
      { onSuccess: onClose },
    );
  return (
    <ConfirmDialog
      open
      title={`Edit ${retailer.name}`}
      confirmLabel="Save retailer"
      busy={update.isPending}
      error={error && !fieldError('name') && !fieldError('domains') && !fieldError('affiliateParam') ? error.message : null}
      onConfirm={save}
      onCancel={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={fieldError('name')} required />
        <TextField
          label="Domains"
          hint="Host names of the retailer's product pages, separated by commas"
          value={domains}
          onChange={(e) => setDomains(e.target.value)}
          error={fieldError('domains')}
        />
        <TextField
          label="Affiliate parameter"
          hint="Query parameter the retailer's affiliate programme reads, such as tag; empty for none"
          value={affiliateParam}
          onChange={(e) => setAffiliateParam(e.target.value)}
          error={fieldError('affiliateParam')}
        />
      </form>
    </ConfirmDialog>
  );
}

const NEW_RETAILER = '__new__';
const PER_ROW = '';

function ImportCard() {
  const retailers = useRetailers();
  const start = useImportFeed();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(jobId);
  const [retailer, setRetailer] = useState(PER_ROW);
  const [retailerName, setRetailerName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFileError(null);
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setFileError('Choose a feed file');
      return;
    }
    if (retailer === NEW_RETAILER && !retailerName.trim()) {
      setFileError('Name the new retailer');
      return;
    }
    start.mutate(
      {
        file,
        retailerId: retailer && retailer !== NEW_RETAILER ? retailer : undefined,
        retailerName: retailer === NEW_RETAILER ? retailerName.trim() : undefined,
      },
      { onSuccess: (answer) => setJobId(answer.job.id) },
    );
  };
  const running = start.isPending || (job.data !== undefined && job.data.state === 'importing');

  return (
    <Card title="Import a retailer feed">
      <form className="adm-form" onSubmit={onSubmit}>
        <p className="adm-muted">Google Merchant Center feeds: tab-separated (.tsv, .txt) or XML (.xml).</p>
        <div className="adm-filter">
          <label htmlFor="import-retailer">Retailer</label>
          <select id="import-retailer" className="ph-field__input" value={retailer} onChange={(e) => setRetailer(e.target.value)}>
            <option value={PER_ROW}>From each row&apos;s link</option>
            {retailers.data?.items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
            <option value={NEW_RETAILER}>New retailer…</option>
          </select>
        </div>
        {retailer === NEW_RETAILER ? <TextField label="New retailer name" value={retailerName} onChange={(e) => setRetailerName(e.target.value)} required /> : null}
        <div className="ph-field">
          <label className="ph-field__label" htmlFor="import-file">
            Feed file
          </label>
          <input id="import-file" ref={fileInput} type="file" accept=".tsv,.txt,.xml,text/tab-separated-values,text/plain,application/xml,text/xml" />
        </div>
        {fileError || start.error ? (
          <p role="alert" className="adm-error">
            {fileError ?? start.error?.message}
          </p>
        ) : null}
        <Button type="submit" loading={running} disabled={running}>
          Import feed
        </Button>
      </form>
      {job.data ? <ImportProgress job={job.data} /> : null}
    </Card>
  );
}

function ImportProgress({ job }: { job: ImportJob }) {
  const done = job.state === 'succeeded' || job.state === 'failed';
  return (
    <section className="adm-progress" aria-label="Import progress">
      <p>
        <strong>{job.fileName}</strong>: {done ? (job.state === 'succeeded' ? 'import finished' : 'import failed') : 'importing…'}
      </p>
      <ProgressTrack
        label="Rows imported"
        value={job.processedRows}
        max={job.totalRows}
        valueText={`${job.processedRows} of ${job.totalRows} rows`}
        failed={job.state === 'failed'}
      />
      <p role="status" className="adm-muted">
        {formatCount(job.processedRows)} of {formatCount(job.totalRows)} rows · {formatCount(job.inserted)} new · {formatCount(job.updated)} updated ·{' '}
        {formatCount(job.unchanged)} unchanged · {formatCount(job.skipped)} skipped
        {done ? ` · ${formatCount(job.productsCreated)} products created` : ''}
      </p>
      {job.failure ? (
        <p role="alert" className="adm-error">
          {job.failure}
        </p>
      ) : null}
      {done ? (
        <>
          <h3>Row report</h3>
          <RowErrorsTable errors={job.errors} total={job.errorCount} />
          <RowWarningsTable warnings={job.warnings} total={job.warningCount} />
          {job.runId ? <Link to={paths.importRun(job.runId)}>Open the saved report</Link> : null}
        </>
      ) : null}
    </section>
  );
}
