import type { AdminMatchReport } from '@pricehunt/contracts';
import { Button, Card } from '@pricehunt/ui';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { useMatchReports, useResolveMatchReport } from '../../lib/admin-api';
import { formatDateTime } from '../../lib/format';
import { DataTable } from '../../components/data-table';

const REASONS: Record<AdminMatchReport['reason'], string> = {
  different_product: 'Another product',
  different_variant: 'Another variant',
  wrong_price: 'Wrong price or offer',
  other: 'Something else',
};

/** Shoppers' "Wrong product?" reports: what they searched, which product they got and why it is wrong. */
export function MatchReportsCard({ onOpen }: { onOpen(productId: number): void }) {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const reports = useMatchReports(status);
  const resolve = useResolveMatchReport();
  return (
    <Card
      title={`Match reports${reports.data && reports.data.open > 0 ? ` (${reports.data.open} open)` : ''}`}
      actions={
        <label className="adm-inline-label">
          Show{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value as 'open' | 'resolved')}>
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
          </select>
        </label>
      }
    >
      <QueryState isLoading={reports.isLoading} error={reports.error} onRetry={() => void reports.refetch()} />
      {resolve.error ? (
        <p role="alert" className="adm-error">
          {resolve.error.message}
        </p>
      ) : null}
      {reports.data ? (
        reports.data.items.length === 0 ? (
          <p className="adm-muted">{status === 'open' ? 'No open reports: shoppers have not flagged any comparison.' : 'No resolved reports yet.'}</p>
        ) : (
          <DataTable caption={status === 'open' ? 'Open match reports' : 'Resolved match reports'} columns={['Reported', 'Searched', 'Product shown', 'Why']} actions>
            {reports.data.items.map((report) => (
              <tr key={report.id}>
                <td>{formatDateTime(report.createdAt)}</td>
                <td className="adm-break">{report.searched || '—'}</td>
                <td>
                  #{report.productId} {report.productTitle ?? <span className="adm-muted">(no longer in the catalog)</span>}
                </td>
                <td>
                  {REASONS[report.reason]}
                  {report.note ? <div className="adm-muted">“{report.note}”</div> : null}
                </td>
                <td>
                  <div className="adm-row-actions">
                    {report.productTitle !== null ? (
                      <Button size="sm" variant="secondary" onClick={() => onOpen(report.productId)} aria-label={`Open product #${report.productId}`}>
                        Open product
                      </Button>
                    ) : null}
                    {report.status === 'open' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={resolve.isPending && resolve.variables === report.id}
                        onClick={() => resolve.mutate(report.id)}
                        aria-label={`Resolve the report on #${report.productId}`}
                      >
                        Resolve
                      </Button>
                    ) : (
                      <span className="adm-muted">Resolved {report.resolvedAt ? formatDateTime(report.resolvedAt) : ''}</span>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )
      ) : null}
    </Card>
  );
}
