import { AdminMessages, type AuditEntry, type BusinessAction } from '@pricehunt/contracts';
import { badRequest, conflict, notFound } from '@pricehunt/http-errors';
import type { AdminBusinessRow, AdminRepository } from '@pricehunt/storage';
import type { Logger } from '../../lib/logger';
import { canChangeOwnAdmin, canSuspend } from './permissions';
import type { Actor } from './service-types';

const snapshot = (business: AdminBusinessRow) => ({ status: business.status, isAdmin: business.isAdmin });

/** What each business action changes, and what it refuses. */
const ACTIONS: Record<
  BusinessAction,
  {
    audit: AuditEntry['action'];
    change: { status?: 'active' | 'suspended'; isAdmin?: boolean };
    already: (business: AdminBusinessRow) => string | null;
    self: (actor: Actor, business: AdminBusinessRow) => string | null;
  }
> = {
  suspend: {
    audit: 'business.suspend',
    change: { status: 'suspended' },
    already: (b) => (b.status === 'suspended' ? 'This business is already suspended' : null),
    self: (actor, b) => (canSuspend(actor, b) ? null : AdminMessages.cannotSuspendSelf),
  },
  reactivate: {
    audit: 'business.reactivate',
    change: { status: 'active' },
    already: (b) => (b.status === 'active' ? 'This business is already active' : null),
    self: () => null,
  },
  'grant-admin': {
    audit: 'business.grant_admin',
    change: { isAdmin: true },
    already: (b) => (b.isAdmin ? 'This business is already an admin' : null),
    self: () => null,
  },
  'revoke-admin': {
    audit: 'business.revoke_admin',
    change: { isAdmin: false },
    already: (b) => (!b.isAdmin ? 'This business is not an admin' : null),
    self: (actor, b) => (canChangeOwnAdmin(actor, b) ? null : AdminMessages.cannotRevokeSelf),
  },
};

export async function requireBusiness(repo: AdminRepository, id: string): Promise<AdminBusinessRow> {
  const business = await repo.findBusiness(id);
  if (!business) throw notFound(AdminMessages.businessNotFound);
  return business;
}

/**
 * Suspends, reactivates, grants or revokes admin. The change, the end of the business's sessions (on suspension)
 * and the audit entry are one transaction, made only if the business is still as it was read (else it is read
 * and decided again). An admin cannot suspend themselves or revoke their own admin.
 */
export async function applyBusinessAction(
  { repo, log, now }: { repo: AdminRepository; log: Logger; now: () => Date },
  actor: Actor,
  id: string,
  action: BusinessAction,
) {
  const rule = ACTIONS[action];
  for (;;) {
    const before = await requireBusiness(repo, id);
    const refusal = rule.self(actor, before);
    if (refusal) throw badRequest(refusal, 'id');
    const already = rule.already(before);
    if (already) throw conflict(already);
    const stamp = now().toISOString();
    const changed = await repo.changeBusiness({
      id,
      expected: snapshot(before),
      change: rule.change,
      endSessions: action === 'suspend',
      // A suspended business's offers leave shoppers' comparisons at once; reactivated, they come back if its store
      // is proved. In the change's own transaction: there is no half-done change for start-up to heal.
      refreshStoreTrust: action === 'suspend' || action === 'reactivate',
      audit: {
        actorId: actor.id,
        actorEmail: actor.email,
        action: rule.audit,
        targetType: 'business',
        targetId: id,
        targetLabel: before.email,
        before: snapshot(before),
        after: { ...snapshot(before), ...rule.change },
      },
      now: stamp,
    });
    if (!changed) continue;
    log.info({ actorId: actor.id, businessId: id, action }, 'admin action on business');
    return changed;
  }
}
