import { Card } from '@pricehunt/ui';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useImportRun } from '../../lib/admin-api';
import { formatCount, formatDateTime } from '../../lib/format';
import { interruptedNote, RowErrorsTable, RowWarningsTable, STATUS_LABEL } from './import-runs-table';

/** /admin/catalog/imports/:id: one import run with its counts and per-row report. */
export default function ImportRunPage() {
  const { id = '' } = useParams();
  const run = useImportRun(id);
  useEffect(() => {
    document.title = 'Import report · PriceHunt admin';
  }, []);
  const data = run.data;
  return (
    <div className="adm-page">
      <nav aria-label="Breadcrumb" className="adm-breadcrumb">
        <Link to={paths.catalog}>Catalog</Link> <span aria-hidden="true">/</span>
      </nav>
      <div className="adm-page__header">
        <h1>Import report</h1>
      </div>
      <QueryState isLoading={run.isLoading} error={run.error} onRetry={() => void run.refetch()} />
      {data ? (
        <>
          <Card title="Run">
            <dl className="adm-facts adm-facts--list">
              <div>
                <dt>Source</dt>
                <dd>{data.run.source}</dd>
              </div>
              <div>
                <dt>Format</dt>
                <dd>{data.run.format}</dd>
              </div>
              <div>
                <dt>{data.run.retailerIds.length > 1 ? 'Retailers' : 'Retailer'}</dt>
                <dd>
                  {data.run.retailerId ?? (data.run.retailerIds.length > 0 ? data.run.retailerIds.join(', ') : 'from each row')}
                  {data.run.retailerId === null && data.run.retailerIds.length > 0 ? <span className="adm-muted"> (from each row’s link)</span> : null}
                </dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  <span className={`adm-badge adm-badge--run-${data.run.status}`}>{STATUS_LABEL[data.run.status]}</span>
                </dd>
              </div>
              <div>
                <dt>Started</dt>
                <dd>{formatDateTime(data.run.startedAt)}</dd>
              </div>
              <div>
                <dt>Finished</dt>
                <dd>{formatDateTime(data.run.finishedAt)}</dd>
              </div>
            </dl>
            <dl className="adm-facts">
              {(
                [
                  ['Rows', data.run.totalRows],
                  ['New offers', data.run.inserted],
                  ['Updated', data.run.updated],
                  ['Unchanged', data.run.unchanged],
                  ['Skipped', data.run.skipped],
                  ['Products created', data.run.productsCreated],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{formatCount(value)}</dd>
                </div>
              ))}
            </dl>
            {data.run.status === 'interrupted' ? (
              <p className="adm-run-note adm-run-note--wide">{interruptedNote(data.run)} The counts above are what it committed.</p>
            ) : null}
            {data.run.failure ? (
              <p role="alert" className="adm-error">
                The import failed: {data.run.failure}
              </p>
            ) : null}
          </Card>
          <Card title="Row report">
            {data.run.status === 'interrupted' && data.run.skipped > 0 && data.errors.length === 0 ? (
              <p className="adm-muted">
                {formatCount(data.run.skipped)} row{data.run.skipped === 1 ? ' was' : 's were'} skipped; the process stopped before it wrote their errors.
              </p>
            ) : (
              <RowErrorsTable errors={data.errors} total={data.run.errorCount} />
            )}
            <RowWarningsTable warnings={data.warnings} total={data.run.warningCount} />
          </Card>
        </>
      ) : null}
    </div>
  );
}
