import { randomUUID } from 'node:crypto';
import { FeedFormatError, readGmcTsv, readGmcXml, type FeedRow } from '@pricehunt/catalog-feeds';
import {
  addDays,
  AdminMessages,
  DEFAULT_PERIOD_DAYS,
  lastDays,
  periodBounds,
  type AdminBusiness,
  type AuditEntry,
  type AuditQuery,
  type BusinessAction,
  type BusinessListQuery,
  type BusinessFigures,
  type FeedFormat,
  type ImportJob,
  type ImportRowError,
  type ImportRun,
  type OverviewResponse,
} from '@pricehunt/contracts';
import { badRequest, conflict, notFound } from '@pricehunt/http-errors';
import type { Logger } from '../../lib/logger';
import type { CatalogRepository, ImportRunRow, IngestionService } from '@pricehunt/catalog-core';
import { canChangeOwnAdmin, canSuspend } from './permissions';
import type { AdminBusinessRow, AdminRepository, RetailerSettings } from '@pricehunt/storage';

/** The admin doing something, as the audit log records them. */
export interface Actor {
  id: string;
  email: string;
}

export interface AdminServiceDeps {
  repo: AdminRepository;
  catalog: { ingestion: IngestionService; repository: Pick<CatalogRepository, 'listImportRuns' | 'getImportRun'> };
  log: Logger;
  now?: () => Date;
}

export interface ImportInput {
  fileName: string;
  content: Buffer;
  format?: FeedFormat;
  retailerId?: string;
  retailerName?: string;
}

/** Finished import jobs kept in memory for their progress page; the import runs table keeps them for good. */
const JOBS_KEPT = 50;
/** Rows per ingest transaction for uploads: small enough for the progress bar to move on modest files. */
const UPLOAD_BATCH_SIZE = 250;

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

function detectFormat(fileName: string, content: Buffer): FeedFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xml') || lower.endsWith('.rss')) return 'gmc-xml';
  if (lower.endsWith('.tsv') || lower.endsWith('.txt')) return 'gmc-tsv';
  const start = content.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('<') ? 'gmc-xml' : 'gmc-tsv';
}

function toImportRun(run: ImportRunRow): ImportRun {
  const report = (run.report ?? {}) as { errors?: unknown[]; errorCount?: number; warnings?: unknown[]; warningCount?: number; failure?: string };
  return {
    id: run.id,
    format: run.format,
    source: run.source,
    retailerId: run.retailerId,
    retailerIds: run.retailerIds,
    businessId: run.businessId,
    status: run.status,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    totalRows: run.totalRows,
    inserted: run.inserted,
    updated: run.updated,
    unchanged: run.unchanged,
    skipped: run.skipped,
    productsCreated: run.productsCreated,
    errorCount: report.errorCount ?? report.errors?.length ?? 0,
    warningCount: report.warningCount ?? report.warnings?.length ?? 0,
    failure: report.failure ?? null,
  };
}

/**
 * The admin console's logic: business management with its audit log, service figures, retailer edits, feed
 * imports (run in the background, progress kept per job) and re-clustering.
 */
