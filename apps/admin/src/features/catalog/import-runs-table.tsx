import type { ImportRun } from '@pricehunt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatCount, formatDateTime } from '../../lib/format';
import { DataTable } from '../../components/data-table';

export const STATUS_LABEL: Record<ImportRun['status'], string> = { running: 'Running', succeeded: 'Succeeded', failed: 'Failed', interrupted: 'Interrupted' };

/** What an interrupted run means: its process stopped before the end, and what it committed is live. */
export function interruptedNote(run: Pick<ImportRun, 'inserted' | 'updated'>): string {
  const changed = run.inserted + run.updated;
  return (
    'The import process stopped before the end of its feed (it was killed or its machine went down). ' +
    `The ${formatCount(changed)} offer${changed === 1 ? '' : 's'} it had committed ${changed === 1 ? 'is' : 'are'} live in the catalog; the rest of the feed was not imported.`
  );
}

/**
 * The retailers of a run in a table cell: its one retailer, or those of its rows' links (the first two and how many
 * more). A run still going (or one from before runs kept their retailers) is "from each row".
 */
export function runRetailers(run: Pick<ImportRun, 'retailerId' | 'retailerIds'>): string {
  if (run.retailerId) return run.retailerId;
  const ids = run.retailerIds;
  if (ids.length === 0) return 'from each row';
  return ids.length <= 3 ? ids.join(', ') : `${ids.slice(0, 2).join(', ')} +${ids.length - 2} more`;
}

/** Import runs, newest first, each linking to its per-row report. */
export function ImportRunsTable({ runs }: { runs: ImportRun[] }) {
  if (runs.length === 0) return <p className="adm-muted">No imports yet.</p>;
  return (
    <DataTable
      caption="Import runs, newest first"
      columns={[
        'Started',
        'Source',
        'Retailer',
        'Status',
        { label: 'Rows', numeric: true },
        { label: 'New', numeric: true },
        { label: 'Updated', numeric: true },
        { label: 'Row errors', numeric: true },
        'Report',
      ]}
    >
      {runs.map((run) => (
        <tr key={run.id}>
          <td>{formatDateTime(run.startedAt)}</td>
          <td className="adm-truncate" title={run.source}>
            {run.format} · {run.source}
          </td>
          <td>{runRetailers(run)}</td>
          <td>
            <span className={`adm-badge adm-badge--run-${run.status}`}>{STATUS_LABEL[run.status]}</span>
            {run.status === 'interrupted' ? <p className="adm-run-note">{interruptedNote(run)}</p> : null}
            {run.status === 'failed' && run.failure ? <p className="adm-run-note adm-run-note--failed">{run.failure}</p> : null}
          </td>
          <td className="adm-num">{formatCount(run.totalRows)}</td>
          <td className="adm-num">{formatCount(run.inserted)}</td>
          <td className="adm-num">{formatCount(run.updated)}</td>
          <td className="adm-num">{formatCount(run.errorCount)}</td>
          <td>
            <Link to={paths.importRun(run.id)} aria-label={`View report of the import started ${formatDateTime(run.startedAt)}`}>
              View report
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The per-row report: line, field and reason of each rejected row. */
export function RowErrorsTable({ errors, total }: { errors: Array<{ line: number; field: string; reason: string }>; total: number }) {
  if (total === 0) return <p className="adm-muted">Every row was accepted.</p>;
  return (
    <>
      <p>
        {formatCount(total)} row error{total === 1 ? '' : 's'}
        {errors.length < total ? ` (the first ${formatCount(errors.length)} are listed)` : ''}.
      </p>
      <DataTable caption="Rejected rows" columns={[{ label: 'Line', numeric: true }, 'Field', 'Reason']} tall>
        {errors.map((error, index) => (
          <tr key={`${error.line}-${error.field}-${index}`}>
            <td className="adm-num">{error.line}</td>
            <td>
              <code>{error.field}</code>
            </td>
            <td>{error.reason}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

/** What good rows were imported without (a GTIN that is none, an image path), one line per value left out. */
export function RowWarningsTable({ warnings, total }: { warnings: Array<{ line: number; field: string; reason: string }>; total: number }) {
  if (total === 0) return null;
  return (
    <>
      <p>
        {formatCount(total)} value{total === 1 ? ' was' : 's were'} left out of imported rows
        {warnings.length < total ? ` (the first ${formatCount(warnings.length)} are listed)` : ''}.
      </p>
      <DataTable caption="Values left out (the row was imported)" columns={[{ label: 'Line', numeric: true }, 'Field', 'Reason']} tall>
        {warnings.map((warning, index) => (
          <tr key={`${warning.line}-${warning.field}-${index}`}>
            <td className="adm-num">{warning.line}</td>
            <td>
              <code>{warning.field}</code>
            </td>
            <td>{warning.reason}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
