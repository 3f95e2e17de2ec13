import { useBusinessAuth } from '@pricehunt/auth';
import { AdminMessages, type AdminBusiness, type BusinessAction, type BusinessDetailResponse } from '@pricehunt/contracts';
import { Button, Card } from '@pricehunt/ui';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AdminBadge, QueryState, StatusBadge } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useBusiness, useBusinessAction } from '../../lib/admin-api';
import { formatCount, formatDateTime, formatMoney, formatPeriod } from '../../lib/format';
import { AuditTable } from '../audit/audit-table';

interface ActionSpec {
  action: BusinessAction;
  /** The button's name, exactly as admins know it. */
  label: 'Suspend' | 'Reactivate' | 'Make admin' | 'Revoke admin';
  title: (b: AdminBusiness) => string;
  body: (b: AdminBusiness) => string;
  danger: boolean;
  done: (b: AdminBusiness) => string;
}

const SPECS: Record<BusinessAction, ActionSpec> = {
  suspend: {
    action: 'suspend',
    label: 'Suspend',
    title: (b) => `Suspend ${b.email}?`,
    body: () => 'The business is signed out everywhere, cannot log in, and its links stop attributing until it is reactivated.',
    danger: true,
    done: (b) => `${b.email} is suspended.`,
  },
  reactivate: {
    action: 'reactivate',
    label: 'Reactivate',
    title: (b) => `Reactivate ${b.email}?`,
    body: () => 'The business can log in again and its links attribute again.',
    danger: false,
    done: (b) => `${b.email} is active again.`,
  },
  'grant-admin': {
    action: 'grant-admin',
    label: 'Make admin',
    title: (b) => `Make ${b.email} an admin?`,
    body: () => 'Admins can manage every business and the catalog from this console.',
    danger: false,
    done: (b) => `${b.email} is now an admin.`,
  },
  'revoke-admin': {
    action: 'revoke-admin',
    label: 'Revoke admin',
    title: (b) => `Revoke admin access of ${b.email}?`,
    body: () => 'The account stays a business account but can no longer open the admin console.',
    danger: true,
    done: (b) => `${b.email} is no longer an admin.`,
  },
};

/** /admin/business/:id: the business, its figures, the actions on it and its audit trail. */
export default function BusinessDetailPage() {
  const { id = '' } = useParams();
  const detail = useBusiness(id);
  useEffect(() => {
    document.title = `${detail.data?.business.email ?? 'Business'} · PriceHunt admin`;
  }, [detail.data?.business.email]);
  return (
    <div className="adm-page">
      <nav aria-label="Breadcrumb" className="adm-breadcrumb">
        <Link to={paths.businesses}>Businesses</Link> <span aria-hidden="true">/</span>
      </nav>
      <QueryState isLoading={detail.isLoading} error={detail.error} onRetry={() => void detail.refetch()} />
      {detail.data ? <BusinessDetail data={detail.data} /> : null}
    </div>
  );
}

function BusinessDetail({ data }: { data: BusinessDetailResponse }) {
  const { business, figures, audit } = data;
  const { business: me } = useBusinessAuth();
  const isSelf = me?.id === business.id;
  const mutation = useBusinessAction(business.id);
  const [pending, setPending] = useState<ActionSpec | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirm = () => {
    if (!pending) return;
    const spec = pending;
    mutation.mutate(spec.action, {
      onSuccess: (answer) => {
        setPending(null);
        setNotice(spec.done(answer.business) + (answer.sessionsEnded ? ` ${answer.sessionsEnded} session${answer.sessionsEnded === 1 ? '' : 's'} ended.` : ''));
      },
    });
  };
  const open = (spec: ActionSpec) => {
    mutation.reset();
    setNotice(null);
    setPending(spec);
  };

  const statusAction = business.status === 'active' ? SPECS.suspend : SPECS.reactivate;
  const adminAction = business.isAdmin ? SPECS['revoke-admin'] : SPECS['grant-admin'];
  const statusBlocked = isSelf && statusAction.action === 'suspend' ? AdminMessages.cannotSuspendSelf : null;
  const adminBlocked = isSelf && adminAction.action === 'revoke-admin' ? AdminMessages.cannotRevokeSelf : null;

  return (
    <>
      <div className="adm-page__header">
        <h1>{business.email}</h1>
        <div className="adm-badges">
          <StatusBadge status={business.status} />
          {business.isAdmin ? <AdminBadge /> : null}
          {isSelf ? <span className="adm-badge">You</span> : null}
        </div>
      </div>
      {notice ? (
        <p role="status" className="adm-notice">
          {notice}
        </p>
      ) : null}

      <div className="adm-grid adm-grid--2">
        <AccountCard business={business} activeSessions={figures.activeSessions} />
        <Card title="Actions">
          <div className="adm-actions">
            <ActionButton spec={statusAction} blocked={statusBlocked} onClick={() => open(statusAction)} />
            <ActionButton spec={adminAction} blocked={adminBlocked} onClick={() => open(adminAction)} />
          </div>
          <p className="adm-muted">Every action asks for confirmation and is written to the audit log below.</p>
        </Card>
      </div>

      <FiguresCard figures={figures} />

      <Card title="Audit log">
        <AuditTable entries={audit} caption={`Admin actions on ${business.email}`} showTarget={false} />
      </Card>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? pending.title(business) : ''}
        confirmLabel={pending?.label ?? ''}
        danger={pending?.danger}
        busy={mutation.isPending}
        error={mutation.error ? mutation.error.message : null}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? <p>{pending.body(business)}</p> : null}
      </ConfirmDialog>
    </>
  );
}

