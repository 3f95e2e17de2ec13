import { AUDIT_ACTIONS, type AuditAction } from '@pricehunt/contracts';
import { Card, Pager } from '@pricehunt/ui';
import { useEffect } from 'react';
import { QueryState } from '../../components/query-state';
import { useAudit } from '../../lib/admin-api';
import { useAddressParams } from '../../lib/address-params';
import { formatCount } from '../../lib/format';
import { ACTION_LABELS, AuditTable } from './audit-table';

const PAGE_SIZE = 25;

/** /admin/audit: every admin action, newest first. */
export default function AuditPage() {
  const [params, go] = useAddressParams();
  const actionParam = params.get('action');
  const action = (AUDIT_ACTIONS as readonly string[]).includes(actionParam ?? '') ? (actionParam as AuditAction) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const audit = useAudit({ action, page, pageSize: PAGE_SIZE });
  useEffect(() => {
    document.title = 'Audit log · PriceHunt admin';
  }, []);
  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="adm-page">
      <div className="adm-page__header">
        <h1>Audit log</h1>
        <p className="adm-muted">Who did what, when, and what it changed.</p>
      </div>
      <Card>
        <div className="adm-filters">
          <div className="adm-filter">
            <label htmlFor="audit-action">Action</label>
            <select id="audit-action" className="ph-field__input" value={action ?? ''} onChange={(event) => go({ action: event.target.value || null, page: null })}>
              <option value="">Any</option>
              {AUDIT_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {ACTION_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </Card>
      <QueryState isLoading={audit.isLoading} error={audit.error} onRetry={() => void audit.refetch()} />
      {audit.data ? (
        <Card>
          <p className="adm-muted">{formatCount(total)} entries</p>
          <AuditTable entries={audit.data.items} />
          <Pager className="adm-pager" page={page} pages={pages} onPage={(next) => go({ page: String(next) })} />
        </Card>
      ) : null}
    </div>
  );
}
