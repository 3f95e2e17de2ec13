import type { AuditAction, AuditEntry } from '@pricehunt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import { DataTable } from '../../components/data-table';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'business.suspend': 'Suspended',
  'business.reactivate': 'Reactivated',
  'business.grant_admin': 'Made admin',
  'business.revoke_admin': 'Revoked admin',
  'retailer.update': 'Edited retailer',
  'catalog.import': 'Imported feed',
  'catalog.recluster': 'Re-clustered products',
  'catalog.detach_offer': 'Took an offer out of a product',
  'catalog.merge_products': 'Merged products',
  'catalog.resolve_report': 'Resolved a match report',
  'catalog.approve_price': 'Approved a held price',
  'feed_source.create': 'Added a feed source',
  'feed_source.update': 'Changed a feed source',
  'feed_source.delete': 'Removed a feed source',
  'feed_source.run': 'Ran a feed source now',
};

/** `status: active → suspended; isAdmin: false` — the fields that changed, then the rest of `after`. */
export function describeChange(before: AuditEntry['before'], after: AuditEntry['after']): string {
  const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => {
      const from = before?.[key];
      const to = after?.[key];
      if (before && key in before && JSON.stringify(from) !== JSON.stringify(to)) return `${key}: ${show(from)} → ${show(to)}`;
      return `${key}: ${show(to ?? from)}`;
    })
    .join('; ');
}

function Target({ entry }: { entry: AuditEntry }) {
  if (entry.targetType === 'business' && entry.targetId) return <Link to={paths.business(entry.targetId)}>{entry.targetLabel ?? entry.targetId}</Link>;
  if (entry.action === 'catalog.import' && entry.targetId) return <Link to={paths.importRun(entry.targetId)}>{entry.targetLabel ?? 'import'}</Link>;
  return <>{entry.targetLabel ?? entry.targetId ?? entry.targetType}</>;
}

/** The audit log: when, who, what, on what, and the state before → after. */
export function AuditTable({ entries, caption = 'Audit log', showTarget = true }: { entries: AuditEntry[]; caption?: string; showTarget?: boolean }) {
  if (entries.length === 0) return <p className="adm-muted">No admin actions recorded.</p>;
  return (
    <DataTable caption={caption} columns={['When', 'Who', 'Action', ...(showTarget ? ['Target'] : []), 'Before → after']}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td>{formatDateTime(entry.createdAt)}</td>
          <td>{entry.actorEmail}</td>
          <td>{ACTION_LABELS[entry.action]}</td>
          {showTarget ? (
            <td>
              <Target entry={entry} />
            </td>
          ) : null}
          <td className="adm-change">{describeChange(entry.before, entry.after)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