function ActionButton({ spec, blocked, onClick }: { spec: ActionSpec; blocked: string | null; onClick(): void }) {
  const hintId = `hint-${spec.action}`;
  return (
    <div className="adm-action">
      <Button variant={spec.danger ? 'danger' : 'secondary'} onClick={onClick} disabled={blocked !== null} aria-describedby={blocked ? hintId : undefined}>
        {spec.label}
      </Button>
      {blocked ? (
        <span id={hintId} className="adm-muted">
          {blocked}
        </span>
      ) : null}
    </div>
  );
}

/** The business's account: its store, its domain's proof, its dates and sessions. */
function AccountCard({ business, activeSessions }: { business: AdminBusiness; activeSessions: number }) {
  return (
    <Card title="Account">
      <dl className="adm-facts adm-facts--list">
        <div>
          <dt>Store</dt>
          <dd>{business.storeName ?? '—'}</dd>
        </div>
        <div>
          <dt>Store domain</dt>
          <dd>
            {business.storeDomain ?? '—'}{' '}
            {business.storeDomain ? (
              business.domainVerified ? (
                <span className="adm-badge adm-badge--active">Verified</span>
              ) : (
                <span className="adm-badge adm-badge--held" title="Its offers are hidden from shoppers and nothing is attributed to it until it proves the domain">
                  Not verified
                </span>
              )
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>{formatDateTime(business.createdAt)}</dd>
        </div>
        <div>
          <dt>Last changed</dt>
          <dd>{formatDateTime(business.updatedAt)}</dd>
        </div>
        <div>
          <dt>Signed-in sessions</dt>
          <dd>{formatCount(activeSessions)}</dd>
        </div>
        <div>
          <dt>Account id</dt>
          <dd>
            <code>{business.id}</code>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** Clicks, referrals, conversions and revenue of the last 30 days and of all time. */
function FiguresCard({ figures }: { figures: BusinessDetailResponse['figures'] }) {
  return (
    <Card title="Figures">
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--numbers">
          <caption className="ph-visually-hidden">Clicks, referrals, conversions and revenue of this business</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">
                Last 30 days{' '}
                <span className="adm-muted adm-period">
                  {formatPeriod(figures.period)} ({figures.period.tz})
                </span>
              </th>
              <th scope="col">All time</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Clicks</th>
              <td>{formatCount(figures.last30Days.clicks)}</td>
              <td>{formatCount(figures.allTime.clicks)}</td>
            </tr>
            <tr>
              <th scope="row">Referrals</th>
              <td>{formatCount(figures.last30Days.referrals)}</td>
              <td>{formatCount(figures.allTime.referrals)}</td>
            </tr>
            <tr>
              <th scope="row">Conversions</th>
              <td>{formatCount(figures.last30Days.conversions)}</td>
              <td>{formatCount(figures.allTime.conversions)}</td>
            </tr>
            <tr>
              <th scope="row">Revenue ({figures.currency})</th>
              <td>{formatMoney(figures.last30Days.revenueCents, figures.currency)}</td>
              <td>{formatMoney(figures.allTime.revenueCents, figures.currency)}</td>
            </tr>
            <tr>
              <th scope="row">Offers in the catalog</th>
              <td colSpan={2}>{formatCount(figures.offers)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
