import type { ImportRunDetailResponse } from '@pricehunt/contracts';
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
          <RunCard run={data.run} />
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

/** The run: its source, retailer, status, times and counts. */
function RunCard({ run }: { run: ImportRunDetailResponse['run'] }) {
  return (
    <Card title="Run">
      <dl className="adm-facts adm-facts--list">
        <div>
          <dt>Source</dt>
          <dd>{run.source}</dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{run.format}</dd>
        </div>
        <div>
          <dt>{run.retailerIds.length > 1 ? 'Retailers' : 'Retailer'}</dt>
          <dd>
            {run.retailerId ?? (run.retailerIds.length > 0 ? run.retailerIds.join(', ') : 'from each row')}
            {run.retailerId === null && run.retailerIds.length > 0 ? <span className="adm-muted"> (from each row’s link)</span> : null}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`adm-badge adm-badge--run-${run.status}`}>{STATUS_LABEL[run.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(run.startedAt)}</dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{formatDateTime(run.finishedAt)}</dd>
        </div>
      </dl>
      <dl className="adm-facts">
        {(
          [
            ['Rows', run.totalRows],
            ['New offers', run.inserted],
            ['Updated', run.updated],
            ['Unchanged', run.unchanged],
            ['Skipped', run.skipped],
            ['Products created', run.productsCreated],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {run.status === 'interrupted' ? (
        <p className="adm-run-note adm-run-note--wide">{interruptedNote(run)} The counts above are what it committed.</p>
      ) : null}
      {run.failure ? (
        <p role="alert" className="adm-error">
          The import failed: {run.failure}
        </p>
      ) : null}
    </Card>
  );
}
