import {
  addDays,
  AdminMessages,
  DEFAULT_PERIOD_DAYS,
  lastDays,
  periodBounds,
  type AdminBusiness,
  type AdminMatchReport,
  type AuditEntry,
  type BusinessAction,
  type BusinessListQuery,
  type BusinessFigures,
  type AuditQuery,
  type OverviewResponse,
} from '@pricehunt/contracts';
import { conflict, notFound } from '@pricehunt/http-errors';
import type { RetailerSettings } from '@pricehunt/storage';
import { applyBusinessAction, requireBusiness } from './business-actions';
import { createReclusterRuns } from './recluster';
import { createImportJobs, toImportRun } from './imports';
import type { Actor, AdminServiceDeps } from './service-types';

export type { Actor, AdminServiceDeps, ImportInput } from './service-types';

type Steps = Required<Pick<AdminServiceDeps, 'repo' | 'catalog' | 'now'>>;
type RetailerChanges = { name?: string; domains?: string[]; affiliateParam?: string | null };

/** The console's front page: platform figures of the last 30 UTC days, catalog size, recent imports, database size. */
async function overview({ repo, catalog, now }: Steps): Promise<OverviewResponse> {
  const at = now();
  // The platform's figures are counted in UTC days; the 30 days are those a business's "last 30 days" are.
  const period = lastDays(DEFAULT_PERIOD_DAYS, at.getTime(), 'UTC');
  const { start } = periodBounds(period);
  const perDay = await repo.dailyActivity(start);
  const daily = Array.from({ length: DEFAULT_PERIOD_DAYS }, (_, index) => {
    const date = addDays(period.from, index);
    return { date, ...(perDay.get(date) ?? { searches: 0, clicks: 0, referrals: 0, conversions: 0, revenueCents: 0 }) };
  });
  const sum = (days: typeof daily) =>
    days.reduce(
      (total, day) => ({
        searches: total.searches + day.searches,
        clicks: total.clicks + day.clicks,
        referrals: total.referrals + day.referrals,
        conversions: total.conversions + day.conversions,
        revenueCents: total.revenueCents + day.revenueCents,
      }),
      { searches: 0, clicks: 0, referrals: 0, conversions: 0, revenueCents: 0 },
    );
  return {
    success: true,
    generatedAt: at.toISOString(),
    businesses: await repo.businessCounts(new Date(start).toISOString()),
    activity: { today: sum(daily.slice(-1)), last7Days: sum(daily.slice(-7)), last30Days: sum(daily) },
    daily,
    catalog: await repo.catalogSize(),
    imports: (await catalog.repository.listImportRuns(8)).map(toImportRun),
    importProblems: {
      failed: await catalog.repository.countImportRuns({ status: 'failed' }),
      interrupted: await catalog.repository.countImportRuns({ status: 'interrupted' }),
    },
    database: await repo.databaseSize(),
  };
}

/**
 * Edits a retailer's name, domains or affiliate parameter; a domain may belong to one retailer only. The edit and
 * its audit entry are one transaction, made only if nothing changed since the retailer was read (else it is read
 * and decided again).
 */
async function updateRetailer({ repo, now }: Pick<Steps, 'repo' | 'now'>, actor: Actor, id: string, changes: RetailerChanges) {
  const normalised = { ...changes, affiliateParam: changes.affiliateParam === '' ? null : changes.affiliateParam };
  const pick = (r: RetailerSettings): RetailerSettings => ({ name: r.name, domains: r.domains, affiliateParam: r.affiliateParam });
  for (;;) {
    const before = await repo.findRetailer(id);
    if (!before) throw notFound(AdminMessages.retailerNotFound);
    if (changes.domains) {
      const clash = await repo.retailerOwningDomain(changes.domains, id);
      if (clash) throw conflict(`${clash.domain} already belongs to retailer ${clash.id}`, 'domains');
    }
    const after: RetailerSettings = {
      name: normalised.name ?? before.name,
      domains: normalised.domains ?? before.domains,
      affiliateParam: normalised.affiliateParam === undefined ? before.affiliateParam : normalised.affiliateParam,
    };
    const updated = await repo.updateRetailer({
      id,
      expected: pick(before),
      changes: normalised,
      audit: {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'retailer.update',
        targetType: 'retailer',
        targetId: id,
        targetLabel: after.name,
        before: pick(before),
        after,
      },
      now: now().toISOString(),
    });
    if (updated) return updated;
  }
}

/**
 * The admin console's logic: business management with its audit log, service figures, retailer edits, feed
 * imports (run in the background, progress kept per job) and re-clustering.
 */
export function createAdminService({ repo, catalog, log, now = () => new Date() }: AdminServiceDeps) {
  const imports = createImportJobs({ repo, catalog, log, now });
  const reclustering = createReclusterRuns({ repo, catalog, log, now });

  return {
    overview: () => overview({ repo, catalog, now }),

    listBusinesses: (query: BusinessListQuery) => repo.listBusinesses(query),

    async businessDetail(id: string): Promise<{ business: AdminBusiness; figures: BusinessFigures; audit: AuditEntry[] }> {
      const business = await requireBusiness(repo, id);
      // The period the business's dashboard shows by default: the last 30 calendar days in its time zone.
      const period = lastDays(DEFAULT_PERIOD_DAYS, now().getTime(), (await repo.businessReporting(id)).timeZone);
      return {
        business,
        figures: { period, ...(await repo.businessFigures(id, periodBounds(period))) },
        audit: (await repo.listAudit({ businessId: id, page: 1, pageSize: 50 })).items,
      };
    },

    /**
     * Suspends, reactivates, grants or revokes admin (see `applyBusinessAction`): once, in one transaction with its
     * audit entry, whatever else changes the business meanwhile.
     */
    applyBusinessAction: (actor: Actor, id: string, action: BusinessAction) => applyBusinessAction({ repo, log, now }, actor, id, action),

    listAudit: (query: AuditQuery) => repo.listAudit(query),

    listRetailers: () => repo.listRetailers(),

    /** The audit entry of a shopper's match report an admin resolved. */
    reportResolved: (actor: Actor, report: Pick<AdminMatchReport, 'productId' | 'productTitle' | 'reason' | 'searched'>) =>
      repo.insertAudit(
        {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'catalog.resolve_report',
          targetType: 'catalog',
          targetId: String(report.productId),
          targetLabel: report.productTitle ?? `#${report.productId}`,
          before: { status: 'open' },
          after: { status: 'resolved', reason: report.reason, searched: report.searched },
        },
        now().toISOString(),
      ),

    /** Edits a retailer's name, domains or affiliate parameter (see `updateRetailer`). */
    updateRetailer: (actor: Actor, id: string, changes: RetailerChanges) => updateRetailer({ repo, now }, actor, id, changes),

    ...imports,
    ...reclustering,
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
