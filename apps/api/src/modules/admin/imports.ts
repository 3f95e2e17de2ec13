import { randomUUID } from 'node:crypto';
import { FeedFormatError, readGmcTsv, readGmcXml, type FeedRow } from '@pricehunt/catalog-feeds';
import { AdminMessages, startedImportJob, type FeedFormat, type ImportJob, type ImportRowError, type ImportRun, type ImportRunQuery } from '@pricehunt/contracts';
import { badRequest, notFound } from '@pricehunt/http-errors';
import type { ImportRunRow, ImportSummary } from '@pricehunt/catalog-core';
import type { AdminRepository } from '@pricehunt/storage';
import type { Actor, AdminServiceDeps, ImportInput } from './service-types';

/** Finished import jobs kept in memory for their progress page; the import runs table keeps them for good. */
const JOBS_KEPT = 50;
/** Rows per ingest transaction for uploads: small enough for the progress bar to move on modest files. */
const UPLOAD_BATCH_SIZE = 250;

type ImportRetailer = { id?: string; name: string; domains?: string[] } | null;

function detectFormat(fileName: string, content: Buffer): FeedFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xml') || lower.endsWith('.rss')) return 'gmc-xml';
  if (lower.endsWith('.tsv') || lower.endsWith('.txt')) return 'gmc-tsv';
  const start = content.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('<') ? 'gmc-xml' : 'gmc-tsv';
}

export function toImportRun(run: ImportRunRow): ImportRun {
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

/** Reads an uploaded feed whole: its retailer, its format and its rows; a whole-file problem is a 400 naming `file`. */
async function readUpload(repo: AdminRepository, input: ImportInput): Promise<{ retailer: ImportRetailer; format: FeedFormat; rows: FeedRow[] }> {
  if (input.content.length === 0) throw badRequest(AdminMessages.importEmpty, 'file');
  let retailer: ImportRetailer = null;
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
  return { retailer, format, rows };
}

function newJob(input: ImportInput, format: FeedFormat, totalRows: number, startedAt: string): ImportJob {
  return startedImportJob({ id: randomUUID(), fileName: input.fileName, format, retailerId: input.retailerId ?? null, totalRows, startedAt });
}

/** What a finished import changes on its job. */
const summaryChanges = (summary: ImportSummary): Partial<ImportJob> => ({
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
});

type Steps = { repo: AdminRepository; now: () => Date };

/** The audit entry is written before the job reads as finished: whoever sees it finished finds its entry. */
async function finishJob({ repo, now }: Steps, actor: Actor, job: ImportJob, retailer: ImportRetailer, changes: Partial<ImportJob>) {
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
}

/** Feed uploads run in the background with their progress kept per job, the import runs' history, and re-clustering. */
export function createImportJobs({ repo, catalog, log, now = () => new Date() }: AdminServiceDeps) {
  const jobs = new Map<string, ImportJob>();

  const keepJob = (job: ImportJob) => {
    jobs.set(job.id, job);
    while (jobs.size > JOBS_KEPT) {
      const oldest = [...jobs.values()].find((item) => item.state === 'succeeded' || item.state === 'failed');
      if (!oldest) break;
      jobs.delete(oldest.id);
    }
  };

  const finish = (actor: Actor, job: ImportJob, retailer: ImportRetailer, changes: Partial<ImportJob>) => finishJob({ repo, now }, actor, job, retailer, changes);

  function run(actor: Actor, input: ImportInput, job: ImportJob, retailer: ImportRetailer, rows: FeedRow[]) {
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
      .then((summary) => finish(actor, job, retailer, summaryChanges(summary)))
      .catch((error: unknown) => {
        log.error({ err: error, jobId: job.id }, 'feed import failed');
        return finish(actor, job, retailer, { state: 'failed', failure: error instanceof Error ? error.message : String(error) });
      });
  }

  return {
    /**
     * Reads an uploaded feed (a whole-file problem such as a missing header is a 400 naming `file`), then imports
     * its rows in the background; the job answered here is polled for progress and the per-row report.
     */
    async startImport(actor: Actor, input: ImportInput): Promise<ImportJob> {
      const { retailer, format, rows } = await readUpload(repo, input);
      const job = newJob(input, format, rows.length, now().toISOString());
      keepJob(job);
      // Started after the answer: the client polls GET /api/admin/imports/jobs/:id.
      setImmediate(() => run(actor, input, job, retailer, rows));
      return { ...job };
    },

    getImportJob(id: string): ImportJob {
      const job = jobs.get(id);
      if (!job) throw notFound(AdminMessages.importNotFound);
      return { ...job, errors: [...job.errors], warnings: [...job.warnings] };
    },

    /** A page of the import runs the query's filter holds, newest first, and how many it holds. */
    async listImportRuns({ page, pageSize, ...filter }: ImportRunQuery): Promise<{ total: number; items: ImportRun[] }> {
      const [total, rows] = await Promise.all([catalog.repository.countImportRuns(filter), catalog.repository.listImportRuns(pageSize, { ...filter, offset: (page - 1) * pageSize })]);
      return { total, items: rows.map(toImportRun) };
    },

    async getImportRun(id: string) {
      const run = await catalog.repository.getImportRun(id);
      if (!run) throw notFound(AdminMessages.importNotFound);
      const report = (run.report ?? {}) as { errors?: ImportRowError[]; warnings?: ImportRowError[] };
      return { run: toImportRun(run), errors: report.errors ?? [], warnings: report.warnings ?? [] };
    },
  };
}