export function createAdminService({ repo, catalog, log, now = () => new Date() }: AdminServiceDeps) {
  const jobs = new Map<string, ImportJob>();

  const keepJob = (job: ImportJob) => {
    jobs.set(job.id, job);
    while (jobs.size > JOBS_KEPT) {
      const oldest = [...jobs.values()].find((item) => item.state === 'succeeded' || item.state === 'failed');
      if (!oldest) break;
      jobs.delete(oldest.id);
    }
  };

  async function requireBusiness(id: string): Promise<AdminBusinessRow> {
    const business = await repo.findBusiness(id);
    if (!business) throw notFound(AdminMessages.businessNotFound);
    return business;
  }

  return {
    async overview(): Promise<OverviewResponse> {
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
        database: await repo.databaseSize(),
      };
    },

    listBusinesses: (query: BusinessListQuery) => repo.listBusinesses(query),

    async businessDetail(id: string): Promise<{ business: AdminBusiness; figures: BusinessFigures; audit: AuditEntry[] }> {
      const business = await requireBusiness(id);
      // The period the business's dashboard shows by default: the last 30 calendar days in its time zone.
      const period = lastDays(DEFAULT_PERIOD_DAYS, now().getTime(), (await repo.businessReporting(id)).timeZone);
      return {
        business,
        figures: { period, ...(await repo.businessFigures(id, periodBounds(period))) },
        audit: (await repo.listAudit({ businessId: id, page: 1, pageSize: 50 })).items,
      };
    },

    /**
     * Suspends, reactivates, grants or revokes admin. The change, the end of the business's sessions (on suspension)
     * and the audit entry are one transaction, made only if the business is still as it was read (else it is read
     * and decided again). An admin cannot suspend themselves or revoke their own admin.
     */
    async applyBusinessAction(actor: Actor, id: string, action: BusinessAction) {
      const rule = ACTIONS[action];
      for (;;) {
        const before = await requireBusiness(id);
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
    },

    listAudit: (query: AuditQuery) => repo.listAudit(query),

    listRetailers: () => repo.listRetailers(),

    /**
     * Edits a retailer's name, domains or affiliate parameter; a domain may belong to one retailer only. The edit and
     * its audit entry are one transaction, made only if nothing changed since the retailer was read (else it is read
     * and decided again).
     */
    async updateRetailer(actor: Actor, id: string, changes: { name?: string; domains?: string[]; affiliateParam?: string | null }) {
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
    },

    /**
     * Reads an uploaded feed (a whole-file problem such as a missing header is a 400 naming `file`), then imports
     * its rows in the background; the job answered here is polled for progress and the per-row report.
     */
    async startImport(actor: Actor, input: ImportInput): Promise<ImportJob> {
      if (input.content.length === 0) throw badRequest(AdminMessages.importEmpty, 'file');
      let retailer: { id?: string; name: string; domains?: string[] } | null = null;
      if (input.retailerId) {
        const known = await repo.findRetailer(input.retailerId);
        if (!known) throw badRequest(`retailerId: ${AdminMessages.retailerNotFound}`, 'retailerId');
        retailer = { id: known.id, name: known.name, domains: known.domains };
      } else if (input.retailerName) {
        retailer = { name: input.retailerName };
      }
      const format = input.format ?? detectFormat(input.fileName, input.content);
      const text = input.content.toString('utf8');
      const rows: FeedRow[] = [];
      try {
        const reader = format === 'gmc-xml' ? readGmcXml(text) : readGmcTsv(text);
        for await (const row of reader) rows.push(row);
      } catch (error) {
        if (error instanceof FeedFormatError) throw badRequest(`file: ${error.message} (line ${error.line})`, 'file');
        throw error;
      }
      if (rows.length === 0) throw badRequest('file: The feed has no product rows', 'file');

      const job: ImportJob = {
        id: randomUUID(),
        fileName: input.fileName,
        format,
        retailerId: input.retailerId ?? null,
        state: 'importing',
        totalRows: rows.length,
        processedRows: 0,
        inserted: 0,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        productsCreated: 0,
        errorCount: 0,
        errors: [],
        warningCount: 0,
        warnings: [],
        failure: null,
        runId: null,
        startedAt: now().toISOString(),
        finishedAt: null,
      };
      keepJob(job);

      // The audit entry is written before the job reads as finished: whoever sees it finished finds its entry.
      const finish = async (changes: Partial<ImportJob>) => {
        const done: ImportJob = { ...job, ...changes, finishedAt: now().toISOString() };
        try {
          await repo.insertAudit(
            {
              actorId: actor.id,
              actorEmail: actor.email,
              action: 'catalog.import',
              targetType: 'catalog',
              targetId: done.runId,
              targetLabel: done.fileName,
              before: null,
              after: {
                state: done.state,
                format: done.format,
                retailer: retailer?.name ?? 'from each row',
                rows: done.totalRows,
                inserted: done.inserted,
                updated: done.updated,
                skipped: done.skipped,
                errors: done.errorCount,
              },
            },
            now().toISOString(),
          );
        } finally {
          Object.assign(job, done);
        }
      };

      // Started after the answer: the client polls GET /api/admin/imports/jobs/:id.
      setImmediate(() => {
        catalog.ingestion
          .importRows(rows, {
            format: 'gmc',
            source: `admin upload ${input.fileName} by ${actor.email}`,
            retailer,
            batchSize: UPLOAD_BATCH_SIZE,
            // Visible all at once: an import cut short (a killed API) leaves the catalog as it was.
            atomic: true,
            onProgress: (progress) => {
              Object.assign(job, {
                processedRows: progress.rows,
                inserted: progress.inserted,
                updated: progress.updated,
                unchanged: progress.unchanged,
                skipped: progress.skipped,
              });
            },
          })
          .then((summary) =>
            finish({
              state: summary.status,
              runId: summary.runId,
              processedRows: summary.rows,
              inserted: summary.inserted,
              updated: summary.updated,
              unchanged: summary.unchanged,
              skipped: summary.skipped,
              productsCreated: summary.productsCreated,
              errorCount: summary.errorCount,
              errors: summary.errors,
              warningCount: summary.warningCount,
              warnings: summary.warnings,
              failure: summary.failure ?? null,
            }),
          )
          .catch((error: unknown) => {
            log.error({ err: error, jobId: job.id }, 'feed import failed');
            return finish({ state: 'failed', failure: error instanceof Error ? error.message : String(error) });
          });
      });
      return { ...job };
    },

    getImportJob(id: string): ImportJob {
      const job = jobs.get(id);
      if (!job) throw notFound(AdminMessages.importNotFound);
      return { ...job, errors: [...job.errors], warnings: [...job.warnings] };
    },

    async listImportRuns(limit = 50): Promise<ImportRun[]> {
      return (await catalog.repository.listImportRuns(limit)).map(toImportRun);
    },

    async getImportRun(id: string) {
      const run = await catalog.repository.getImportRun(id);
      if (!run) throw notFound(AdminMessages.importNotFound);
      const report = (run.report ?? {}) as { errors?: ImportRowError[]; warnings?: ImportRowError[] };
      return { run: toImportRun(run), errors: report.errors ?? [], warnings: report.warnings ?? [] };
    },

    /** Re-clusters every offer with the current matcher and records who did it and what changed. */
    async recluster(actor: Actor) {
      const started = Date.now();
      const productsBefore = await repo.countProducts();
      const result = await catalog.ingestion.recluster();
      const productsAfter = await repo.countProducts();
      const durationMs = Date.now() - started;
      await repo.insertAudit(
        {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'catalog.recluster',
          targetType: 'catalog',
          targetId: null,
          targetLabel: 'products',
          before: { products: productsBefore },
          after: { products: productsAfter, productsKept: result.productsKept, offers: result.offers, durationMs },
        },
        now().toISOString(),
      );
      return { offers: result.offers, productsBefore, productsAfter, productsKept: result.productsKept, durationMs };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
